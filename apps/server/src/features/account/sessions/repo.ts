import { and, count, desc, eq, gt, ilike, lt, ne, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { apiTokens, knownDevices, rateLimits, sessions, users } from '../../../db/schema/index'

export function createSessionRepo(db: DbOrTx) {
  // Every request reads its session: its SQL is built once here, where drizzle would build it at each run (60 µs on
  // this machine), and PostgreSQL parses it once per connection.
  const liveSession = db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      impersonatorUserId: sessions.impersonatorUserId,
      closedAt: users.closedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare('live_session')

  return {
    async insertSession(row: {
      tokenHash: string
      userId: number
      expiresAt: string
      userAgent: string | null
      ip: string | null
      impersonatorUserId?: number | null
      createdAt: string
    }) {
      const [inserted] = await db
        .insert(sessions)
        .values({ ...row, lastSeenAt: row.createdAt })
        .returning({ id: sessions.id })
      return inserted?.id as number
    },

    async findLiveSession(tokenHash: string, now: string) {
      const [row] = await liveSession.execute({ tokenHash, now })
      return row
    },

    async touchSession(tokenHash: string, now: string, expiresAt: string) {
      await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.tokenHash, tokenHash))
    },

    async listSessions(userId: number, now: string, paging: { page: number; pageSize: number; search?: string }) {
      const pattern = paging.search ? `%${paging.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
      const where = and(
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, now),
        // The browser and system as its user agent names them, or the address.
        pattern ? or(ilike(sessions.userAgent, pattern), ilike(sessions.ip, pattern)) : undefined,
      )
      const rows = await db
        .select({
          id: sessions.id,
          userAgent: sessions.userAgent,
          ip: sessions.ip,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          impersonatorUserId: sessions.impersonatorUserId,
        })
        .from(sessions)
        .where(where)
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
        .limit(paging.pageSize)
        .offset((paging.page - 1) * paging.pageSize)
      const [total] = await db.select({ value: count() }).from(sessions).where(where)
      return { rows, total: total?.value ?? 0 }
    },

    /** Ends one of the user's sessions by its public id; false when it is not theirs (or gone). */
    async deleteUserSession(userId: number, id: number): Promise<boolean> {
      const deleted = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
        .returning({ id: sessions.id })
      return deleted.length > 0
    },

    async deleteOtherSessions(userId: number, keepId: number): Promise<number> {
      const deleted = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
        .returning({ id: sessions.id })
      return deleted.length
    },

    async setAddress(id: number, ip: string) {
      await db.update(sessions).set({ ip }).where(eq(sessions.id, id))
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

export async function isKnownDevice(db: DbOrTx, userId: number, deviceHash: string) {
  const [row] = await db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, deviceHash)))
  return row !== undefined
}

export async function hasAnyDevice(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId))
    .limit(1)
  return row !== undefined
}

/** Remembers the device, or renews when it was last seen. */
export async function upsertKnownDevice(db: DbOrTx, userId: number, deviceHash: string, nowIso: string) {
  await db
    .insert(knownDevices)
    .values({ userId, deviceHash, createdAt: nowIso, lastSeenAt: nowIso })
    .onConflictDoUpdate({
      target: [knownDevices.userId, knownDevices.deviceHash],
      set: { lastSeenAt: sql`excluded.last_seen_at` },
    })
}
