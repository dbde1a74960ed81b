import { and, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { sessions, supportGrants } from '../../../db/schema/index'

export function createSupportAccessRepo(db: DbOrTx) {
  return {
    /** The user's authorisation running at `now`, if any (the latest one when several overlap). */
    async activeGrant(userId: number, now: string) {
      const [row] = await db
        .select({ id: supportGrants.id, grantedAt: supportGrants.grantedAt, expiresAt: supportGrants.expiresAt })
        .from(supportGrants)
        .where(and(eq(supportGrants.userId, userId), isNull(supportGrants.revokedAt), gt(supportGrants.expiresAt, now)))
        .orderBy(desc(supportGrants.expiresAt))
        .limit(1)
      return row
    },

    async insertGrant(userId: number, grantedAt: string, expiresAt: string) {
      await db.insert(supportGrants).values({ userId, grantedAt, expiresAt })
    },

    /** Rows are kept (who allowed what, when): a withdrawal only dates them. */
    async revokeGrants(userId: number, at: string) {
      await db
        .update(supportGrants)
        .set({ revokedAt: at })
        .where(and(eq(supportGrants.userId, userId), isNull(supportGrants.revokedAt), gt(supportGrants.expiresAt, at)))
    },

    /** The operators' sessions as this user end with the authorisation. */
    async endImpersonations(userId: number) {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), isNotNull(sessions.impersonatorUserId)))
    },
  }
}
