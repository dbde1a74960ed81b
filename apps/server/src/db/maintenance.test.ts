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

it("refreshes, after a bulk import on PGlite, the statistics of its lines, and leaves the books' to the housekeeping", async () => {
  const database = await openTestDatabase()
  try {
    await vacuumAfterBulkWrite(database)
    const tables = ['ledger_entries', 'ledger_lines', 'transactions']
    expect(await analysed(database, tables)).toEqual(database.kind === 'pglite' ? ['transactions'] : [])
  } finally {
    await database.close()
  }
})

it('refreshes, before a bulk import on PGlite, the statistics of the tables its foreign key checks read', async () => {
  const database = await openTestDatabase()
  try {
    await analyzeBeforeBulkWrite(database)
    const tables = ['ledger_entries', 'ledger_lines', 'transaction_allocations', 'transactions']
    const read = ['transaction_allocations', 'transactions']
    expect(await analysed(database, tables)).toEqual(database.kind === 'pglite' ? read : [])
  } finally {
    await database.close()
  }
})

/** Bank lines written past the application (no trigger, no foreign key check), as a restore writes them. */
async function writeBankLines(database: Database, from: number, count: number) {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`)
    await tx.execute(sql`insert into transactions (organization_id, journal_id, name, raw_name, dated_at, amount,
        dedupe_key, origin)
      select 1, 1, 'Ligne ' || g, 'LIGNE ' || g, date '2026-01-01' + g % 300, -g % 1000 - 1, 'essai:' || g, 'import'
      from generate_series(${from}::int, ${from + count - 1}::int) g`)
  })
}

/** When the bank lines were last analysed and vacuumed. */
async function maintained(database: Database) {
  const { rows } = await database.db.execute<{ analyzed: string | null; vacuumed: string | null }>(
    sql`select last_analyze::text as analyzed, last_vacuum::text as vacuumed from pg_stat_user_tables
      where relname = 'transactions'`,
  )
  return rows[0]
}

it('after a bulk write on PGlite, vacuums and analyses only where autovacuum would: 50 rows and a tenth of the table changed', async () => {
  const database = await openTestDatabase()
  try {
    if (database.kind !== 'pglite') return
    await writeBankLines(database, 1, 3000)
    await vacuumAfterBulkWrite(database)
    const first = await maintained(database)
    expect(first?.analyzed).not.toBeNull()
    expect(first?.vacuumed).not.toBeNull()
    // 200 lines more on 3,000: under the 350 rows that would make the statistics stale, and the 1,600 of a vacuum.
    await writeBankLines(database, 3001, 200)
    await vacuumAfterBulkWrite(database)
    expect(await maintained(database)).toEqual(first)
    // 2,000 more, counted at once (PGlite reports its counts a second late unless asked): analysed and vacuumed again.
    await writeBankLines(database, 3201, 2000)
    await vacuumAfterBulkWrite(database)
    const third = await maintained(database)
    expect(third?.analyzed).not.toEqual(first?.analyzed)
    expect(third?.vacuumed).not.toEqual(first?.vacuumed)
  } finally {
    await database.close()
  }
})

it("runs as the database's owner when an import calls it in an organisation's scope, where VACUUM and ANALYZE would do nothing", async () => {
  const database = await openTestDatabase()
  try {
    if (database.kind === 'pglite') await writeBankLines(database, 1, 2000)
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

it('has the foreign key checks of a bulk import planned again for the size of the table they read, on PGlite', async () => {
  const database = await openTestDatabase()
  try {
    if (database.kind !== 'pglite') return
    const { db } = database
    await db.execute(sql`create table bulk_parents (id bigint primary key)`)
    await db.execute(sql`create table bulk_children (parent_id bigint not null references bulk_parents (id))`)
    // Analysed empty, as a new database's tables are; then a first small write: after a few checks, their plan is made
    // once for all on a table the statistics say is empty, where reading the whole table is cheapest.
    await db.execute(sql`analyze bulk_parents, bulk_children`)
    await db.execute(sql`insert into bulk_parents select g from generate_series(1, 20) g`)
    await db.execute(sql`insert into bulk_children select g from generate_series(1, 20) g`)
    await analyzeBeforeBulkWrite(database)
    const scans = await db.transaction(async (tx) => {
      await tx.execute(sql`insert into bulk_parents select g from generate_series(21, 2020) g`)
      await tx.execute(sql`insert into bulk_children select g from generate_series(21, 2020) g`)
      const { rows } = await tx.execute<{ scans: number }>(
        sql`select seq_scan::int as scans from pg_stat_xact_user_tables where relname = 'bulk_parents'`,
      )
      return rows[0]?.scans
    })
    // Kept, the first plan reads all the parents for each of the 2,000 children.
    expect(scans).toBeLessThan(100)
  } finally {
    await database.close()
  }
})
