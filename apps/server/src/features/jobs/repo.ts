import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { jobs } from '../../db/schema/index'

export type JobRow = typeof jobs.$inferSelect

/** The only SQL on `jobs` (decision 0016). */
export function createJobRepo(db: DbOrTx) {
  return {
    async insert(values: {
      organizationId: number | null
      kind: string
      payload: Record<string, unknown>
      runAt: string
    }) {
      const [row] = await db.insert(jobs).values(values).returning({ id: jobs.id })
      if (!row) throw new Error('job insert returned nothing')
      return row.id
    },

    /**
     * Claims due jobs in one statement: their run_at moves to the lease's end and their attempts count up, so once
     * committed no other process sees them as due until the lease ends. Oldest first: jobs run in the order made.
     */
    async claimDue(now: string, leaseUntil: string, limit: number): Promise<JobRow[]> {
      const due = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, now)))
        .orderBy(asc(jobs.id))
        .limit(limit)
        .for('update', { skipLocked: true })
      const rows = await db
        .update(jobs)
        .set({ attempts: sql`${jobs.attempts} + 1`, runAt: leaseUntil })
        .where(inArray(jobs.id, due))
        .returning()
      return rows.sort((a, b) => a.id - b.id)
    },

    async markDone(id: number, now: string) {
      await db.update(jobs).set({ status: 'done', doneAt: now, error: null }).where(eq(jobs.id, id))
    },

    async markRetry(id: number, error: string, runAt: string) {
      await db.update(jobs).set({ error, runAt }).where(eq(jobs.id, id))
    },

    async markFailed(id: number, error: string, now: string) {
      await db.update(jobs).set({ status: 'failed', error, doneAt: now }).where(eq(jobs.id, id))
    },

    /** The latest jobs of an organisation, newest first (tests and operators). */
    latest(organizationId: number, limit = 50) {
      return db.select().from(jobs).where(eq(jobs.organizationId, organizationId)).orderBy(desc(jobs.id)).limit(limit)
    },
  }
}
