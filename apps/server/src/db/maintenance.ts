import { sql } from 'drizzle-orm'
import type { Database } from './client'

/**
 * Refreshes the planner's statistics. PostgreSQL's autovacuum does it by itself; PGlite runs no background worker,
 * so without this a table that grew (10,000 imported contacts) keeps the plan of an empty table: a full sort for
 * every page instead of an index scan. The server's hourly housekeeping calls it on PGlite.
 */
export async function analyzeTables(database: Database): Promise<void> {
  await database.db.execute(sql`analyze`)
}
