import { messages } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { associateAccount, company, expenseNote } from '../../../../test/expenses'
import { type Client, json, useTestContext } from '../../../../test/helpers'
import { bankAccount, HOLDING, PHONE, TRAVEL } from '../../../../test/money'

const ctx = useTestContext()
const m = messages.expenses

/** A bank line typed by hand with its split. */
async function bankLine(client: Client, journalId: number, amount: string, split: [number, string][]) {
  const response = await client.post('/transactions', {
    journalId,
    name: 'VIR JEANNE DUPONT',
    datedAt: '2026-11-20',
    amount,
    allocations: split.map(([accountingEntryId, part]) => ({ name: 'Remboursement', amount: part, accountingEntryId })),
  })
  expect(response.statusCode, response.body).toBe(201)
  return json(response).data.id as number
}

const refusal = async (client: Client, id: number) => {
  const response = await client.post(`/transactions/${id}/expense`)
  expect(response.statusCode, response.body).toBe(409)
  return json(response).message as string
}

describe('an expense note made from a bank line', () => {
  it('is made in the associate’s account, dated as the line, for its amount, on the holding category, once', async () => {
    const { client } = await company(ctx.app)
    const bank = await bankAccount(client)
    const associate = await associateAccount(client)
    const line = await bankLine(client, bank, '-120', [[associate.accountingEntryId, '-120']])
    const response = await client.post(`/transactions/${line}/expense`)
    expect(response.statusCode, response.body).toBe(201)
    const note = json(response).data
    expect(note).toMatchObject({
      journalId: associate.id,
      name: 'Note de frais du 20/11/2026',
      datedAt: '2026-11-20',
      amount: '120.00',
      sourceTransactionId: line,
      transactionAllocations: [{ amount: '120.00', accountingEntryId: HOLDING, taxAmount: '0.00' }],
    })
    expect(json(await client.get(`/transactions/${line}`)).data.expenseNoteId).toBe(note.id)
    // One note per bank line.
    expect(await refusal(client, line)).toBe(m.alreadyMade)
    // Deleting the note frees the bank line for another one.
    expect((await client.delete(`/transactions/${note.id}`)).statusCode).toBe(204)
    expect(json(await client.get(`/transactions/${line}`)).data.expenseNoteId).toBeNull()
    expect((await client.post(`/transactions/${line}/expense`)).statusCode).toBe(201)
  })

  it('is offered only for money out of a bank account split on one active associate category', async () => {
    const { client } = await company(ctx.app)
    const bank = await bankAccount(client)
    const associate = await associateAccount(client)
    const entry = associate.accountingEntryId
    const income = await bankLine(client, bank, '120', [[entry, '120']])
    const split = await bankLine(client, bank, '-120', [
      [entry, '-100'],
      [TRAVEL, '-20'],
    ])
    const otherCategory = await bankLine(client, bank, '-120', [[PHONE, '-120']])
    const uncategorized = await bankLine(client, bank, '-120', [])
    for (const id of [income, split, otherCategory, uncategorized])
      expect(await refusal(client, id)).toBe(m.notEligible)
    const note = await expenseNote(client, {
      datedAt: '2026-11-20',
      allocations: [{ name: 'Taxi', amount: '30', accountingEntryId: entry }],
    })
    expect(await refusal(client, note.id)).toBe(m.notEligible)
    // A switched-off associate account makes no note.
    const line = await bankLine(client, bank, '-120', [[entry, '-120']])
    await client.post(`/journals/${associate.id}/toggle`)
    expect(await refusal(client, line)).toBe(m.notEligible)
  })

  it('keeps the note when the bank line is deleted, no longer linked to it', async () => {
    const { client } = await company(ctx.app)
    const bank = await bankAccount(client)
    const associate = await associateAccount(client)
    const line = await bankLine(client, bank, '-80', [[associate.accountingEntryId, '-80']])
    const note = json(await client.post(`/transactions/${line}/expense`)).data
    expect((await client.delete(`/transactions/${line}`)).statusCode).toBe(204)
    expect(json(await client.get(`/transactions/${note.id}`)).data).toMatchObject({
      amount: '80.00',
      sourceTransactionId: null,
    })
  })

  it("answers 404 for another organisation's bank line", async () => {
    const owner = await company(ctx.app)
    const bank = await bankAccount(owner.client)
    const associate = await associateAccount(owner.client)
    const line = await bankLine(owner.client, bank, '-120', [[associate.accountingEntryId, '-120']])
    const stranger = await company(ctx.app)
    await associateAccount(stranger.client)
    expect((await stranger.client.post(`/transactions/${line}/expense`)).statusCode).toBe(404)
    expect(json(await owner.client.get(`/transactions/${line}`)).data.expenseNoteId).toBeNull()
  })
})

describe('what the organisation owes an associate', () => {
  it('adds the starting value, the notes, and the bank splits on the associate’s category', async () => {
    const { client } = await company(ctx.app)
    const bank = await bankAccount(client)
    const associate = await associateAccount(client, 'Jeanne Dupont', '200')
    const owed = async () => json(await client.get(`/journals/${associate.id}`)).data
    expect(await owed()).toMatchObject({ owed: '200.00', balance: '200.00' })
    await expenseNote(client, {
      datedAt: '2026-11-20',
      allocations: [{ name: 'Taxi', amount: '170', accountingEntryId: TRAVEL }],
    })
    expect(await owed()).toMatchObject({ owed: '370.00', balance: '370.00' })
    // The company pays her back 120: it owes her 120 less. She puts in 1,000: it owes her 1,000 more.
    await bankLine(client, bank, '-120', [[associate.accountingEntryId, '-120']])
    expect((await owed()).owed).toBe('250.00')
    await bankLine(client, bank, '1000', [[associate.accountingEntryId, '1000']])
    expect(await owed()).toMatchObject({ owed: '1250.00', balance: '370.00' })
    // A bank account owes nobody.
    expect(json(await client.get(`/journals/${bank}`)).data).toMatchObject({ owed: null, accountingEntryId: null })
  })
})
