import {
  CLOSE_SENTENCE,
  defaultPreferences,
  type MeDto,
  messages,
  type PreferencesUpdate,
  type ProfileUpdate,
} from '@app/domain'
import { AppError, fieldError } from '../../lib/errors'
import type { MailService } from '../mail/service'
import type { OrganizationService } from '../organizations/service'
import type { SessionService } from '../sessions/service'
import type { UserRow } from '../users/repo'
import type { UserService } from '../users/service'

type Deps = { users: UserService; organizations: OrganizationService; sessions: SessionService; mail: MailService }

export function createAccountService(deps: Deps) {
  const { users, organizations } = deps

  /** The current organisation, repaired when it was left or removed: first remaining membership, else none. */
  async function currentOrganizationId(user: UserRow): Promise<number | null> {
    const memberships = await organizations.listForUser(user.id)
    const current = memberships.find((m) => m.id === user.currentOrganizationId)
    if (current) return current.id
    const fallback = memberships.find((m) => m.isActive) ?? memberships[0]
    const next = fallback?.id ?? null
    if (next !== user.currentOrganizationId) await users.setCurrentOrganization(user.id, next)
    return next
  }

  const service = {
    currentOrganizationId: async (userId: number) => currentOrganizationId(await users.getById(userId)),

    async me(userId: number): Promise<MeDto> {
      const user = await users.getById(userId)
      const currentId = await currentOrganizationId(user)
      const memberships = await organizations.listForUser(user.id)
      return {
        id: user.id,
        firstname: user.firstname,
        lastname: user.lastname,
        email: user.email,
        position: user.position,
        phoneMobile: user.phoneMobile,
        phoneOffice: user.phoneOffice,
        isAdmin: user.isAdmin === 1,
        impersonate: false,
        canDeleteTransaction: false,
        canAccessV2: false,
        preferences: { ...defaultPreferences(), ...user.preferences },
        lastLoginAt: user.lastLoginAt,
        createdAt: user.createdAt,
        currentOrganizationId: currentId,
        currentOrganization: currentId === null ? null : await organizations.detail(user.id, currentId),
        organizations: memberships.map((m) => ({ id: m.id, name: m.name, isActive: m.isActive, roleCode: m.roleCode })),
      }
    },

    async updateProfile(userId: number, input: ProfileUpdate) {
      await users.updateProfile(userId, input)
      return service.me(userId)
    },

    changePassword: (userId: number, currentPassword: string, password: string) =>
      users.changePassword(userId, currentPassword, password),

    async updatePreferences(userId: number, patch: PreferencesUpdate) {
      const user = await users.updatePreferences(userId, patch)
      return user.preferences
    },

    async switchOrganization(userId: number, organizationId: number) {
      const membership = await organizations.membership(userId, organizationId)
      if (!membership.isActive) throw new AppError(409, 'ORGANIZATION_DISABLED', messages.organization.switchErrorText)
      await users.setCurrentOrganization(userId, organizationId)
      return service.me(userId)
    },

    async createToken(userId: number, name: string) {
      const { row, secret } = await users.createToken(userId, name)
      return { id: row.id, name: row.name, lastFour: row.lastFour, createdAt: row.createdAt, token: secret }
    },

    async listTokens(userId: number) {
      const rows = await users.listTokens(userId)
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        lastFour: row.lastFour,
        lastUsedAt: row.lastUsedAt,
        createdAt: row.createdAt,
      }))
    },

    deleteToken: (userId: number, id: number) => users.deleteToken(userId, id),

    /** Step one of closure: the sentence and the current organisation's exact name, then a code by e-mail. */
    async requestClosure(userId: number, organizationName: string) {
      const user = await users.getById(userId)
      const currentId = await currentOrganizationId(user)
      const current = currentId === null ? null : await organizations.detail(userId, currentId)
      if (current && current.name !== organizationName)
        throw fieldError('organizationName', messages.validation.closeOrganizationName)
      const code = await users.issueCode(userId, 'account-close')
      await deps.mail.send({
        to: user.email,
        subject: messages.mail.closeSubject,
        text: [
          `Bonjour ${user.firstname},`,
          '',
          `Tu as demandé la clôture de ton compte (« ${CLOSE_SENTENCE} »).`,
          `Voici ton code de confirmation : ${code}`,
          'Il est valable 15 minutes. Tes données restent téléchargeables pendant 30 jours.',
        ].join('\n'),
      })
    },

    async confirmClosure(userId: number, code: string) {
      const token = await users.verifyCode(userId, 'account-close', code)
      if (!token || !(await users.consumeToken(userId, 'account-close', token)))
        throw new AppError(422, 'INVALID_CODE', messages.auth.invalidCloseCode, {
          code: [messages.auth.invalidCloseCodeText],
        })
      await deps.sessions.closeAllOf(userId)
      await users.close(userId)
    },
  }
  return service
}
export type AccountService = ReturnType<typeof createAccountService>
