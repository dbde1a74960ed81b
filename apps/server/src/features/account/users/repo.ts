import { type Paging, pageOffset } from '@app/domain'
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { apiTokens, emailCodes, users } from '../../../db/schema/index'

export type UserRow = typeof users.$inferSelect
export type UserInsert = typeof users.$inferInsert

export function createUserRepo(db: DbOrTx) {
  return {
    async insert(row: UserInsert): Promise<UserRow> {
      const [created] = await db.insert(users).values(row).returning()
      if (!created) throw new Error('user insert returned nothing')
      return created
    },

    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id))
      return row
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), isNull(users.closedAt)))
      return row
    },

    async emailTakenByOther(email: string, exceptUserId: number | null): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      return rows.some((row) => row.id !== exceptUserId)
    },

    /**
     * Holds the user's row until the transaction ends, before writing rows that point to it. On Citus, users is a
     * reference table: writing a row that points to it shares a lock on the whole table, which updating the user then
     * needs alone; two such transactions deadlock unless both ask for it alone first (decision 0047).
     */
    async lock(id: number) {
      await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update')
    },

    async update(id: number, values: Partial<UserInsert>): Promise<UserRow> {
      const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning()
      if (!row) throw new Error('user update returned nothing')
      return row
    },

    async insertCode(row: typeof emailCodes.$inferInsert) {
      await db.insert(emailCodes).values(row)
    },

    /** Asking for a new code voids the earlier ones. */
    async voidCodes(userId: number, purpose: string, now: string) {
      await db
        .update(emailCodes)
        .set({ usedAt: now })
        .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)))
    },

    async latestOpenCode(userId: number, purpose: string) {
      const [row] = await db
        .select()
        .from(emailCodes)
        .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)))
        .orderBy(desc(emailCodes.id))
        .limit(1)
      return row
    },

    async updateCode(id: number, values: Partial<typeof emailCodes.$inferInsert>) {
      await db.update(emailCodes).set(values).where(eq(emailCodes.id, id))
    },

    async countFailedAttempt(id: number) {
      await db
        .update(emailCodes)
        .set({ attempts: sql`${emailCodes.attempts} + 1` })
        .where(eq(emailCodes.id, id))
    },

    async insertToken(row: typeof apiTokens.$inferInsert) {
      const [created] = await db.insert(apiTokens).values(row).returning()
      if (!created) throw new Error('token insert returned nothing')
      return created
    },

    /** A page of the user's tokens, newest first, and how many there are. */
    /** `search`: found in the token's name (case and accents aside) or its last four characters. */
    async listTokens(userId: number, paging: Paging & { search?: string }) {
      const pattern = paging.search ? `%${paging.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined
      const where = and(
        eq(apiTokens.userId, userId),
        pattern
          ? sql`(search_fold(${apiTokens.name}) like search_fold(${pattern}) or ${apiTokens.lastFour} like ${pattern})`
          : undefined,
      )
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(apiTokens)
          .where(where)
          .orderBy(desc(apiTokens.id))
          .limit(paging.pageSize)
          .offset(pageOffset(paging)),
        db.select({ total: count() }).from(apiTokens).where(where),
      ])
      return { rows, total: counted?.total ?? 0 }
    },

    async deleteToken(userId: number, id: number): Promise<boolean> {
      const deleted = await db
        .delete(apiTokens)
        .where(and(eq(apiTokens.userId, userId), eq(apiTokens.id, id)))
        .returning({ id: apiTokens.id })
      return deleted.length > 0
    },
  }
}
export type UserRepo = ReturnType<typeof createUserRepo>
