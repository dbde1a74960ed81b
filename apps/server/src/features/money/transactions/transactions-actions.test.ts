import { messages } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { type Client, json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'
import { act, createValidatedInvoice, line, vatPayer } from '../../../../test/sales'

/** 24 November 2026 in Paris. */
const ctx = useTestContext({ now: () => new Date('2026-11-24T10:00:00Z') })
const m = messages.transactions

async function setUp(client: Client) {
  const entries = json(await client.get('/accounting-entries?pageSize=1000')).data as { id: number; code: string }[]
  const entry = (code: string) => entries.find((candidate) => candidate.code === code)?.id as number
  const journal = json(
    await client.post('/journals', { name: 'Compte pro', journalTypeId: 1, iban: 'FR76 3000 4000 0312 3456 7890 143' }),
  ).data
  const add = async (name: string, amount: string, datedAt = '2026-11-05', extra: Record<string, unknown> = {}) => {
    const response = await client.post('/transactions', { journalId: journal.id, name, datedAt, amount, ...extra })
    expect(response.statusCode, response.body).toBe(201)
    return json(response).data as { id: number; amount: string }
  }
  const categorize = (id: number, amount: string, accountingEntryId: number) =>
    client.patch(`/transactions/${id}`, { allocations: [{ name: 'Part', amount, accountingEntryId }] })
  return {
    journalId: journal.id as number,
    phone: entry('626'),
    fuel: entry('6061'),
    sales: entry('706'),
    folder: entries.find((candidate) => candidate.code === '0')?.id as number,
    add,
    categorize,
  }
}

const idsOf = async (client: Client, query: string) =>
  (json(await client.get(`/transactions?${query}`)).data as { id: number }[]).map((row) => row.id)

describe('the transactions list tabs and filters', () => {
  it('finds the transactions to justify, with comments, archived, with the same label or the same category', async () => {
    const { client } = await vatPayer(ctx.app)
    const f = await setUp(client)
    const old = await f.add('Abonnement mobile', '-20', '2025-06-01')
    const phone = await f.add('Abonnement mobile', '-20', '2026-10-01')
    const lost = await f.add('Péage A7', '-12.40', '2026-10-02', { hasNoReceipt: true })
    const other = await f.add('Carburant', '-60', '2026-10-03')
    expect((await f.categorize(phone.id, '-20', f.phone)).statusCode).toBe(200)
    expect((await f.categorize(other.id, '-60', f.phone)).statusCode).toBe(200)
    expect((await client.post(`/transactions/${phone.id}/comments`, { comment: 'Forfait pro' })).statusCode).toBe(201)

    expect(await idsOf(client, 'filter[isArchived]=true')).toEqual([old.id])
    expect(await idsOf(client, 'filter[isArchived]=false')).toEqual([other.id, lost.id, phone.id])
    expect(await idsOf(client, 'filter[toJustify]=true')).toEqual([other.id, phone.id, old.id])
    expect(await idsOf(client, 'filter[toJustify]=false')).toEqual([lost.id])
    expect(await idsOf(client, 'filter[withComment]=true')).toEqual([phone.id])
    // Filters combined, with a search: each document test under an OR or a NOT names the organisation itself, or a
    // Citus cluster refuses the query (a 500 the fuzzer found).
    expect(await idsOf(client, 'filter[toJustify]=false&filter[withComment]=false&search=p')).toEqual([lost.id])
    expect(await idsOf(client, 'filter[toJustify]=true&filter[withComment]=false&filter[uncategorized]=false')).toEqual(
      [other.id],
    )
    expect(
      await idsOf(client, 'filter[withReceipt]=false&filter[withComment]=true&filter[uncategorized]=false'),
    ).toEqual([phone.id])
    expect(await idsOf(client, `filter[sameAs]=${phone.id}`)).toEqual([old.id])
    expect(await idsOf(client, `filter[sameAs]=${phone.id}&filter[uncategorized]=true`)).toEqual([old.id])
    expect(await idsOf(client, `filter[withTheSameCategory]=${phone.id}`)).toEqual([other.id])
  })

  it('counts the bank transactions to categorise, not the cash box’s', async () => {
    const { client } = await vatPayer(ctx.app)
    const f = await setUp(client)
    await f.add('Péage', '-10')
    const categorized = await f.add('Forfait', '-20')
    await f.categorize(categorized.id, '-20', f.phone)
    const cash = json(await client.post('/journals', { name: 'Caisse', journalTypeId: 4 })).data
    await client.post('/transactions', { journalId: cash.id, name: 'Vente', datedAt: '2026-11-05', amount: '15' })
    expect(json(await client.get('/transactions/to-categorize/count')).data).toEqual({ count: 1 })
  })

  it('answers each transaction with its bank, comment count and note', async () => {
    const { client } = await vatPayer(ctx.app)
    const f = await setUp(client)
    const created = await f.add('Abonnement mobile', '-20')
    await client.post(`/transactions/${created.id}/comments`, { comment: 'Forfait pro' })
    expect(
      (await client.request('PUT', `/transactions/${created.id}/note`, { comment: 'Demander la facture' })).statusCode,
    ).toBe(200)
    const [listed] = json(await client.get('/transactions')).data
    expect(listed).toMatchObject({ bank: { name: 'BNP Paribas' }, commentCount: 1, note: 'Demander la facture' })
  })

  it('takes the category’s own tax when a part names none, collected or deductible by the sign', async () => {
    const { client } = await vatPayer(ctx.app)
    const f = await setUp(client)
    const spent = await f.add('Forfait mobile', '-60')
    const categorized = json(await f.categorize(spent.id, '-60', f.phone)).data
    expect(categorized.transactionAllocations[0]).toMatchObject({ taxAmount: '-10.00', tax: { code: 'BS_FR_20' } })
  })
})

describe('grouped actions (all or nothing)', () => {
  it('validates a selection only when every transaction is categorised', async () => {
    const { client } = await vatPayer(ctx.app)
    const f = await setUp(client)
    const a = await f.add('Forfait', '-20')
    const b = await f.add('Péage', '-10')
    await f.categorize(a.id, '-20', f.phone)
    const refused = await client.post('/transactions/bulk', { action: 'validate', ids: [a.id, b.id] })
    expect(refused.statusCode).toBe(422)
    expect(json(refused).message).toBe(m.bulkNotCategorized)
    expect(json(await client.get(`/transactions/${a.id}`)).data.isValidated).toBe(false)
    await f.categorize(b.id, '-10', f.fuel)
    expect(await act(client, '/transactions/bulk', 200, { action: 'validate', ids: [a.id, b.id] })).toEqual({
      updated: 2,
    })
    expect(await idsOf(client, 'filter[isValidated]=true')).toEqual([b.id, a.id])
  })

  it('gives one category to a selection, with VAT for each, and refuses locked, split or mixed selections', async () => {
    const { client } = await vatPayer(ctx.app)
    const f = await setUp(client)
    const a = await f.add('Station A', '-60')
    const b = await f.add('Station B', '-30')
    const refund = await f.add('Remboursement', '15')
    const split = await f.add('Mixte', '-50', '2026-11-05', {
      allocations: [
        { name: 'A', amount: '-25', accountingEntryId: f.phone },
        { name: 'B', amount: '-25', accountingEntryId: f.fuel },
      ],
    })
    const bulk = (ids: number[], accountingEntryId = f.fuel) =>
      client.post('/transactions/bulk', { action: 'categorize', ids, accountingEntryId })

    expect(json(await bulk([a.id, refund.id])).message).toBe(m.bulkMixedSigns)
    expect(json(await bulk([a.id, split.id])).message).toBe(m.bulkAlreadySplit)
    expect((await bulk([a.id], f.folder)).statusCode).toBe(422)
    expect((await client.post('/transactions/bulk', { action: 'categorize', ids: [a.id] })).statusCode).toBe(422)
    expect(await idsOf(client, 'filter[uncategorized]=true')).toEqual([refund.id, b.id, a.id])

    expect((await bulk([a.id, b.id])).statusCode).toBe(200)
    const [first, second] = await Promise.all(
      [a, b].map(async (t) => json(await client.get(`/transactions/${t.id}`)).data),
    )
    expect(first.transactionAllocations).toMatchObject([{ amount: '-60.00', taxAmount: '-10.00' }])
    expect(second.transactionAllocations).toMatchObject([{ amount: '-30.00', taxAmount: '-5.00' }])

    await act(client, `/transactions/${a.id}/toggle-check`)
    expect(json(await bulk([a.id, b.id], f.phone)).message).toBe(m.bulkLocked)
  })

  it('flags a selection without receipt unless one of them has a document, and refuses unknown ids', async () => {
    const { client } = await vatPayer(ctx.app)
    const f = await setUp(client)
    const transfer = await f.add('Virement client', '1200')
    const toll = await f.add('Péage', '-10')
    const invoice = await createValidatedInvoice(client)
    await act(client, `/transactions/${transfer.id}/invoices`, 200, { invoiceId: invoice.id })
    const refused = await client.post('/transactions/bulk', { action: 'no-receipt', ids: [toll.id, transfer.id] })
    expect(json(refused).message).toBe(m.bulkHasReceipt)
    expect(json(await client.get(`/transactions/${toll.id}`)).data.hasNoReceipt).toBe(false)
    expect(await act(client, '/transactions/bulk', 200, { action: 'no-receipt', ids: [toll.id] })).toEqual({
      updated: 1,
    })

    const stranger = await signUpWithOrganization(ctx.app)
    const theirs = await setUp(stranger.client)
    const foreign = await theirs.add('Autre', '-5')
    const crossed = await client.post('/transactions/bulk', { action: 'no-receipt', ids: [toll.id, foreign.id] })
    expect(crossed.statusCode).toBe(422)
    expect(json(crossed).errors).toHaveProperty('ids')
  })
})

describe('suggested categories', () => {
  it('learns from the organisation’s own history before what the label’s words say, and never pads the list', async () => {
    const { client } = await vatPayer(ctx.app)
    const f = await setUp(client)
    const before = await f.add('TOTAL ENERGIES', '-60', '2026-10-01')
    await f.categorize(before.id, '-60', f.fuel)
    const fresh = await f.add('total energies', '-45')
    const suggestions = json(await client.get(`/transactions/${fresh.id}/suggestions`)).data
    expect(
      suggestions.map((s: { accountingEntry: { code: string }; source: string }) => [s.accountingEntry.code, s.source]),
    ).toEqual([
      ['6061', 'history'],
      ['6251', 'keywords'],
    ])
    expect(suggestions[0]).toMatchObject({ accountingEntry: { id: f.fuel } })

    // A customer's transfer like no other line: nothing to go on, so nothing offered.
    const income = await f.add('Virement client', '500')
    expect(json(await client.get(`/transactions/${income.id}/suggestions`)).data).toEqual([])
  })
})

describe('sales invoices paid by an incoming transfer', () => {
  it('marks the invoice paid on the transfer’s date, lists the transfer on the invoice, and undoes it on detach', async () => {
    const { client } = await vatPayer(ctx.app)
    const f = await setUp(client)
    const invoice = await createValidatedInvoice(client, { datedAt: '2026-11-01' })
    const transfer = await f.add('VIR SEPA CLIENT', '1200', '2026-11-20')
    const attached = await act(client, `/transactions/${transfer.id}/invoices`, 200, { invoiceId: invoice.id })
    expect(attached.invoices).toMatchObject([{ id: invoice.id, reference: invoice.reference }])
    expect(json(await client.get(`/invoices/${invoice.id}`)).data).toMatchObject({
      state: { code: 'PAID' },
      paymentDateAt: '2026-11-20',
    })
    expect(json(await client.get(`/invoices/${invoice.id}/transactions`)).data).toEqual([
      { id: transfer.id, name: 'VIR SEPA CLIENT', datedAt: '2026-11-20', amount: '1200.00', journalName: 'Compte pro' },
    ])
    expect(await idsOf(client, 'filter[withReceipt]=true')).toEqual([transfer.id])

    const lost = await client.patch(`/transactions/${transfer.id}`, { hasNoReceipt: true })
    expect(lost.statusCode).toBe(422)
    expect(json(lost).errors.hasNoReceipt).toEqual([m.noReceiptRefused])

    const detached = json(await client.delete(`/transactions/${transfer.id}/invoices/${invoice.id}`)).data
    expect(detached.invoices).toEqual([])
    expect(json(await client.get(`/invoices/${invoice.id}`)).data).toMatchObject({ paymentDateAt: null })
    expect(json(await client.get(`/invoices/${invoice.id}`)).data.state.code).not.toBe('PAID')
  })

  it('takes an invoice paid in instalments: waiting until the transfer that completes it, then nothing more', async () => {
    const { client } = await vatPayer(ctx.app)
    const f = await setUp(client)
    const invoice = await createValidatedInvoice(client, { datedAt: '2026-11-01', lines: [line({ amount: '1000' })] })
    await act(client, `/invoices/${invoice.id}/mark-as-sent`)
    const first = await f.add('VIR CLIENT ACOMPTE', '500', '2026-11-10')
    const second = await f.add('VIR CLIENT SOLDE', '700', '2026-11-20')
    const third = await f.add('VIR CLIENT', '50', '2026-11-21')
    const stateOf = async () => {
      const data = json(await client.get(`/invoices/${invoice.id}`)).data
      return { state: data.state.code, paymentDateAt: data.paymentDateAt, transactions: data.transactions }
    }

    await act(client, `/transactions/${first.id}/invoices`, 200, { invoiceId: invoice.id })
    expect(await stateOf()).toEqual({
      state: 'PENDING',
      paymentDateAt: null,
      transactions: [{ amount: '500.00', datedAt: '2026-11-10' }],
    })
    // Still waiting, it is offered with what is left of it.
    const payable = json(await client.get('/invoices?filter[state]=VALIDATED,PENDING,LATE')).data
    expect(payable.map((row: { id: number }) => row.id)).toContain(invoice.id)

    await act(client, `/transactions/${second.id}/invoices`, 200, { invoiceId: invoice.id })
    expect(await stateOf()).toMatchObject({ state: 'PAID', paymentDateAt: '2026-11-20' })
    expect(
      json(await client.get(`/invoices/${invoice.id}/transactions`)).data.map((row: { id: number }) => row.id),
    ).toEqual([first.id, second.id])
    const refused = await client.post(`/transactions/${third.id}/invoices`, { invoiceId: invoice.id })
    expect(refused.statusCode).toBe(422)
    expect(json(refused)).toMatchObject({ code: 'INVOICE_NOT_PAYABLE', message: m.invoiceNotPayable })

    // Without the transfer that completed it, it waits for the rest again; the first one still counts.
    await client.delete(`/transactions/${second.id}/invoices/${invoice.id}`)
    expect(await stateOf()).toEqual({
      state: 'PENDING',
      paymentDateAt: null,
      transactions: [{ amount: '500.00', datedAt: '2026-11-10' }],
    })
    // Its history says when it was paid and when it waited again, not each instalment.
    const history = json(await client.get(`/invoices/${invoice.id}/activities`)).data
    expect(history.map((entry: { payload: { from?: string; to?: string } }) => entry.payload.to)).toEqual([
      'PENDING',
      'PAID',
      'PENDING',
      'VALIDATED',
      undefined,
    ])
  })

  it('lets one transfer pay two invoices in their order, and a later one the rest of the second', async () => {
    const { client } = await vatPayer(ctx.app)
    const f = await setUp(client)
    const older = await createValidatedInvoice(client, { datedAt: '2026-11-01', lines: [line({ amount: '1000' })] })
    const newer = await createValidatedInvoice(client, { datedAt: '2026-11-03', lines: [line({ amount: '400' })] })
    const both = await f.add('VIR CLIENT', '1500', '2026-11-10')
    const rest = await f.add('VIR CLIENT RESTE', '180', '2026-11-15')
    const invoiceOf = async (id: number) => json(await client.get(`/invoices/${id}`)).data
    await act(client, `/transactions/${both.id}/invoices`, 200, { invoiceId: newer.id })
    expect(await invoiceOf(newer.id)).toMatchObject({ state: { code: 'PAID' }, paymentDateAt: '2026-11-10' })
    // The older invoice comes first, whatever the order they were attached in: 1,200, then only 300 of the newer's
    // 480, which waits for the rest again.
    await act(client, `/transactions/${both.id}/invoices`, 200, { invoiceId: older.id })
    expect(await invoiceOf(older.id)).toMatchObject({ state: { code: 'PAID' }, paymentDateAt: '2026-11-10' })
    expect(await invoiceOf(newer.id)).toMatchObject({
      state: { code: 'PENDING' },
      paymentDateAt: null,
      transactions: [{ amount: '300.00', datedAt: '2026-11-10' }],
    })
    await act(client, `/transactions/${rest.id}/invoices`, 200, { invoiceId: newer.id })
    expect(await invoiceOf(newer.id)).toMatchObject({ state: { code: 'PAID' }, paymentDateAt: '2026-11-15' })
  })

  it('refuses money going out, drafts and paid invoices, and another organisation’s rows', async () => {
    const { client } = await vatPayer(ctx.app)
    const f = await setUp(client)
    const invoice = await createValidatedInvoice(client)
    const spent = await f.add('Achat', '-50')
    const refusedOut = await client.post(`/transactions/${spent.id}/invoices`, { invoiceId: invoice.id })
    expect(json(refusedOut).message).toBe(m.invoiceNeedsCredit)
    const transfer = await f.add('Virement', '100')
    await act(client, `/invoices/${invoice.id}/mark-as-paid`, 200)
    expect(json(await client.post(`/transactions/${transfer.id}/invoices`, { invoiceId: invoice.id })).message).toBe(
      m.invoiceNotPayable,
    )

    const stranger = await signUpWithOrganization(ctx.app)
    expect((await stranger.client.post(`/transactions/${transfer.id}/invoices`, { invoiceId: 1 })).statusCode).toBe(404)
    expect((await stranger.client.get(`/invoices/${invoice.id}/transactions`)).statusCode).toBe(404)
    expect((await stranger.client.get(`/transactions/${transfer.id}/suggestions`)).statusCode).toBe(404)
    expect((await stranger.client.get(`/transactions/${transfer.id}/comments`)).statusCode).toBe(404)
  })
})
