import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { openTestDatabase } from '../../test/helpers'
import { analyzeTables } from './maintenance'

it('refreshes the planner statistics (PGlite has no autovacuum)', async () => {
  const database = await openTestDatabase()
  try {
    await analyzeTables(database)
    const result = (await database.db.execute(
      sql`select count(*)::int as analysed from pg_stat_user_tables where relname = 'contacts' and last_analyze is not null`,
    )) as unknown as { rows: { analysed: number }[] }
    expect(result.rows[0]?.analysed).toBe(1)
  } finally {
    await database.close()
  }
})
