import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { jobs } from '../../../db/schema/index'

export type JobRow = typeof jobs.$inferSelect

/** The only SQL on `jobs` (decision 0016). */
export function createJobRepo(db: DbOrTx) {
  return {
    /** Due at once (the database's clock). */
    async insert(values: { organizationId: number | null; kind: string; payload: Record<string, unknown> }) {
      const [row] = await db.insert(jobs).values(values).returning({ id: jobs.id })
      if (!row) throw new Error('job insert returned nothing')
      return row.id
    },

    /**
     * Claims due jobs in one statement: their run_at moves to the lease's end and their attempts count up, so once
     * committed no other process sees them as due until the lease ends. Oldest first: jobs run in the order made.
     * Times are the database's (now()), never a process's clock: two servers whose clocks differ still agree on a
     * lease.
     */
    async claimDue(leaseMinutes: number, limit: number): Promise<JobRow[]> {
      const due = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`)))
        .orderBy(asc(jobs.id))
        .limit(limit)
        .for('update', { skipLocked: true })
      // The due conditions again on the row being updated: a row another process claimed meanwhile is re-read by
      // PostgreSQL before this UPDATE touches it, and its new run_at (that process's lease) leaves it out.
      const rows = await db
        .update(jobs)
        .set({ attempts: sql`${jobs.attempts} + 1`, runAt: sql`now() + make_interval(mins => ${leaseMinutes})` })
        .where(and(inArray(jobs.id, due), eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`)))
        .returning()
      return rows.sort((a, b) => a.id - b.id)
    },

    async markDone(id: number, now: string) {
      await db.update(jobs).set({ status: 'done', doneAt: now, error: null }).where(eq(jobs.id, id))
    },

    async markRetry(id: number, error: string, delayMinutes: number) {
      await db
        .update(jobs)
        .set({ error, runAt: sql`now() + make_interval(mins => ${delayMinutes})` })
        .where(eq(jobs.id, id))
    },

    async markFailed(id: number, error: string, now: string) {
      await db.update(jobs).set({ status: 'failed', error, doneAt: now }).where(eq(jobs.id, id))
    },
  }
}
