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
 * The same for the bank lines a statement import of thousands of lines just filled, on PGlite only, where PostgreSQL's
 * autovacuum would, when autovacuum's rule finds them stale (staleTables). The vacuum merges their trigram indexes'
 * pending lists, which a search reads row by row. A table ten times the statement's size is not stale: the vacuum and
 * ANALYZE of 120,000 bank lines took 0.5–0.7 s of an 8-second import of 10,000 into them, for the same plans (the
 * planner scales the row counts it has by the pages the table holds now). The books' tables are left to the hourly
 * housekeeping and to the retroactive runs (analyzeAfterBulkWrite): their statistics were refreshed here for the
 * foreign key checks of their lines, which are gone (decision 0052), and cost 0.7 s of an import into large books.
 */
export async function vacuumAfterBulkWrite(database: Database): Promise<void> {
  if (database.kind !== 'pglite') return
  await asOwner(async () => {
    const [lines] = await staleTables(database, ['transactions'])
    if (lines?.vacuum) await database.db.execute(sql`vacuum "transactions"`)
    if (lines?.analyze) await analyzeQuickly(database, ['transactions'])
  })
}

/**
 * After a retroactive rule or its undo changed thousands of lines, on PGlite only: the statistics of the lines, their
 * splits and the books that autovacuum's rule finds stale, without the VACUUM of an import (it costs about what it
 * saves there). The undo that follows a run reads the books by the entries it reverses: planned from statistics that
 * did not count the run's entries, the copy of the reversed lines read every line of the books for each batch (138 ms
 * instead of 5 for 500 entries).
 */
export async function analyzeAfterBulkWrite(database: Database): Promise<void> {
  if (database.kind !== 'pglite') return
  // Awaited inside: drizzle's query runs when awaited, and awaited outside it would run in the caller's scope.
  await asOwner(() => analyzeStale(database, BULK_TABLES))
}

const BULK_TABLES = ['transactions', 'transaction_allocations', 'ledger_entries', 'ledger_lines']
/** What the foreign key checks of an import's writes read: its lines (for their splits) and the splits. */
const IMPORT_TABLES = ['transactions', 'transaction_allocations']

type Staleness = { name: string; analyze: boolean; vacuum: boolean }

/**
 * Which of these tables autovacuum would analyse or vacuum now, by its rules and PostgreSQL's default settings: analyse
 * when never analysed, or when 50 rows and a tenth of the table changed since; vacuum when 1,000 rows and a fifth of
 * it were inserted since the last vacuum, or 50 rows and a fifth died. PGlite counts the changes as PostgreSQL does
 * but reports them at most once a second: the report is forced first, and read by the next statement.
 */
async function staleTables(database: Database, names: readonly string[]): Promise<Staleness[]> {
  await database.db.execute(sql`select pg_stat_force_next_flush()`)
  const { rows } = await database.db.execute<Staleness>(sql`select s.relname as name,
      (s.last_analyze is null or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)) as analyze,
      (s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
        or s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)) as vacuum
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.relname = any(${sql.param(names)}::text[])
    order by s.relname`)
  return rows
}

/** ANALYZE of the bulk writes' tables that autovacuum's rule finds stale, in one statement. */
async function analyzeStale(database: Database, tables: readonly string[]) {
  const stale = (await staleTables(database, tables)).filter((table) => table.analyze).map((table) => table.name)
  if (stale.length > 0) await analyzeQuickly(database, stale)
}

/**
 * The statistics target of the refreshes around bulk writes: ANALYZE samples 300 rows per unit of it, 6,000 here
 * instead of PostgreSQL's 30,000. Those refreshes are there for row counts and the shape of the organisation's rows,
 * which such a sample gives; they took 0.6 s of a 47,000-line retroactive run (the four tables) and 0.13 s here. The
 * hourly housekeeping's VACUUM ANALYZE keeps the default.
 */
const QUICK_STATISTICS_TARGET = 20

async function analyzeQuickly(database: Database, tables: readonly string[]) {
  // In a transaction of its own, so that the setting is this ANALYZE's alone.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local default_statistics_target = ${QUICK_STATISTICS_TARGET}`))
    await tx.execute(sql.raw(`analyze ${tables.map((table) => `"${table}"`).join(', ')}`))
  })
}

/**
 * Maintenance runs as the connection's own role, outside any organisation's scope: called from a request, it would
 * otherwise run in the scope's transaction as carnet_app (decision 0048), where VACUUM is refused and ANALYZE skips
 * every table it does not own, both without an error the caller sees.
 */
const asOwner = <T>(work: () => Promise<T>) => acrossOrganizations(work)

/**
 * Before a statement import of thousands of lines, on PGlite only: the statistics of its lines and their splits, and
 * the plans kept so far forgotten. The foreign key checks of the lines it writes use plans PGlite keeps for the life of
 * the process; made while the books held a few entries, they scan every row of the table they point to. An import of
 * 10,000 lines after one of 200 took 20 to 40 s instead of 2 (each book line's check read all the entries, before
 * decision 0052): an ANALYZE alone did not always have them planned again, DISCARD PLANS does. Each check is planned
 * again at its first use, inside the import, with the table's size.
 */
export async function analyzeBeforeBulkWrite(database: Database): Promise<void> {
  if (database.kind !== 'pglite') return
  await asOwner(async () => {
    // Only the tables whose statistics are stale: a re-import of a known statement pays for none.
    await analyzeStale(database, IMPORT_TABLES)
    await database.db.execute(sql`discard plans`)
  })
}
