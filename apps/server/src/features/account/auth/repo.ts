import { eq, lt, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { loginThrottles } from '../../../db/schema/index'

export async function findThrottle(db: DbOrTx, subject: string) {
  const [row] = await db.select().from(loginThrottles).where(eq(loginThrottles.subject, subject))
  return row
}

/** A count last touched before `forgetBefore` starts again at 1; the insert and the count are one statement. */
export async function countFailure(db: DbOrTx, subject: string, nowIso: string, forgetBefore: string) {
  const [row] = await db
    .insert(loginThrottles)
    .values({ subject, failures: 1, lastFailureAt: nowIso })
    .onConflictDoUpdate({
      target: loginThrottles.subject,
      set: {
        failures: sql`case when ${loginThrottles.lastFailureAt} < ${forgetBefore} then 1 else ${loginThrottles.failures} + 1 end`,
        lastFailureAt: nowIso,
      },
    })
    .returning()
  return row
}

export async function updateThrottle(
  db: DbOrTx,
  subject: string,
  set: { lockedUntil?: string; unlockCodeHash?: string; unlockAttempts?: number; unlockExpiresAt?: string },
) {
  await db.update(loginThrottles).set(set).where(eq(loginThrottles.subject, subject))
}

export async function countUnlockAttempt(db: DbOrTx, subject: string) {
  await db
    .update(loginThrottles)
    .set({ unlockAttempts: sql`${loginThrottles.unlockAttempts} + 1` })
    .where(eq(loginThrottles.subject, subject))
}

export async function deleteThrottle(db: DbOrTx, subject: string) {
  await db.delete(loginThrottles).where(eq(loginThrottles.subject, subject))
}

export async function deleteThrottlesBefore(db: DbOrTx, before: string) {
  await db.delete(loginThrottles).where(lt(loginThrottles.lastFailureAt, before))
}
