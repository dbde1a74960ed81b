import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { openTestDatabase } from '../../test/helpers'
import { arrayParam } from './ids'

it('sends a column of labels as one array parameter that the database reads back exactly, quotes and all', async () => {
  const labels = ['CB "LE ZINC"', 'C:\\Users\\compta', 'a,b', '{x}', '', 'NULL', 'Éléonore – café', null, '\\"']
  const database = await openTestDatabase()
  try {
    const result = (await database.db.execute(
      sql`select value from unnest(${arrayParam(labels, 'text')}) with ordinality as v(value, n) order by n`,
    )) as unknown as { rows: { value: string | null }[] }
    expect(result.rows.map((row) => row.value)).toEqual(labels)
  } finally {
    await database.close()
  }
})
