import { sql } from 'drizzle-orm'
import type { DbOrTx } from './client'

/**
 * Makes the transactions doing `what` for one organisation wait for each other, until each ends: a transaction-level
 * advisory lock named after both. Not the organisation's row `for update`: on Citus, locking a row of a reference
 * table locks the whole table on every node, so every organisation would wait for every other (decision 0047).
 */
export async function lockForOrganization(tx: DbOrTx, what: string, organizationId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${what}:${organizationId}`}, 0))`)
}

/** The code of a transaction PostgreSQL cancelled to break a deadlock; Citus gives it to one across nodes too. */
const DEADLOCK_DETECTED = '40P01'

function isDeadlock(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause)
    if ((cause as { code?: unknown }).code === DEADLOCK_DETECTED) return true
  return false
}

/**
 * Runs a transaction again when the database cancelled it in a deadlock, as PostgreSQL's documentation advises: the
 * other transaction went through, so this one, started again, finds the way clear. For the short transactions that
 * write the rows of reference tables on Citus (users, organisations), where two of them can deadlock across nodes.
 * `work` must do nothing outside its transaction.
 */
export async function retryDeadlocks<Result>(work: () => Promise<Result>, attempts = 3): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work()
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(error)) throw error
    }
  }
}
