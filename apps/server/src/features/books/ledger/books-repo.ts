import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'

/** Says that this transaction posted: read by the check at commit (migration 0041), for this transaction only. */
export async function markBooksPosted(tx: DbOrTx) {
  await tx.execute(sql`select set_config('carnet.books_posted', 'on', true)`)
}
