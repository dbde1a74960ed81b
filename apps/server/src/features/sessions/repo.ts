import { and, eq, gt, lt, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { apiTokens, rateLimits, sessions, users } from '../../db/schema/index'

export function createSessionRepo(db: DbOrTx) {
  return {
    async insertSession(row: { tokenHash: string; userId: number; expiresAt: string; userAgent: string | null }) {
      await db.insert(sessions).values(row)
    },

    async findLiveSession(tokenHash: string, now: string) {
      const [row] = await db
        .select({ userId: sessions.userId, lastSeenAt: sessions.lastSeenAt, closedAt: users.closedAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
      return row
    },

    async touchSession(tokenHash: string, now: string, expiresAt: string) {
      await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.tokenHash, tokenHash))
    },

    async deleteSession(tokenHash: string) {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash))
    },

    async deleteUserSessions(userId: number) {
      await db.delete(sessions).where(eq(sessions.userId, userId))
    },

    async deleteExpiredSessions(now: string) {
      await db.delete(sessions).where(lt(sessions.expiresAt, now))
    },

    async findTokenOwner(tokenHash: string) {
      const [row] = await db
        .select({ id: apiTokens.id, userId: apiTokens.userId, closedAt: users.closedAt })
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.userId))
        .where(eq(apiTokens.tokenHash, tokenHash))
      return row
    },

    async touchToken(id: number, now: string) {
      await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, id))
    },

    /** Atomic across processes: the counter row is upserted and read back in one statement. */
    async hit(key: string, windowStart: string): Promise<number> {
      const [row] = await db
        .insert(rateLimits)
        .values({ key, windowStart, count: 1 })
        .onConflictDoUpdate({
          target: [rateLimits.key, rateLimits.windowStart],
          set: { count: sql`${rateLimits.count} + 1` },
        })
        .returning({ count: rateLimits.count })
      return row?.count ?? 1
    },

    async countHits(key: string, windowStart: string): Promise<number> {
      const [row] = await db
        .select({ count: rateLimits.count })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)))
      return row?.count ?? 0
    },

    async deleteOldHits(before: string) {
      await db.delete(rateLimits).where(lt(rateLimits.windowStart, before))
    },
  }
}
export type SessionRepo = ReturnType<typeof createSessionRepo>
