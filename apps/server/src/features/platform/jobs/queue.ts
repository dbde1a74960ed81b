import type { Db, DbOrTx } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { AppError } from '../../../lib/errors'
import { createJobRepo, type JobRow } from './repo'

/** The job a handler is given: the features that handle jobs name it without reaching into the repo. */
export type { JobRow } from './repo'
export type JobHandler = (job: JobRow) => Promise<void>

/** Waits after the 1st, 2nd… failed attempt; after MAX_ATTEMPTS attempts the job is given up (failed). */
export const JOB_RETRY_MINUTES = [1, 5, 30, 120, 360, 720, 1440] as const
const MAX_ATTEMPTS = JOB_RETRY_MINUTES.length + 1
/** A claimed job is not due again for this long: far longer than one job (a PDF and an SMTP exchange). */
const LEASE_MINUTES = 10
const CLAIM_BATCH = 20

/**
 * Durable jobs (DESIGN.md "Background work runs as jobs stored in the database"): `enqueue` writes a row inside the
 * caller's transaction, so the job exists exactly when the change that asked for it does; `runQueued` claims due rows
 * (SKIP LOCKED, a lease) and runs each with its kind's handler. A job that throws is retried with a backoff, one that
 * meets a refusal (a 4xx AppError: a state it cannot change) fails at once. Handlers are idempotent: a process that
 * died after a handler's work committed leaves a job that runs again and finds nothing left to do.
 */
export function createJobQueue(deps: { db: Db; clock: Clock }) {
  const handlers = new Map<string, JobHandler>()

  async function run(job: JobRow): Promise<'done' | 'retry' | 'failed'> {
    const repo = createJobRepo(deps.db)
    const handler = handlers.get(job.kind)
    if (!handler) {
      await repo.markFailed(job.id, `no handler for ${job.kind}`, deps.clock().toISOString())
      return 'failed'
    }
    try {
      await handler(job)
      await repo.markDone(job.id, deps.clock().toISOString())
      return 'done'
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const refused = error instanceof AppError && error.statusCode < 500
      const delay = JOB_RETRY_MINUTES[job.attempts - 1]
      if (refused || job.attempts >= MAX_ATTEMPTS || delay === undefined) {
        await repo.markFailed(job.id, message, deps.clock().toISOString())
        return 'failed'
      }
      await repo.markRetry(job.id, message, delay)
      return 'retry'
    }
  }

  return {
    register(kind: string, handler: JobHandler) {
      handlers.set(kind, handler)
    },

    /** Writes a job in the caller's transaction; it runs at the next `runQueued`. */
    enqueue(tx: DbOrTx, job: { organizationId: number | null; kind: string; payload: Record<string, unknown> }) {
      return createJobRepo(tx).insert(job)
    },

    /**
     * Runs the jobs due now (the database's clock: leases are real time, whatever date `npm run jobs --until`
     * reaches), batch after batch until none is left; returns how many ended done or failed.
     */
    async runQueued(): Promise<{ done: number; failed: number }> {
      const counts = { done: 0, failed: 0 }
      for (;;) {
        const claimed = await createJobRepo(deps.db).claimDue(LEASE_MINUTES, CLAIM_BATCH)
        if (claimed.length === 0) return counts
        for (const job of claimed) {
          const outcome = await run(job)
          if (outcome !== 'retry') counts[outcome]++
        }
      }
    },
  }
}
export type JobQueue = ReturnType<typeof createJobQueue>
