import {
  defaultPreferences,
  messages,
  type NotificationPreferences,
  type Paging,
  type Preferences,
  type PreferencesUpdate,
  type ProfileUpdate,
  type Register,
} from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import { addMinutes, type Clock } from '../../../lib/clock'
import {
  burnPasswordCheck,
  hashPassword,
  newSecret,
  newSixDigitCode,
  safeEqual,
  sha256,
  verifyPassword,
} from '../../../lib/crypto'
import { fieldError, notFound } from '../../../lib/errors'
import { createUserRepo, type UserRow } from './repo'

/** The user the service answers: its callers name it without reaching into the repo. */
export type { UserRow } from './repo'

/** Reset codes: 15 minutes, 5 tries; the token given for a good code is valid for the rest of those 15 minutes. */
const CODE_MINUTES = 15
const CODE_TRIES = 5

/** E-mail change: the code sent to the new address is valid 30 minutes, 5 tries. */
const EMAIL_CHANGE_MINUTES = 30

export type CodePurpose = 'password-reset' | 'account-close' | 'email-change'

/** Nested fields merge one by one: enabling a threshold without a figure keeps the stored one (500 by default). */
function mergeNotifications(current: NotificationPreferences, patch: PreferencesUpdate['notifications']) {
  const base = { ...defaultPreferences().notifications, ...current }
  if (!patch) return base
  const { income, outcome, report, ...flags } = patch
  return {
    ...base,
    ...flags,
    income: { ...base.income, ...income },
    outcome: { ...base.outcome, ...outcome },
    report: { ...base.report, ...report },
  }
}

