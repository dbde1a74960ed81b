import { type SessionDto, sessionMessages } from '@app/domain'
import type { Db } from '../../../db/client'
import type { Authenticated } from '../../../lib/auth-context'
import { addDaysTo, type Clock } from '../../../lib/clock'
import { newSecret, sha256 } from '../../../lib/crypto'
import { notFound, tooManyRequests } from '../../../lib/errors'
import { deviceOf } from './device'
import { createSessionRepo } from './repo'

/** Written at most once an hour (or sooner when the idle time is shorter): a request is not a write. */
const TOUCH_AFTER_MS = 60 * 60 * 1000

/** Who is calling: defined beside the request hook that carries it (lib/auth-context.ts). */
export type { Authenticated }

/** Idle days without use, and the absolute lifetime from sign-in (config.session, decision 0041). */
export type SessionLifetime = { idleDays: number; maxDays: number }

export function createSessionService(deps: { db: Db; clock: Clock; lifetime?: SessionLifetime }) {
  const repo = createSessionRepo(deps.db)
  const lifetime = deps.lifetime ?? { idleDays: 14, maxDays: 90 }
  const idleMs = lifetime.idleDays * 86_400_000
  const touchAfterMs = Math.min(TOUCH_AFTER_MS, idleMs / 10)
  /** The session's end: idle time from its last use, never past its absolute lifetime. */
  const endOf = (createdAt: Date, lastSeenAt: Date) =>
    new Date(Math.min(lastSeenAt.getTime() + idleMs, addDaysTo(createdAt, lifetime.maxDays).getTime()))

  return {
    async open(
      userId: number,
      userAgent: string | null,
      ip: string | null = null,
      impersonatorId: number | null = null,
    ): Promise<{ token: string; expiresAt: Date; id: number }> {
      const token = newSecret()
      const now = deps.clock()
      const expiresAt = endOf(now, now)
      const id = await repo.insertSession({
        tokenHash: sha256(token),
        userId,
        expiresAt: expiresAt.toISOString(),
        createdAt: now.toISOString(),
        userAgent: userAgent?.slice(0, 500) ?? null,
        ip,
        impersonatorUserId: impersonatorId,
      })
      return { token, expiresAt, id }
    },

    /** Both lifetimes are checked here, on every request: the hourly purge only tidies the table. */
    async fromCookie(token: string): Promise<Authenticated | null> {
      const now = deps.clock()
      const tokenHash = sha256(token)
      const session = await repo.findLiveSession(tokenHash, now.toISOString())
      if (!session || session.closedAt) return null
      const createdAt = new Date(session.createdAt)
      const lastSeenAt = new Date(session.lastSeenAt)
      if (endOf(createdAt, lastSeenAt) <= now) {
        await repo.deleteSession(tokenHash)
        return null
      }
      const auth: Authenticated = {
        userId: session.userId,
        via: 'session',
        sessionId: session.id,
        impersonatorId: session.impersonatorUserId,
      }
      if (now.getTime() - lastSeenAt.getTime() > touchAfterMs) {
        const renewedUntil = endOf(createdAt, now)
        await repo.touchSession(tokenHash, now.toISOString(), renewedUntil.toISOString())
        auth.renewedUntil = renewedUntil
      }
      return auth
    },

    async fromBearer(token: string): Promise<Authenticated | null> {
      const owner = await repo.findTokenOwner(sha256(token))
      if (!owner || owner.closedAt) return null
      await repo.touchToken(owner.id, deps.clock().toISOString())
      return { userId: owner.userId, via: 'token', tokenId: owner.id }
    },

    async list(
      userId: number,
      currentId: number | undefined,
      paging: { page: number; pageSize: number; search?: string | undefined },
    ) {
      const { rows, total } = await repo.listSessions(userId, deps.clock().toISOString(), paging)
      const data: SessionDto[] = rows.map((row) => ({
        id: row.id,
        ...deviceOf(row.userAgent),
        ip: row.ip,
        createdAt: row.createdAt,
        lastSeenAt: row.lastSeenAt,
        current: row.id === currentId,
        impersonated: row.impersonatorUserId !== null,
      }))
      return { data, meta: { total, page: paging.page, pageSize: paging.pageSize } }
    },

    async end(userId: number, id: number): Promise<void> {
      if (!(await repo.deleteUserSession(userId, id))) throw notFound(sessionMessages.sessionNotFound)
    },

    endOthers: (userId: number, currentId: number) => repo.deleteOtherSessions(userId, currentId),

    /** The client's address, as TRUST_PROXY lets it be known, shown in the list of sessions. */
    recordAddress: (id: number, ip: string) => repo.setAddress(id, ip.slice(0, 100)),

    close: (token: string) => repo.deleteSession(sha256(token)),
    closeAllOf: (userId: number) => repo.deleteUserSessions(userId),

    /**
     * Fixed-window limit kept in the database, so every process shares it. Windows are short (minutes), so a
     * flood of wrong passwords never locks the real owner out for long.
     */
    async limit(key: string, max: number, windowMinutes: number): Promise<void> {
      const windowMs = windowMinutes * 60_000
      const start = new Date(Math.floor(deps.clock().getTime() / windowMs) * windowMs).toISOString()
      const count = await repo.hit(key, start)
      if (count > max) throw tooManyRequests()
    },

    async purgeExpired(): Promise<void> {
      const now = deps.clock()
      await repo.deleteExpiredSessions(now.toISOString())
      await repo.deleteOldHits(addDaysTo(now, -1).toISOString())
    },
  }
}
export type SessionService = ReturnType<typeof createSessionService>
