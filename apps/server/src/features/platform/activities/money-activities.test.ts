import { describe, expect, it } from 'vitest'
import { associateAccount, company } from '../../../../test/expenses'
import { type Client, json, useTestContext } from '../../../../test/helpers'
import {
  BANK_FEES,
  bankAccount,
  HOLDING,
  importQif,
  PHONE,
  SAMPLE_FILES,
  sendFiles,
  transaction,
} from '../../../../test/money'

const ctx = useTestContext({ now: () => new Date('2026-11-24T10:00:00Z') })

type Entry = { code: string; sentence: string; payload: Record<string, unknown>; user: unknown }
/** A transaction's or a receipt's history, oldest first. */
const history = async (client: Client, model: 'transactions' | 'receipts', id: number) =>
  ((json(await client.get(`/${model}/${id}/activities`)).data as Entry[]) ?? []).reverse()
const sentences = async (client: Client, model: 'transactions' | 'receipts', id: number) =>
  (await history(client, model, id)).map((entry) => entry.sentence.replace(/\u202f|\u00a0/g, ' '))

const split = (client: Client, id: number, parts: [number, string][]) =>
  client.patch(`/transactions/${id}`, {
    allocations: parts.map(([accountingEntryId, amount]) => ({ name: 'Part', amount, accountingEntryId })),
  })

describe('the history of the money side', () => {
  it('tells a transaction categorised, given other categories, and uncategorised; not a mere amount change', async () => {
    const { client } = await company(ctx.app)
    const bank = await bankAccount(client)
    const id = await transaction(client, bank, 'ORANGE SA', '-60')
    expect((await split(client, id, [[PHONE, '-60']])).statusCode).toBe(200)
    // Same category, the parts moved: nothing to tell.
    expect((await split(client, id, [[PHONE, '-60']])).statusCode).toBe(200)
    expect(
      (
        await split(client, id, [
          [PHONE, '-50'],
          [BANK_FEES, '-10'],
        ])
      ).statusCode,
    ).toBe(200)
    // Parked on the holding account: nothing categorises it any more.
    expect((await split(client, id, [[HOLDING, '-60']])).statusCode).toBe(200)
    expect(await sentences(client, 'transactions', id)).toEqual([
      'Tu as catégorisé la transaction « ORANGE SA » en « Frais postaux et de télécommunications ».',
      'Tu as ventilé la transaction « ORANGE SA » sur 2 catégories : Frais postaux et de télécommunications, Services bancaires et assimilés.',
      'Tu as retiré la catégorie de la transaction « ORANGE SA ».',
    ])
    const [categorized] = await history(client, 'transactions', id)
    expect(categorized?.payload).toEqual({
      categories: [{ id: PHONE, name: 'Frais postaux et de télécommunications', code: '626' }],
    })
  })

  it('tells the transactions the grouped action categorised', async () => {
    const { client } = await company(ctx.app)
    const bank = await bankAccount(client)
    const first = await transaction(client, bank, 'FREE MOBILE', '-20')
    const second = await transaction(client, bank, 'SFR', '-25')
    const bulk = await client.post('/transactions/bulk', {
      action: 'categorize',
      ids: [first, second],
      accountingEntryId: PHONE,
    })
    expect(bulk.statusCode, bulk.body).toBe(200)
    expect(await sentences(client, 'transactions', second)).toEqual([
      'Tu as catégorisé la transaction « SFR » en « Frais postaux et de télécommunications ».',
    ])
  })

  it('tells a receipt attached and detached, on the transaction and on the receipt', async () => {
    const { client } = await company(ctx.app)
    const bank = await bankAccount(client)
    const id = await transaction(client, bank, 'BUREAU VALLEE', '-42')
    const upload = await sendFiles(ctx.app, client, '/receipts', [{ name: 'ticket.pdf', bytes: SAMPLE_FILES.pdf }])
    expect(upload.statusCode, upload.body).toBe(201)
    const receipt = json(upload).data[0].id as number
    expect((await client.post(`/transactions/${id}/receipts`, { receipts: [receipt] })).statusCode).toBe(200)
    // Attached again: already there, nothing new to tell.
    expect((await client.post(`/transactions/${id}/receipts`, { receipts: [receipt] })).statusCode).toBe(200)
    expect((await client.delete(`/transactions/${id}/receipts/${receipt}`)).statusCode).toBe(204)
    expect(await sentences(client, 'transactions', id)).toEqual([
      'Tu as associé le justificatif « ticket.pdf » à la transaction « BUREAU VALLEE ».',
      'Tu as dissocié le justificatif « ticket.pdf » de la transaction « BUREAU VALLEE ».',
    ])
    expect(await sentences(client, 'receipts', receipt)).toEqual([
      'Tu as associé le justificatif « ticket.pdf » à la transaction « BUREAU VALLEE ».',
      'Tu as dissocié le justificatif « ticket.pdf » de la transaction « BUREAU VALLEE ».',
    ])
  })

  it('tells an expense note made from a bank line, on both', async () => {
    const { client } = await company(ctx.app)
    const bank = await bankAccount(client)
    const associate = await associateAccount(client)
    const line = json(
      await client.post('/transactions', {
        journalId: bank,
        name: 'VIR JEANNE DUPONT',
        datedAt: '2026-11-20',
        amount: '-120',
        allocations: [{ name: 'Remboursement', amount: '-120', accountingEntryId: associate.accountingEntryId }],
      }),
    ).data.id as number
    const response = await client.post(`/transactions/${line}/expense`)
    expect(response.statusCode, response.body).toBe(201)
    const note = json(response).data.id as number
    const told =
      'Tu as créé la note de frais « Note de frais du 20/11/2026 » à partir de la transaction « VIR JEANNE DUPONT ».'
    expect(await sentences(client, 'transactions', note)).toEqual([told])
    expect(await sentences(client, 'transactions', line)).toEqual([told])
  })

  it('lets the platform mark the big bank lines, typed or imported', async () => {
    const { client } = await company(ctx.app)
    const bank = await bankAccount(client)
    const typed = await transaction(client, bank, 'VIR CLIENT DUPONT', '7500')
    const small = await transaction(client, bank, 'CAFE', '-3.20')
    const qif = '!Type:Bank\nD11/20/2026\nT-5000.00\nPACHAT MATERIEL\n^\nD11/21/2026\nT-12.00\nPFRAIS\n^\n'
    const imported = await importQif(ctx.app, client, bank, qif)
    expect(imported.statusCode, imported.body).toBe(200)
    const lines = json(await client.get('/transactions?pageSize=10')).data as { id: number; amount: string }[]
    const big = lines.find((row) => row.amount === '-5000.00')?.id as number
    const fees = lines.find((row) => row.amount === '-12.00')?.id as number

    const [entry] = await history(client, 'transactions', typed)
    expect(entry).toMatchObject({ code: 'transaction.big', user: null, payload: { amount: '7500.00' } })
    expect(await sentences(client, 'transactions', typed)).toEqual([
      'Carnet a repéré une transaction importante : 7 500,00 €.',
    ])
    expect(await sentences(client, 'transactions', big)).toEqual([
      'Carnet a repéré une transaction importante : -5 000,00 €.',
    ])
    expect(await sentences(client, 'transactions', small)).toEqual([])
    expect(await sentences(client, 'transactions', fees)).toEqual([])
  })
})