export function createUserService(deps: { db: DbOrTx; clock: Clock }) {
  const repo = createUserRepo(deps.db)
  const nowIso = () => deps.clock().toISOString()

  return {
    findById: (id: number) => repo.findById(id),
    findByEmail: (email: string) => repo.findByEmail(email),

    async getById(id: number): Promise<UserRow> {
      const user = await repo.findById(id)
      if (!user || user.closedAt) throw notFound()
      return user
    },

    async register(input: Register): Promise<UserRow> {
      if (await repo.emailTakenByOther(input.email, null))
        throw fieldError('email', messages.auth.emailTaken, 'EMAIL_TAKEN')
      const passwordHash = await hashPassword(input.password)
      try {
        return await repo.insert({
          firstname: input.firstname,
          lastname: input.lastname,
          email: input.email,
          passwordHash,
          preferences: defaultPreferences(),
        })
      } catch (error) {
        // Two sign-ups racing on one address: the unique index decides, the loser gets the same field error.
        if (await repo.emailTakenByOther(input.email, null))
          throw fieldError('email', messages.auth.emailTaken, 'EMAIL_TAKEN')
        throw error
      }
    },

    /** Returns the user when the password matches; spends the same time when the e-mail is unknown. */
    async checkCredentials(email: string, password: string): Promise<UserRow | null> {
      const user = await repo.findByEmail(email)
      if (!user) {
        await burnPasswordCheck(password)
        return null
      }
      return (await verifyPassword(user.passwordHash, password)) ? user : null
    },

    recordLogin: (userId: number) => repo.update(userId, { lastLoginAt: nowIso() }),

    async updateProfile(userId: number, input: ProfileUpdate): Promise<UserRow> {
      if (await repo.emailTakenByOther(input.email, userId))
        throw fieldError('email', messages.auth.emailTaken, 'EMAIL_TAKEN')
      return repo.update(userId, { ...input, updatedAt: nowIso() })
    },

    /** A sensitive change asks for the password again: a 422 under `currentPassword` when it does not match. */
    async checkCurrentPassword(user: UserRow, currentPassword: string): Promise<void> {
      if (!(await verifyPassword(user.passwordHash, currentPassword)))
        throw fieldError('currentPassword', messages.auth.wrongCurrentPassword, 'WRONG_PASSWORD')
    },

    async changePassword(userId: number, currentPassword: string, password: string): Promise<void> {
      const user = await this.getById(userId)
      await this.checkCurrentPassword(user, currentPassword)
      await repo.update(userId, { passwordHash: await hashPassword(password), updatedAt: nowIso() })
    },

    async setPassword(userId: number, password: string): Promise<void> {
      await repo.update(userId, { passwordHash: await hashPassword(password), updatedAt: nowIso() })
    },

    async updatePreferences(userId: number, patch: PreferencesUpdate): Promise<UserRow> {
      const user = await this.getById(userId)
      const current: Preferences = { ...defaultPreferences(), ...user.preferences }
      const next: Preferences = {
        display: { ...current.display, ...patch.display },
        mode: patch.mode ?? current.mode,
        notifications: mergeNotifications(current.notifications, patch.notifications),
        pageSize: patch.pageSize ?? current.pageSize,
      }
      return repo.update(userId, { preferences: next, updatedAt: nowIso() })
    },

    /** Holds the user's row until the transaction ends (users/repo.ts says why, on Citus). */
    lock: (userId: number) => repo.lock(userId),

    setCurrentOrganization: (userId: number, organizationId: number | null) =>
      repo.update(userId, { currentOrganizationId: organizationId }),

    /** Creates a one-time 6-digit code for the user and returns it (to be e-mailed). */
    async issueCode(
      userId: number,
      purpose: CodePurpose,
      options: { minutes?: number; newEmail?: string } = {},
    ): Promise<string> {
      const code = newSixDigitCode()
      await repo.voidCodes(userId, purpose, nowIso())
      await repo.insertCode({
        userId,
        purpose,
        codeHash: sha256(`${userId}:${code}`),
        newEmail: options.newEmail ?? null,
        expiresAt: addMinutes(deps.clock(), options.minutes ?? CODE_MINUTES).toISOString(),
      })
      return code
    },

    /** The address an e-mail change waits to confirm: its code is still open, unexpired and has tries left. */
    async pendingEmail(userId: number): Promise<string | null> {
      const open = await repo.latestOpenCode(userId, 'email-change')
      if (!open?.newEmail || open.attempts >= CODE_TRIES || new Date(open.expiresAt) <= deps.clock()) return null
      return open.newEmail
    },

    /** Step one of an e-mail change: the new address must be free; returns the code to send to it. */
    async requestEmailChange(userId: number, newEmail: string): Promise<string> {
      if (await repo.emailTakenByOther(newEmail, userId))
        throw fieldError('email', messages.auth.emailTaken, 'EMAIL_TAKEN')
      return this.issueCode(userId, 'email-change', { minutes: EMAIL_CHANGE_MINUTES, newEmail })
    },

    /**
     * Step two: the code sent to the new address replaces the e-mail (5 tries, 30 minutes). Returns the previous
     * address, or null when the code is wrong, spent or expired.
     */
    async confirmEmailChange(userId: number, code: string): Promise<{ previous: string; email: string } | null> {
      const open = await repo.latestOpenCode(userId, 'email-change')
      if (!open?.newEmail || open.attempts >= CODE_TRIES || new Date(open.expiresAt) <= deps.clock()) return null
      if (!safeEqual(open.codeHash, sha256(`${userId}:${code}`))) {
        await repo.countFailedAttempt(open.id)
        return null
      }
      const user = await this.getById(userId)
      // Taken meanwhile by another sign-up: the same field error as at the request.
      if (await repo.emailTakenByOther(open.newEmail, userId))
        throw fieldError('email', messages.auth.emailTaken, 'EMAIL_TAKEN')
      await repo.update(userId, { email: open.newEmail, updatedAt: nowIso() })
      await repo.updateCode(open.id, { usedAt: nowIso() })
      return { previous: user.email, email: open.newEmail }
    },

    /** Checks a code; on success returns a one-time token for the next step. */
    async verifyCode(userId: number, purpose: CodePurpose, code: string): Promise<string | null> {
      const open = await repo.latestOpenCode(userId, purpose)
      if (!open || open.attempts >= CODE_TRIES || new Date(open.expiresAt) <= deps.clock()) return null
      if (!safeEqual(open.codeHash, sha256(`${userId}:${code}`))) {
        await repo.countFailedAttempt(open.id)
        return null
      }
      const token = newSecret()
      await repo.updateCode(open.id, { tokenHash: sha256(token) })
      return token
    },

    /** Consumes a token given by verifyCode: true once, false afterwards or when expired. */
    async consumeToken(userId: number, purpose: CodePurpose, token: string): Promise<boolean> {
      const open = await repo.latestOpenCode(userId, purpose)
      if (!open?.tokenHash || new Date(open.expiresAt) <= deps.clock()) return false
      if (!safeEqual(open.tokenHash, sha256(token))) return false
      await repo.updateCode(open.id, { usedAt: nowIso() })
      return true
    },

    async close(userId: number): Promise<void> {
      await repo.update(userId, {
        closedAt: nowIso(),
        // The address is freed for a new account; the closed row keeps its history for the legal retention period.
        email: `closed-${userId}-${Date.now()}@invalid`,
        currentOrganizationId: null,
      })
    },

    async createToken(userId: number, name: string) {
      const secret = `crn_${newSecret()}`
      const row = await repo.insertToken({ userId, name, tokenHash: sha256(secret), lastFour: secret.slice(-4) })
      return { row, secret }
    },
    listTokens: (userId: number, paging: Paging & { search?: string }) => repo.listTokens(userId, paging),
    async deleteToken(userId: number, id: number) {
      if (!(await repo.deleteToken(userId, id))) throw notFound()
    },
  }
}
export type UserService = ReturnType<typeof createUserService>
