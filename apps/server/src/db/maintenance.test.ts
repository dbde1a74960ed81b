import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { openTestDatabase } from '../../test/helpers'
import type { Database } from './client'
import { analyzeBeforeBulkWrite, vacuumAfterBulkWrite, vacuumTables } from './maintenance'
import { inOrganization } from './tenant-scope'

/** Which of these tables have been analysed, by name. */
async function analysed(database: Database, tables: string[]) {
  const result = (await database.db.execute(
    sql`select relname from pg_stat_user_tables where last_analyze is not null
      and relname = any(${sql.param(tables)}::text[]) order by relname`,
  )) as unknown as { rows: { relname: string }[] }
  return result.rows.map((row) => row.relname)
}

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
    const tables = ['ledger_entries', 'ledger_lines', 'transactions']
    expect(await analysed(database, tables)).toEqual(database.kind === 'pglite' ? tables : [])
  } finally {
    await database.close()
  }
})

it('refreshes, before a bulk import on PGlite, the statistics of the tables its foreign key checks read', async () => {
  const database = await openTestDatabase()
  try {
    await analyzeBeforeBulkWrite(database)
    const tables = ['ledger_entries', 'ledger_lines', 'transaction_allocations', 'transactions']
    expect(await analysed(database, tables)).toEqual(database.kind === 'pglite' ? tables : [])
  } finally {
    await database.close()
  }
})

it("runs as the database's owner when an import calls it in an organisation's scope, where VACUUM and ANALYZE would do nothing", async () => {
  const database = await openTestDatabase()
  try {
    await inOrganization(1, async () => {
      await analyzeBeforeBulkWrite(database)
      await vacuumAfterBulkWrite(database)
    })
    const result = (await database.db.execute(
      sql`select relname from pg_stat_user_tables where last_analyze is not null and last_vacuum is not null
        and relname = 'transactions'`,
    )) as unknown as { rows: { relname: string }[] }
    expect(result.rows.map((row) => row.relname)).toEqual(database.kind === 'pglite' ? ['transactions'] : [])
  } finally {
    await database.close()
  }
})
