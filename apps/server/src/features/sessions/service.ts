import type { Db } from '../../db/client'
import { addDaysTo, type Clock } from '../../lib/clock'
import { newSecret, sha256 } from '../../lib/crypto'
import { tooManyRequests } from '../../lib/errors'
import { createSessionRepo } from './repo'

/** A session lasts 30 days after its last use. */
const SESSION_DAYS = 30
const TOUCH_AFTER_MS = 60 * 60 * 1000

/**
 * Who is calling. `impersonatorId`: the support operator acting as this user (features/support-access), written to
 * the audit trail as the actor on the user's behalf; `tokenId`: the personal API token used, when `via` is 'token'.
 */
export type Authenticated = {
  userId: number
  via: 'session' | 'token'
  tokenId?: number
  impersonatorId?: number | null
}

export function createSessionService(deps: { db: Db; clock: Clock }) {
  const repo = createSessionRepo(deps.db)

  return {
    async open(userId: number, userAgent: string | null): Promise<{ token: string; expiresAt: Date }> {
      const token = newSecret()
      const expiresAt = addDaysTo(deps.clock(), SESSION_DAYS)
      await repo.insertSession({ tokenHash: sha256(token), userId, expiresAt: expiresAt.toISOString(), userAgent })
      return { token, expiresAt }
    },

    async fromCookie(token: string): Promise<Authenticated | null> {
      const now = deps.clock()
      const tokenHash = sha256(token)
      const session = await repo.findLiveSession(tokenHash, now.toISOString())
      if (!session || session.closedAt) return null
      if (now.getTime() - new Date(session.lastSeenAt).getTime() > TOUCH_AFTER_MS) {
        await repo.touchSession(tokenHash, now.toISOString(), addDaysTo(now, SESSION_DAYS).toISOString())
      }
      return { userId: session.userId, via: 'session' }
    },

    async fromBearer(token: string): Promise<Authenticated | null> {
      const owner = await repo.findTokenOwner(sha256(token))
      if (!owner || owner.closedAt) return null
      await repo.touchToken(owner.id, deps.clock().toISOString())
      return { userId: owner.userId, via: 'token', tokenId: owner.id }
    },

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
