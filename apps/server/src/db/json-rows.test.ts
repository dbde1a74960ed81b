import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { openTestDatabase } from '../../test/helpers'
import { jsonRows, writtenRows } from './json-rows'

it('reads what an insert returns as one document, its columns named as asked, and nothing when it wrote nothing', async () => {
  const database = await openTestDatabase()
  try {
    const { db } = database
    await db.execute(sql`create temporary table written_rows_probe (id int, label text, amount numeric)`)
    const written = await writtenRows<{ id: number; label: string; amount: string }>(
      db,
      sql`insert into written_rows_probe select g, 'ligne ' || g, g * 1.5 from generate_series(1, 3) g
        returning id, label, amount::text as "amount"`,
    )
    expect(written).toEqual([
      { id: 1, label: 'ligne 1', amount: '1.5' },
      { id: 2, label: 'ligne 2', amount: '3.0' },
      { id: 3, label: 'ligne 3', amount: '4.5' },
    ])
    expect(
      await writtenRows(db, sql`insert into written_rows_probe select 9, 'x', 1 where false returning id`),
    ).toEqual([])
    expect(await jsonRows(db, sql`select id from written_rows_probe order by id desc`)).toEqual([
      { id: 3 },
      { id: 2 },
      { id: 1 },
    ])
  } finally {
    await database.close()
  }
})
