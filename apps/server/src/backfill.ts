import { isNull, or, sql } from 'drizzle-orm'
import type { Database } from './db/client'
import { transactions } from './db/schema/index'
import { type Books, createBooks } from './features/books/ledger/books'
import { createLedgerRepo, type DeferredKey } from './features/books/ledger/repo'
import { fillAccountCategories } from './features/money/journals/backfill'
import { matchKeys } from './features/money/transactions/match-keys'

const BATCH = 2000

const snake = (keys: ReturnType<typeof matchKeys>) => ({
  name_key: keys.nameKey,
  raw_name_key: keys.rawNameKey,
  counterparty_key: keys.counterpartyKey,
})

/**
 * Fills the folded label columns of transactions written before migration 0014 (schema/money.ts): the search and the
 * rule preview read only those columns, so an old row would otherwise be invisible to them. Runs at every start, in
 * batches; a no-op once done (one query that finds nothing). Returns how many rows it filled.
 */
export async function backfillMatchKeys(database: Database): Promise<number> {
  const { db } = database
  let filled = 0
  for (;;) {
    const rows = await db
      .select({
        organizationId: transactions.organizationId,
        id: transactions.id,
        name: transactions.name,
        rawName: transactions.rawName,
        counterparty: transactions.counterparty,
      })
      .from(transactions)
      .where(or(isNull(transactions.nameKey), isNull(transactions.rawNameKey), isNull(transactions.counterpartyKey)))
      .limit(BATCH)
    if (rows.length === 0) return filled
    const values = rows.map((row) => ({ organization_id: row.organizationId, id: row.id, ...snake(matchKeys(row)) }))
    // One statement per batch: a row at a time took minutes on 100,000 old rows.
    await db.execute(sql`
      update transactions t
      set name_key = v.name_key, raw_name_key = v.raw_name_key, counterparty_key = v.counterparty_key
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
        as v(organization_id bigint, id bigint, name_key text, raw_name_key text, counterparty_key text)
      where t.organization_id = v.organization_id and t.id = v.id`)
    filled += rows.length
  }
}

/**
 * Gives associate and operator accounts older than migration 0017 their own category (features/money/journals/backfill.ts).
 * Runs at every start; a no-op once done. Returns how many accounts it filled.
 */
export const backfillAccountCategories = (database: Database): Promise<number> => fillAccountCategories(database.db)

/**
 * Posts the books of what existed before the ledger (migrations 0018–0020 marked every validated invoice and receipt,
 * every transaction and every organisation's openings), a batch per transaction so that a large database neither
 * holds one huge transaction nor makes the first user's request wait: the documents first, then the openings. Each
 * pass goes through the list once: a source that cannot be posted stays set aside for `npm run ledger` to report,
 * and the next start tries it again. Runs at every start; a no-op once done. Returns how many sources it released.
 */
export async function backfillLedger(database: Database, batch = 500, books: Books = createBooks()): Promise<number> {
  let done = 0
  for (const phase of ['documents', 'openings'] as const) {
    let after: DeferredKey | null = null
    for (;;) {
      // Released and posted in one transaction: the books take the batch as a service's write would.
      const { released, last } = await database.db.transaction(async (tx) => {
        const batchReleased = await createLedgerRepo(tx).releaseDeferred(batch, phase, after)
        await books.post(tx)
        return batchReleased
      })
      if (!last) break
      done += released
      after = last
    }
  }
  return done
}
