import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'

/** The cheapest statement that proves the database answers. */
export async function ping(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`)
}
