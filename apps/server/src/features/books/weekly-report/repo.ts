import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { jobs, organizationMembers, organizations, users } from '../../../db/schema/index'

/** The members whose report day is `weekday` and whose report hour is at most `hour`, with their preferences. */
export async function membersDue(db: DbOrTx, weekday: number, hour: number) {
  const report = sql`${users.preferences}->'notifications'->'report'`
  return db
    .select({ userId: users.id, organizationId: organizationMembers.organizationId, preferences: users.preferences })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(
        sql`jsonb_typeof(${report}->'day') = 'number' and (${report}->>'day')::int = ${weekday}`,
        sql`jsonb_typeof(${report}->'hour') = 'number' and (${report}->>'hour')::int <= ${hour}`,
      ),
    )
}

/** Serialises the check-then-enqueue of one report until the transaction ends. */
export async function lockReport(db: DbOrTx, key: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`)
}

/** Whether a job of `kind` for this organisation already carries this member and week. */
export async function hasReportJob(
  db: DbOrTx,
  kind: string,
  organizationId: number,
  payload: { userId: number; week: string },
) {
  const [already] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, kind),
        eq(jobs.organizationId, organizationId),
        sql`${jobs.payload} @> ${JSON.stringify(payload)}::jsonb`,
      ),
    )
  return already !== undefined
}

export async function findRecipient(db: DbOrTx, userId: number) {
  const [user] = await db
    .select({ email: users.email, firstname: users.firstname })
    .from(users)
    .where(eq(users.id, userId))
  return user
}

export async function findOrganizationName(db: DbOrTx, organizationId: number) {
  const [organization] = await db
    .select({ name: organizations.name, brandName: organizations.brandName })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  return organization
}
