import { messages } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { type Client, json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'

const ctx = useTestContext({ now: () => new Date('2026-11-24T10:00:00Z') })
const m = messages.cashSales
const GAP = "Vérifie les montants — Le total de la ventilation n'est pas égal au montant de la transaction : écart"

/** An organisation that sells over the counter and charges VAT. */
const shop = (overrides: Record<string, unknown> = {}) =>
  signUpWithOrganization(ctx.app, { canSellCash: true, taxRegimeId: 2, ...overrides })

async function categories(client: Client) {
  const entries = json(await client.get('/accounting-entries?pageSize=1000')).data as { id: number; code: string }[]
  const entry = (code: string) => entries.find((candidate) => candidate.code === code)?.id as number
  return {
    goods: entry('707'),
    services: entry('706'),
    cash: entry('530'),
    toDeposit: entry('580'),
    phone: entry('626'),
  }
}

const line = (name: string, amount: string, accountingEntryId: number) => ({ name, amount, accountingEntryId })

describe('cash sales', () => {
  it('records the day’s takings in a "Ventes au comptant" journal, with the default name and VAT collected', async () => {
    const { client } = await shop()
    const c = await categories(client)
    const response = await client.post('/cash-sales', {
      datedAt: '2026-11-21',
      allocations: [
        line('Vente', '120', c.goods),
        line('Vente prestations', '-60', c.services),
        line('Encaissement espèces', '100', c.cash),
        line('Encaissement carte', '80', c.toDeposit),
      ],
    })
    expect(response.statusCode, response.body).toBe(201)
    const sale = json(response).data
    expect(sale).toMatchObject({
      name: 'Ventes au comptant du 21/11/2026',
      amount: '180.00',
      journal: { name: 'Ventes au comptant', code: 'ES1', journalTypeCode: 'ES' },
    })
    expect(sale.transactionAllocations).toMatchObject([
      { name: 'Vente', amount: '120.00', taxAmount: '20.00', tax: { taxRateCode: 'NOR' } },
      { name: 'Vente prestations', amount: '60.00', taxAmount: '10.00' },
      { name: 'Encaissement espèces', amount: '100.00', taxAmount: '0.00' },
      { name: 'Encaissement carte', amount: '80.00', taxAmount: '0.00' },
    ])
    const named = json(
      await client.post('/cash-sales', {
        name: 'Marché de Noël',
        datedAt: '2026-11-22',
        amount: '15',
        allocations: [line('Vente', '15', c.goods), line('Encaissement', '15', c.cash)],
      }),
    ).data
    expect(named).toMatchObject({ name: 'Marché de Noël', amount: '15.00', journalId: sale.journalId })

    const list = json(await client.get('/cash-sales?pageSize=1'))
    expect(list.meta).toEqual({ total: 2, page: 1, pageSize: 1 })
    expect(list.data.map((row: { name: string }) => row.name)).toEqual(['Marché de Noël'])
    expect(json(await client.get('/cash-operations')).meta.total).toBe(0)
  })

  it('checks each group of lines against the takings, with the sum rule’s message', async () => {
    const { client } = await shop()
    const c = await categories(client)
    const post = (body: Record<string, unknown>) => client.post('/cash-sales', { datedAt: '2026-11-21', ...body })

    const short = await post({ allocations: [line('Vente', '50', c.goods), line('Encaissement', '49.99', c.cash)] })
    expect(short.statusCode).toBe(422)
    expect(json(short).errors).toEqual({ allocations: [`${GAP} +0,01\u00a0€`] })
    const stated = await post({
      amount: '60',
      allocations: [line('Vente', '50', c.goods), line('Encaissement', '60', c.cash)],
    })
    expect(json(stated).errors).toEqual({ allocations: [`${GAP} +10,00\u00a0€`] })
    const noReceipt = await post({ allocations: [line('Vente', '50', c.goods)] })
    expect(json(noReceipt).errors).toEqual({ allocations: [m.receiptRequired] })
    const noSale = await post({ allocations: [line('Encaissement', '50', c.cash)] })
    expect(json(noSale).errors).toEqual({ allocations: [m.saleRequired] })
    const other = await post({ allocations: [line('Remise', '5', c.goods)] })
    expect(json(other).errors).toMatchObject({ 'allocations.0.name': [m.lineNameInvalid] })
    expect(json(await client.get('/transactions')).meta.total).toBe(0)
  })

  it('takes a sales category on a sale line and a treasury account on a receipt line', async () => {
    const { client } = await shop()
    const c = await categories(client)
    const post = (allocations: unknown[]) => client.post('/cash-sales', { datedAt: '2026-11-21', allocations })
    const phoneSold = await post([line('Vente', '10', c.phone), line('Encaissement', '10', c.cash)])
    expect(json(phoneSold).errors).toEqual({ 'allocations.0.accountingEntryId': [messages.validation.salesCategory] })
    const paidInGoods = await post([line('Vente', '10', c.goods), line('Encaissement', '10', c.services)])
    expect(json(paidInGoods).errors).toEqual({ 'allocations.1.accountingEntryId': [m.receiptCategory] })
  })

  it('is for organisations that sell over the counter only (403), reading stays open', async () => {
    const { client } = await signUpWithOrganization(ctx.app, { canSellCash: false })
    const c = await categories(client)
    const refused = await client.post('/cash-sales', {
      datedAt: '2026-11-21',
      allocations: [line('Vente', '10', c.goods), line('Encaissement', '10', c.cash)],
    })
    expect(refused.statusCode).toBe(403)
    expect(json(refused)).toMatchObject({ code: 'CASH_SALES_DISABLED', message: m.notAllowed })
    expect(json(await client.get('/cash-sales')).meta.total).toBe(0)
  })

  it('edits a sale (the takings follow the lines) and answers 404 to another organisation', async () => {
    const { client } = await shop()
    const c = await categories(client)
    const sale = json(
      await client.post('/cash-sales', {
        datedAt: '2026-11-21',
        allocations: [line('Vente', '30', c.goods), line('Encaissement', '30', c.cash)],
      }),
    ).data
    const patched = await client.patch(`/cash-sales/${sale.id}`, {
      allocations: [line('Vente', '45', c.goods), line('Encaissement', '45', c.cash)],
    })
    expect(patched.statusCode, patched.body).toBe(200)
    expect(json(patched).data).toMatchObject({ amount: '45.00', name: 'Ventes au comptant du 21/11/2026' })
    const unbalanced = await client.patch(`/cash-sales/${sale.id}`, { allocations: [line('Vente', '45', c.goods)] })
    expect(json(unbalanced).errors).toEqual({ allocations: [m.receiptRequired] })
    // Its two groups of lines are checked by the cash-sales routes only: /transactions says where to go.
    const elsewhere = await client.patch(`/transactions/${sale.id}`, { allocations: [line('Vente', '45', c.goods)] })
    expect(elsewhere.statusCode).toBe(409)
    expect(json(elsewhere).message).toBe(m.editThroughCashSales)

    const { client: intruder } = await shop()
    expect((await intruder.get(`/cash-sales/${sale.id}`)).statusCode).toBe(404)
    expect((await intruder.patch(`/cash-sales/${sale.id}`, { name: 'Piratage' })).statusCode).toBe(404)
    expect((await intruder.delete(`/transactions/${sale.id}`)).statusCode).toBe(404)
    expect(json(await intruder.get('/cash-sales')).meta.total).toBe(0)
    expect((await client.delete(`/transactions/${sale.id}`)).statusCode).toBe(204)
  })
})
