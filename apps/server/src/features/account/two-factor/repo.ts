import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import {
  organizationMembers,
  organizationTwoFactorRequirements,
  roles,
  twoFactorPendingLogins,
  twoFactorRecoveryCodes,
  userTwoFactors,
} from '../../../db/schema/index'

export function createTwoFactorRepo(db: DbOrTx) {
  return {
    async find(userId: number) {
      const [row] = await db.select().from(userTwoFactors).where(eq(userTwoFactors.userId, userId))
      return row
    },

    /** A new enrolment replaces one left unconfirmed; a confirmed one is never overwritten here. */
    async startEnrolment(userId: number, secretSealed: string): Promise<boolean> {
      const rows = await db
        .insert(userTwoFactors)
        .values({ userId, secretSealed })
        .onConflictDoUpdate({
          target: userTwoFactors.userId,
          // The inserted row's time, not now(): Citus takes no function in the SET of an upsert (decision 0047).
          set: { secretSealed, lastUsedStep: null, createdAt: sql`excluded.created_at` },
          setWhere: isNull(userTwoFactors.confirmedAt),
        })
        .returning({ userId: userTwoFactors.userId })
      return rows.length > 0
    },

    async confirm(userId: number, now: string) {
      await db.update(userTwoFactors).set({ confirmedAt: now }).where(eq(userTwoFactors.userId, userId))
    },

    /**
     * Takes a time step for good: succeeds only when it is later than the last one used, in one statement, so two
     * requests racing with the same code cannot both pass.
     */
    async useStep(userId: number, step: number): Promise<boolean> {
      const rows = await db
        .update(userTwoFactors)
        .set({ lastUsedStep: step })
        .where(
          and(
            eq(userTwoFactors.userId, userId),
            or(isNull(userTwoFactors.lastUsedStep), lt(userTwoFactors.lastUsedStep, step)),
          ),
        )
        .returning({ userId: userTwoFactors.userId })
      return rows.length > 0
    },

    async remove(userId: number) {
      await db.delete(userTwoFactors).where(eq(userTwoFactors.userId, userId))
      await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId))
      await db.delete(twoFactorPendingLogins).where(eq(twoFactorPendingLogins.userId, userId))
    },

    async replaceRecoveryCodes(userId: number, hashes: string[]) {
      await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId))
      await db.insert(twoFactorRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })))
    },

    unusedRecoveryHashes: async (userId: number) =>
      (
        await db
          .select({ codeHash: twoFactorRecoveryCodes.codeHash })
          .from(twoFactorRecoveryCodes)
          .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)))
      ).map((row) => row.codeHash),

    /** Marks a recovery code used; false when another request used it first. */
    async useRecoveryCode(userId: number, codeHash: string, now: string): Promise<boolean> {
      const rows = await db
        .update(twoFactorRecoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(twoFactorRecoveryCodes.userId, userId),
            eq(twoFactorRecoveryCodes.codeHash, codeHash),
            isNull(twoFactorRecoveryCodes.usedAt),
          ),
        )
        .returning({ userId: twoFactorRecoveryCodes.userId })
      return rows.length > 0
    },

    async insertPending(row: { tokenHash: string; userId: number; expiresAt: string }) {
      await db.insert(twoFactorPendingLogins).values(row)
    },

    async findPending(tokenHash: string, now: string) {
      const [row] = await db
        .select()
        .from(twoFactorPendingLogins)
        .where(and(eq(twoFactorPendingLogins.tokenHash, tokenHash), gt(twoFactorPendingLogins.expiresAt, now)))
      return row
    },

    async countPendingFailure(tokenHash: string): Promise<number> {
      const [row] = await db
        .update(twoFactorPendingLogins)
        .set({ failures: sql`${twoFactorPendingLogins.failures} + 1` })
        .where(eq(twoFactorPendingLogins.tokenHash, tokenHash))
        .returning({ failures: twoFactorPendingLogins.failures })
      return row?.failures ?? Number.POSITIVE_INFINITY
    },

    /** Deletes the pending sign-in; false when it was already gone (used by a racing request). */
    async takePending(tokenHash: string): Promise<boolean> {
      const rows = await db
        .delete(twoFactorPendingLogins)
        .where(eq(twoFactorPendingLogins.tokenHash, tokenHash))
        .returning({ tokenHash: twoFactorPendingLogins.tokenHash })
      return rows.length > 0
    },

    async deleteExpiredPending(now: string) {
      await db.delete(twoFactorPendingLogins).where(lt(twoFactorPendingLogins.expiresAt, now))
    },

    async findRequirement(organizationId: number) {
      const [row] = await db
        .select()
        .from(organizationTwoFactorRequirements)
        .where(eq(organizationTwoFactorRequirements.organizationId, organizationId))
      return row
    },

    async setRequirement(organizationId: number, requiredBy: number | null) {
      if (requiredBy === null) {
        await db
          .delete(organizationTwoFactorRequirements)
          .where(eq(organizationTwoFactorRequirements.organizationId, organizationId))
        return
      }
      await db.insert(organizationTwoFactorRequirements).values({ organizationId, requiredBy }).onConflictDoNothing()
    },

    /** Does the user own an organisation that requires the second factor (they may not turn theirs off)? */
    async ownsRequiringOrganization(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ organizationId: organizationMembers.organizationId })
        .from(organizationMembers)
        .innerJoin(roles, eq(roles.id, organizationMembers.roleId))
        .innerJoin(
          organizationTwoFactorRequirements,
          eq(organizationTwoFactorRequirements.organizationId, organizationMembers.organizationId),
        )
        .where(and(eq(organizationMembers.userId, userId), eq(roles.code, 'owner')))
        .limit(1)
      return row !== undefined
    },
  }
}
export type TwoFactorRepo = ReturnType<typeof createTwoFactorRepo>
