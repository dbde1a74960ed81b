import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'

/**
 * Says that this transaction posted: read by the check at commit (migration 0041), for this transaction only. On
 * Citus the check runs on the workers, in their part of the transaction: a SET LOCAL statement (not set_config) is
 * what Citus sends them, once told to (decision 0047). Elsewhere the first setting is a name nobody reads.
 */
export async function markBooksPosted(tx: DbOrTx) {
  await tx.execute(sql`select set_config('citus.propagate_set_commands', 'local', true)`)
  await tx.execute(sql`set local carnet.books_posted = 'on'`)
}
