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

/** The same for one table just filled in bulk (a statement import of thousands of lines), on PGlite only. */
export async function vacuumAfterBulkWrite(database: Database, table: 'transactions'): Promise<void> {
  if (database.kind === 'pglite') await database.db.execute(sql`vacuum analyze ${sql.identifier(table)}`)
}
