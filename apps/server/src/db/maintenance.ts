import { sql } from 'drizzle-orm'
import type { Database } from './client'

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
  await database.db.execute(sql`vacuum analyze transactions`)
  await database.db.execute(sql`analyze ledger_entries, ledger_lines`)
}
