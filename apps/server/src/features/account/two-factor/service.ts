import {
  twoFactorMessages as m,
  messages,
  RECOVERY_CODE,
  TOTP_CODE,
  type TwoFactorRequirement,
  type TwoFactorStatus,
} from '@app/domain'
import type { Db } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { newSecret, sha256, verifyPassword } from '../../../lib/crypto'
import { AppError, conflict, fieldError, forbidden, unauthorized } from '../../../lib/errors'
import type { SecretBox } from '../../../lib/secrets'
import type { Tenant } from '../../../lib/tenant'
import type { SessionService } from '../sessions/service'
import type { UserService } from '../users/service'
import { matchingHash, newRecoveryCodes, recoveryCodeHash } from './recovery-codes'
import { createTwoFactorRepo } from './repo'
import { enrolmentOf, matchingStep, newTotpSecret } from './totp'

/** A pending sign-in lasts 5 minutes and takes 5 wrong codes, then the password is asked again. */
const PENDING_MINUTES = 5
const PENDING_FAILURES = 5
/** Codes tried, right or wrong, like passwords (decision 0006): per account and per address, 15-minute windows. */
const LIMITS = { perAccount: { max: 10, minutes: 15 }, perIp: { max: 30, minutes: 15 } } as const

type Deps = { db: Db; clock: Clock; secrets: SecretBox; users: UserService; sessions: SessionService }

