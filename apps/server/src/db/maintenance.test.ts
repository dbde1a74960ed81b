import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { openTestDatabase } from '../../test/helpers'
import { vacuumTables } from './maintenance'

it('vacuums and refreshes the planner statistics (PGlite has no autovacuum)', async () => {
  const database = await openTestDatabase()
  try {
    await vacuumTables(database)
    const result = (await database.db.execute(
      sql`select count(*)::int as analysed from pg_stat_user_tables where relname = 'contacts' and last_analyze is not null and last_vacuum is not null`,
    )) as unknown as { rows: { analysed: number }[] }
    expect(result.rows[0]?.analysed).toBe(1)
  } finally {
    await database.close()
  }
})
