import { supportMessages as m, type SupportAccessDto, type SupportStatusDto } from '@app/domain'
import type { Db } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { forbidden, notFound } from '../../../lib/errors'
import type { Authenticated, SessionService } from '../sessions/service'
import type { UserService } from '../users/service'
import { createSupportAccessRepo } from './repo'

/**
 * Support access, the spec's impersonation (account spec §2, §4; decision 0042): a user lets the instance's
 * operators (SUPPORT_OPERATORS) act as them for an hour, a day or a week; an operator then opens a session as that
 * user, marked with the operator's id, that ends with the authorisation. The audit trail names the operator.
 */
export function createSupportAccessService(deps: {
  db: Db
  clock: Clock
  users: Pick<UserService, 'getById' | 'findByEmail'>
  sessions: Pick<SessionService, 'open'>
  /** Lower-cased e-mails of the instance's operators. */
  operators: readonly string[]
}) {
  const repo = createSupportAccessRepo(deps.db)
  const now = () => deps.clock().toISOString()
  const isOperatorEmail = (email: string) => deps.operators.includes(email.toLowerCase())

  return {
    async access(userId: number): Promise<SupportAccessDto> {
      const grant = await repo.activeGrant(userId, now())
      return { grantedUntil: grant?.expiresAt ?? null, grantedAt: grant?.grantedAt ?? null }
    },

    /** A new authorisation replaces the running one (a shorter choice shortens it). */
    async grant(userId: number, hours: number): Promise<SupportAccessDto> {
      const at = deps.clock()
      const until = new Date(at.getTime() + hours * 3_600_000).toISOString()
      await deps.db.transaction(async (tx) => {
        const writer = createSupportAccessRepo(tx)
        await writer.revokeGrants(userId, at.toISOString())
        await writer.insertGrant(userId, at.toISOString(), until)
      })
      return { grantedUntil: until, grantedAt: at.toISOString() }
    },

    async revoke(userId: number): Promise<void> {
      await deps.db.transaction(async (tx) => {
        const writer = createSupportAccessRepo(tx)
        await writer.revokeGrants(userId, now())
        await writer.endImpersonations(userId)
      })
    },

    async status(caller: Authenticated | null): Promise<SupportStatusDto> {
      if (!caller) return { isOperator: false, impersonating: null }
      const operatorId = caller.impersonatorId ?? caller.userId
      const operator = await deps.users.getById(operatorId)
      if (!caller.impersonatorId) return { isOperator: isOperatorEmail(operator.email), impersonating: null }
      const user = await deps.users.getById(caller.userId)
      const grant = await repo.activeGrant(caller.userId, now())
      return {
        isOperator: isOperatorEmail(operator.email),
        impersonating: grant
          ? { userId: user.id, name: `${user.firstname} ${user.lastname}`, email: user.email, until: grant.expiresAt }
          : null,
      }
    },

    /**
     * Opens a session as the user for an operator, from the operator's own session (never a token, never while
     * already acting as someone). It lasts as long as the authorisation.
     */
    async impersonate(operator: Authenticated, email: string, userAgent: string | null, ip: string | null) {
      if (operator.via !== 'session' || operator.impersonatorId)
        throw forbidden(m.operatorOnly, 'SUPPORT_OPERATOR_ONLY')
      const me = await deps.users.getById(operator.userId)
      if (!isOperatorEmail(me.email)) throw forbidden(m.operatorOnly, 'SUPPORT_OPERATOR_ONLY')
      const user = await deps.users.findByEmail(email)
      if (!user || user.closedAt) throw notFound(m.noGrant)
      if (user.id === me.id) throw forbidden(m.notYourself, 'SUPPORT_NOT_YOURSELF')
      const grant = await repo.activeGrant(user.id, now())
      if (!grant) throw notFound(m.noGrant)
      const session = await deps.sessions.open(user.id, userAgent, ip, me.id)
      const expiresAt = new Date(Math.min(session.expiresAt.getTime(), new Date(grant.expiresAt).getTime()))
      return { userId: user.id, session: { token: session.token, expiresAt } }
    },

    /** Whether an operator's session as this user may still act: its authorisation runs. */
    async stillGranted(userId: number): Promise<boolean> {
      return (await repo.activeGrant(userId, now())) !== undefined
    },

    endImpersonations: (userId: number) => repo.endImpersonations(userId),
  }
}
export type SupportAccessService = ReturnType<typeof createSupportAccessService>
