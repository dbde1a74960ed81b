import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { openTestDatabase } from '../../test/helpers'
import { vacuumAfterBulkWrite, vacuumTables } from './maintenance'

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

it("refreshes, after a bulk import on PGlite, the statistics of its lines and of the books' entries and lines", async () => {
  const database = await openTestDatabase()
  try {
    await vacuumAfterBulkWrite(database)
    const result = (await database.db.execute(
      sql`select relname from pg_stat_user_tables where last_analyze is not null
        and relname in ('transactions', 'ledger_entries', 'ledger_lines') order by relname`,
    )) as unknown as { rows: { relname: string }[] }
    const analysed = result.rows.map((row) => row.relname)
    expect(analysed).toEqual(database.kind === 'pglite' ? ['ledger_entries', 'ledger_lines', 'transactions'] : [])
  } finally {
    await database.close()
  }
})
