import { sql } from 'drizzle-orm'
import type { Database } from './client'
import { acrossOrganizations } from './tenant-scope'

/**
 * Past this many lines written by one action (a statement import, a retroactive rule or its undo), the statistics are
 * refreshed after it, and before an import (PGlite has no autovacuum).
 */
export const BULK_WRITE_LINES = 1000

/**
 * Vacuums and refreshes the planner's statistics. PostgreSQL's autovacuum does it by itself; PGlite runs no
 * background worker, so without this a table that grew (10,000 imported contacts) keeps the plan of an empty table (a
 * full sort for every page instead of an index scan), and a trigram index keeps its pending list (the transaction
 * search stayed at 160 ms on 100,000 rows instead of 23 ms). The server's hourly housekeeping calls it on PGlite.
 */
export async function vacuumTables(database: Database): Promise<void> {
  await database.db.execute(sql`vacuum analyze`)
}

/**
 * The same for the tables a statement import of thousands of lines just filled, on PGlite only: its lines, and the
 * books' entries and lines. The ledger's statistics matter most: the foreign key check of every ledger line looks its
 * entry up with a plan made once, and a plan made while the statistics still said "empty" scans all the entries for
 * each line, the cost of an import growing with the square of the books.
 */
export async function vacuumAfterBulkWrite(database: Database): Promise<void> {
  if (database.kind !== 'pglite') return
  await asOwner(async () => {
    await database.db.execute(sql`vacuum analyze transactions`)
    await database.db.execute(sql`analyze ledger_entries, ledger_lines`)
  })
}

/**
 * After a retroactive rule or its undo changed thousands of lines, on PGlite only: the statistics of the lines, their
 * splits and the books, without the VACUUM of an import (it costs about what it saves there). The undo that follows
 * a run reads the books by the entries it reverses: planned from statistics that did not count the run's entries, the
 * copy of the reversed lines read every line of the books for each batch (138 ms instead of 5 for 500 entries).
 */
export async function analyzeAfterBulkWrite(database: Database): Promise<void> {
  if (database.kind !== 'pglite') return
  // Awaited inside: drizzle's query runs when awaited, and awaited outside it would run in the caller's scope.
  await asOwner(async () => {
    await database.db.execute(sql`analyze transactions, transaction_allocations, ledger_entries, ledger_lines`)
  })
}

/**
 * Maintenance runs as the connection's own role, outside any organisation's scope: called from a request, it would
 * otherwise run in the scope's transaction as carnet_app (decision 0048), where VACUUM is refused and ANALYZE skips
 * every table it does not own, both without an error the caller sees.
 */
const asOwner = <T>(work: () => Promise<T>) => acrossOrganizations(work)

/**
 * Before a statement import of thousands of lines, on PGlite only: the statistics of its lines and of the books, and
 * the plans kept so far forgotten. The foreign key checks of the lines it writes use plans PGlite keeps for the life of
 * the process; made while the books held a few entries, they scan every row of the table they point to. An import of
 * 10,000 lines after one of 200 took 20 to 40 s instead of 2 (each book line's check read all the entries): an ANALYZE
 * alone did not always have them planned again (PGlite reports its row counts late, so the staleness rule below can
 * miss the table), DISCARD PLANS does. Each check is planned again at its first use, inside the import, with the
 * table's size.
 */
export async function analyzeBeforeBulkWrite(database: Database): Promise<void> {
  if (database.kind !== 'pglite') return
  await asOwner(async () => {
    // Only the tables whose statistics are stale by autovacuum's own rule (50 rows + 10 % changed since the last
    // ANALYZE, or never analysed): a re-import of a known statement pays for none.
    const { rows } = await database.db.execute<{ name: string }>(sql`select s.relname as name
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.relname in ('transactions', 'transaction_allocations', 'ledger_entries', 'ledger_lines')
        and (s.last_analyze is null or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0))
      order by s.relname`)
    if (rows.length > 0) await database.db.execute(sql.raw(`analyze ${rows.map((row) => `"${row.name}"`).join(', ')}`))
    await database.db.execute(sql`discard plans`)
  })
}
