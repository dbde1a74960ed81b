import {
  CLOSE_SENTENCE,
  canManageOrganization,
  defaultPreferences,
  type MeDto,
  messages,
  type Paging,
  type PreferencesUpdate,
  type ProfilePatch,
  profileUpdateSchema,
} from '@app/domain'
import { requirePerson } from '../../../lib/auth-context'
import { AppError, fieldError } from '../../../lib/errors'
import { mergePatch } from '../../../lib/patch'
import type { MailService } from '../../platform/mail/service'
import type { OrganizationService } from '../organizations/service'
import type { Authenticated, SessionService } from '../sessions/service'
import type { UserRow, UserService } from '../users/service'

type Deps = { users: UserService; organizations: OrganizationService; sessions: SessionService; mail: MailService }

/** E-mail change: 5 requests per account and hour (each sends a code to an address), 10 confirmations per 15 min. */
const EMAIL_CHANGE_LIMITS = { request: { max: 5, minutes: 60 }, confirm: { max: 10, minutes: 15 } } as const

/**
 * Changing the e-mail or the password, closing the account, creating or revoking tokens need the person, signed in
 * with their password: a personal API token (a script, maybe leaked) gets a 403.
 */
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

  /** The code to the new address; a notice to the old one, so that its owner hears of a change they did not ask. */
  async function sendEmailChangeMails(user: UserRow, newEmail: string, code: string) {
    await deps.mail.send({
      to: newEmail,
      subject: messages.account.emailChangeSubject,
      text: [
        `Bonjour ${user.firstname},`,
        '',
        'Tu as demandé à utiliser cette adresse pour ton compte Carnet.',
        `Voici ton code de confirmation : ${code}`,
        'Il est valable 30 minutes.',
        '',
        "Si tu n'as rien demandé, ignore ce message : l'adresse de ce compte ne change pas.",
      ].join('\n'),
    })
    await deps.mail.send({
      to: user.email,
      subject: messages.account.emailChangeNoticeSubject,
      text: [
        `Bonjour ${user.firstname},`,
        '',
        `Une demande de changement de l'adresse email de ton compte Carnet vers ${newEmail} vient d'être faite.`,
        "Elle ne prendra effet qu'une fois le code envoyé à cette nouvelle adresse saisi dans Carnet.",
        '',
        "Si tu n'es pas à l'origine de cette demande, change ton mot de passe dès maintenant : ton adresse actuelle reste celle de ton compte.",
      ].join('\n'),
    })
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
        pendingEmail: await users.pendingEmail(user.id),
        position: user.position,
        phoneMobile: user.phoneMobile,
        phoneOffice: user.phoneOffice,
        isAdmin: user.isAdmin === 1,
        impersonate: false,
        // Unlocking a validated transaction and the admin submenu are the owner's in the current organisation.
        canDeleteTransaction: memberships.some((m) => m.id === currentId && canManageOrganization(m.roleCode)),
        canAccessV2: false,
        preferences: { ...defaultPreferences(), ...user.preferences },
        lastLoginAt: user.lastLoginAt,
        createdAt: user.createdAt,
        currentOrganizationId: currentId,
        currentOrganization: currentId === null ? null : await organizations.detail(user.id, currentId),
        organizations: memberships.map((m) => ({ id: m.id, name: m.name, isActive: m.isActive, roleCode: m.roleCode })),
      }
    },

    /**
     * PATCH /me: absent fields keep their value. A new e-mail is not applied here: from a session with the current
     * password, a code goes to the new address (POST /me/email/confirm applies it) and a notice to the old one.
     */
    async updateProfile(caller: Authenticated, patch: ProfilePatch) {
      const user = await users.getById(caller.userId)
      const { currentPassword, ...fields } = patch
      const stored = {
        firstname: user.firstname,
        lastname: user.lastname,
        email: user.email,
        position: user.position,
        phoneMobile: user.phoneMobile,
        phoneOffice: user.phoneOffice,
      }
      const next = mergePatch(profileUpdateSchema, stored, fields)
      const newEmail = next.email !== user.email.toLowerCase() ? next.email : null
      let code: string | null = null
      if (newEmail) {
        requirePerson(caller)
        if (!currentPassword)
          throw fieldError('currentPassword', messages.auth.currentPasswordRequired, 'CURRENT_PASSWORD_REQUIRED')
        const { max, minutes } = EMAIL_CHANGE_LIMITS.request
        await deps.sessions.limit(`email-change:${user.id}`, max, minutes)
        await users.checkCurrentPassword(user, currentPassword)
        code = await users.requestEmailChange(user.id, newEmail)
      }
      await users.updateProfile(user.id, { ...next, email: user.email })
      if (newEmail && code) await sendEmailChangeMails(user, newEmail, code)
      return service.me(user.id)
    },

    /** POST /me/email/confirm: the code sent to the new address replaces the e-mail. */
    async confirmEmailChange(userId: number, code: string) {
      const { max, minutes } = EMAIL_CHANGE_LIMITS.confirm
      await deps.sessions.limit(`email-confirm:${userId}`, max, minutes)
      const changed = await users.confirmEmailChange(userId, code)
      if (!changed)
        throw new AppError(422, 'INVALID_CODE', messages.account.emailChangeInvalidCode, {
          code: [messages.account.emailChangeInvalidCode],
        })
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

    async listTokens(userId: number, paging: Paging & { search?: string }) {
      const { rows, total } = await users.listTokens(userId, paging)
      return {
        data: rows.map((row) => ({
          id: row.id,
          name: row.name,
          lastFour: row.lastFour,
          lastUsedAt: row.lastUsedAt,
          createdAt: row.createdAt,
        })),
        meta: { total, page: paging.page, pageSize: paging.pageSize },
      }
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