export function createTwoFactorService(deps: Deps) {
  const repo = createTwoFactorRepo(deps.db)
  const { secrets, sessions } = deps
  const nowIso = () => deps.clock().toISOString()

  const confirmed = async (userId: number) => {
    const row = await repo.find(userId)
    return row?.confirmedAt ? row : null
  }

  /** An app's code (never twice the same step) or an unused recovery code; consumes what it accepts. */
  async function accepts(userId: number, code: string): Promise<boolean> {
    const row = await confirmed(userId)
    if (!row) return false
    if (TOTP_CODE.test(code)) {
      const step = matchingStep(secrets.open(row.secretSealed), code, deps.clock())
      return step !== null && (await repo.useStep(userId, step))
    }
    if (!RECOVERY_CODE.test(code)) return false
    const hash = matchingHash(code, await repo.unusedRecoveryHashes(userId))
    return hash !== null && (await repo.useRecoveryCode(userId, hash, nowIso()))
  }

  /** A code checked in the profile (or for a token): counted per account like the sign-in's. */
  async function check(userId: number, code: string | undefined, field = 'code'): Promise<void> {
    await sessions.limit(`2fa:account:${userId}`, LIMITS.perAccount.max, LIMITS.perAccount.minutes)
    if (!code || !(await accepts(userId, code))) throw fieldError(field, m.wrongCode, 'INVALID_TWO_FACTOR_CODE')
  }

  async function issueRecoveryCodes(userId: number): Promise<string[]> {
    const codes = newRecoveryCodes()
    await repo.replaceRecoveryCodes(userId, codes.map(recoveryCodeHash))
    return codes
  }

  return {
    isEnabled: async (userId: number) => (await confirmed(userId)) !== null,

    async status(userId: number): Promise<TwoFactorStatus> {
      const row = await confirmed(userId)
      if (!row) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 }
      const left = (await repo.unusedRecoveryHashes(userId)).length
      return { enabled: true, enabledAt: row.confirmedAt, recoveryCodesLeft: left }
    },

    async startEnrolment(userId: number) {
      const user = await deps.users.getById(userId)
      const secret = newTotpSecret()
      if (!(await repo.startEnrolment(userId, secrets.seal(secret)))) throw conflict(m.alreadyEnabled, 'TWO_FACTOR_ON')
      return enrolmentOf(secret, user.email)
    },

    /** The first good code turns the second factor on and gives the recovery codes, shown once. */
    async confirmEnrolment(userId: number, code: string): Promise<string[]> {
      const row = await repo.find(userId)
      if (!row) throw conflict(m.noEnrolment, 'NO_ENROLMENT')
      if (row.confirmedAt) throw conflict(m.alreadyEnabled, 'TWO_FACTOR_ON')
      await sessions.limit(`2fa:account:${userId}`, LIMITS.perAccount.max, LIMITS.perAccount.minutes)
      const step = matchingStep(secrets.open(row.secretSealed), code, deps.clock())
      if (step === null || !(await repo.useStep(userId, step))) {
        throw fieldError('code', m.wrongCode, 'INVALID_TWO_FACTOR_CODE')
      }
      await repo.confirm(userId, nowIso())
      return issueRecoveryCodes(userId)
    },

    async regenerateRecoveryCodes(userId: number, code: string): Promise<string[]> {
      if (!(await confirmed(userId))) throw conflict(m.notEnabled, 'TWO_FACTOR_OFF')
      await check(userId, code)
      return issueRecoveryCodes(userId)
    },

    async disable(userId: number, password: string, code: string): Promise<void> {
      if (!(await confirmed(userId))) throw conflict(m.notEnabled, 'TWO_FACTOR_OFF')
      if (await repo.ownsRequiringOrganization(userId))
        throw conflict(m.ownerCannotDisable, 'TWO_FACTOR_REQUIRED_BY_OWNER')
      const user = await deps.users.getById(userId)
      if (!(await verifyPassword(user.passwordHash, password))) {
        throw fieldError('password', messages.auth.wrongCurrentPassword, 'WRONG_PASSWORD')
      }
      await check(userId, code)
      await repo.remove(userId)
    },

    /** Creating a personal API token when the second factor is on: a 422 under `code` when missing or wrong. */
    async requireCodeIfEnabled(userId: number, code: string | undefined): Promise<void> {
      if (!(await confirmed(userId))) return
      if (!code) throw fieldError('code', m.codeRequired, 'TWO_FACTOR_CODE_REQUIRED')
      await check(userId, code)
    },

    /** The password was right: a pending sign-in, its token for the short-lived cookie. */
    async startPendingLogin(userId: number): Promise<{ token: string; expiresAt: Date }> {
      const token = newSecret()
      const expiresAt = new Date(deps.clock().getTime() + PENDING_MINUTES * 60_000)
      await repo.insertPending({ tokenHash: sha256(token), userId, expiresAt: expiresAt.toISOString() })
      return { token, expiresAt }
    },

    /** The second step: the user whose sign-in the code completes; the pending sign-in is then gone. */
    async completePendingLogin(token: string | undefined, code: string, ip: string): Promise<number> {
      const tokenHash = sha256(token ?? '')
      const pending = token ? await repo.findPending(tokenHash, nowIso()) : undefined
      if (!pending) throw unauthorized(m.pendingExpired)
      await sessions.limit(`2fa:ip:${ip}`, LIMITS.perIp.max, LIMITS.perIp.minutes)
      await sessions.limit(`2fa:account:${pending.userId}`, LIMITS.perAccount.max, LIMITS.perAccount.minutes)
      if (!(await accepts(pending.userId, code))) {
        if ((await repo.countPendingFailure(tokenHash)) >= PENDING_FAILURES) {
          await repo.takePending(tokenHash)
          throw new AppError(401, 'TWO_FACTOR_RESTART', m.tooManyWrongCodes)
        }
        throw fieldError('code', m.wrongCode, 'INVALID_TWO_FACTOR_CODE')
      }
      if (!(await repo.takePending(tokenHash))) throw unauthorized(m.pendingExpired)
      return pending.userId
    },

    purgeExpired: () => repo.deleteExpiredPending(nowIso()),

    /**
     * Organisation routes: a 403 TWO_FACTOR_REQUIRED for a member without the second factor the organisation requires,
     * which the request's membership says (features/account/organizations/repo.ts).
     */
    assertAllowed(secondFactorMissing: boolean): void {
      if (secondFactorMissing) throw forbidden(m.required, 'TWO_FACTOR_REQUIRED')
    },

    async requirement(tenant: Tenant): Promise<TwoFactorRequirement> {
      const row = await repo.findRequirement(tenant.organizationId)
      return { required: row !== undefined, requiredAt: row?.requiredAt ?? null }
    },

    /** Owner only; requiring it needs the owner's own second factor first (else they would lock themselves out). */
    async setRequirement(tenant: Tenant, required: boolean | undefined): Promise<TwoFactorRequirement> {
      if (tenant.membership.roleCode !== 'owner') throw forbidden(m.ownerOnly, 'OWNER_ONLY')
      if (required === true && !(await confirmed(tenant.userId))) {
        throw conflict(m.requireNeedsOwnTwoFactor, 'TWO_FACTOR_OFF')
      }
      if (required !== undefined) await repo.setRequirement(tenant.organizationId, required ? tenant.userId : null)
      return this.requirement(tenant)
    },
  }
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>
