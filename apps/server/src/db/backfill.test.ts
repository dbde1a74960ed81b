import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { json, useTestContext } from '../../test/helpers'
import { bankAccount, transaction } from '../../test/money'
import { vatPayer } from '../../test/sales'
import { backfillMatchKeys } from './backfill'

const ctx = useTestContext()

it('folds the labels of transactions written before the key columns, so search and rules see them', async () => {
  const { client } = await vatPayer(ctx.app)
  const journalId = await bankAccount(client)
  const id = await transaction(client, journalId, 'Éléctricité  ÉDF', '-80.00')
  // As a row imported before migration 0014 looks.
  await ctx.database.db.execute(
    sql`update transactions set name_key = null, raw_name_key = null, counterparty_key = null where id = ${id}`,
  )
  expect(json(await client.get('/transactions?filter[search]=electricite')).data).toEqual([])
  expect(await backfillMatchKeys(ctx.database)).toBeGreaterThanOrEqual(1)
  expect(
    json(await client.get('/transactions?filter[search]=electricite')).data.map((row: { id: number }) => row.id),
  ).toEqual([id])
  expect(await backfillMatchKeys(ctx.database)).toBe(0)
})
