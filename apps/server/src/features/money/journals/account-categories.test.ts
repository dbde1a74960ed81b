import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { associateAccount, company } from '../../../../test/expenses'
import { type Client, json, useTestContext } from '../../../../test/helpers'
import { bankAccount } from '../../../../test/money'
import { backfillAccountCategories } from '../../../backfill'

const ctx = useTestContext()

const category = async (client: Client, id: number) => json(await client.get(`/accounting-entries/${id}`)).data

describe('the category of an associate or operator account', () => {
  it('is created with the account, under 455, named and numbered as it, without VAT; renamed with it', async () => {
    const { client } = await company(ctx.app)
    const associate = await associateAccount(client, 'Jeanne Dupont')
    expect(associate).toMatchObject({ accountCode: '4551', accountingEntryId: expect.any(Number) })
    const parent = json(await client.get('/accounting-entries?filter[code]=455&filter[category]=general')).data[0]
    expect(await category(client, associate.accountingEntryId)).toMatchObject({
      code: '4551',
      name: 'CCA Jeanne Dupont',
      parentId: parent.id,
      taxTypeId: parent.taxTypeId,
      taxRateId: parent.taxRateId,
      isEditable: true,
      isActive: true,
    })
    await client.patch(`/journals/${associate.id}`, { name: 'Jeanne Martin' })
    expect((await category(client, associate.accountingEntryId)).name).toBe('CCA Jeanne Martin')

    const operator = json(await client.post('/journals', { name: 'Exploitant', journalTypeId: 3 })).data
    expect(await category(client, operator.accountingEntryId)).toMatchObject({ code: '1081', name: 'Exploitant' })
  })

  it('goes with its account when unused, and is switched off when bank splits still use it', async () => {
    const { client } = await company(ctx.app)
    const unused = await associateAccount(client, 'Alex Martin')
    expect((await client.delete(`/journals/${unused.id}`)).statusCode).toBe(204)
    expect((await client.get(`/accounting-entries/${unused.accountingEntryId}`)).statusCode).toBe(404)

    const used = await associateAccount(client, 'Jeanne Dupont')
    const bank = await bankAccount(client)
    await client.post('/transactions', {
      journalId: bank,
      name: 'Remboursement',
      datedAt: '2026-11-20',
      amount: '-50',
      allocations: [{ name: 'Remboursement', amount: '-50', accountingEntryId: used.accountingEntryId }],
    })
    expect((await client.delete(`/journals/${used.id}`)).statusCode).toBe(204)
    expect(await category(client, used.accountingEntryId)).toMatchObject({ isActive: false })
  })

  it('is given at start-up to accounts created before categories existed', async () => {
    const { client } = await company(ctx.app)
    const associate = await associateAccount(client, 'Jeanne Dupont')
    // As an account written before migration 0017 looks.
    await ctx.database.db.execute(sql`update journals set accounting_entry_id = null where id = ${associate.id}`)
    expect(await backfillAccountCategories(ctx.database)).toBeGreaterThanOrEqual(1)
    const filled = json(await client.get(`/journals/${associate.id}`)).data
    expect(filled.accountingEntryId).toEqual(expect.any(Number))
    expect(await category(client, filled.accountingEntryId)).toMatchObject({ code: '4551', name: 'CCA Jeanne Dupont' })
    expect(await backfillAccountCategories(ctx.database)).toBe(0)
  })
})
