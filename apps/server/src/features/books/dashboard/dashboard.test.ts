import { messages } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { type Client, joinAsCollaborator, json, useTestContext } from '../../../../test/helpers'
import { bankAccount, PHONE, transaction } from '../../../../test/money'
import { givePlan } from '../../../../test/recurring'
import {
  act,
  createCustomer,
  createQuote,
  createValidatedInvoice,
  frenchSeller,
  line,
  quoteBody,
} from '../../../../test/sales'

// "Today" is Tuesday 24 November 2026 in Paris: the current month is November, the previous one October.
const NOW = new Date('2026-11-24T10:00:00Z')
const ctx = useTestContext({ now: () => NOW })

// biome-ignore lint/suspicious/noExplicitAny: tests read loosely-typed JSON bodies on purpose.
async function read(client: Client, path: string): Promise<any> {
  const response = await client.get(path)
  expect(response.statusCode, response.body).toBe(200)
  return json(response).data
}

/** A bank line split on one category (its VAT from the category's own tax). */
async function categorised(
  client: Client,
  journalId: number,
  amount: string,
  datedAt: string,
  accountingEntryId: number,
) {
  const response = await client.post('/transactions', {
    journalId,
    name: 'ORANGE',
    datedAt,
    amount,
    allocations: [{ name: 'Téléphone', amount, accountingEntryId }],
  })
  expect(response.statusCode, response.body).toBe(201)
}

describe('the dashboard figures, read from the books', () => {
  it('give the treasury of the bank accounts at each month end, and the money in and out of each month', async () => {
    const { client } = await frenchSeller(ctx.app)
    const bank = await bankAccount(client)
    await transaction(client, bank, 'VIR APPORT', '1000', '2026-10-05')
    await transaction(client, bank, 'VIR CLIENT', '300', '2026-11-03')
    await categorised(client, bank, '-60', '2026-11-10', PHONE)
    // Before the period: in the balances, not in the flows.
    await transaction(client, bank, 'VIR ANCIEN', '200', '2026-09-15')

    const period = 'from=2026-10-01&to=2026-11-24'
    // 200 + 1000 at the end of October; + 300 − 60 on the 24th of November.
    expect(await read(client, `/dashboard/treasury?${period}`)).toEqual({
      current: '1440.00',
      history: [
        { date: '2026-10-31', amount: '1200.00' },
        { date: '2026-11-24', amount: '1440.00' },
      ],
    })
    const activity = await read(client, `/dashboard/activity?${period}`)
    expect(activity.activityByMonth).toEqual([
      {
        date: '2026-10',
        label: 'octobre 2026',
        shortLabel: 'oct.',
        in: '1000.00',
        out: '0.00',
        balance: '1000.00',
        treasury: '1200.00',
      },
      {
        date: '2026-11',
        label: 'novembre 2026',
        shortLabel: 'nov.',
        in: '300.00',
        out: '60.00',
        balance: '240.00',
        treasury: '1440.00',
      },
    ])
    expect(activity.summary.treasury).toEqual({
      total: '1440.00',
      currentMonth: { value: '1440.00', label: 'novembre 2026', date: '2026-11' },
      previousMonth: { value: '1200.00', label: 'octobre 2026', date: '2026-10' },
      // 1,440 against 1,200 is 20 % more: beyond the ±10 % that stays flat.
      trend: 'up',
      // Each month's end, as the curve: the detail of the card.
      byMonth: [
        { value: '1200.00', label: 'octobre 2026', date: '2026-10' },
        { value: '1440.00', label: 'novembre 2026', date: '2026-11' },
      ],
    })
    const balance = await read(client, `/dashboard/balance?${period}`)
    expect(balance).toMatchObject({ at: '2026-11-24', total: '1440.00' })
    expect(balance.accounts).toEqual([{ journalId: bank, name: 'Compte pro', accountCode: '5121', balance: '1440.00' }])
  })

  it('give the result as produits − charges, the charges and the VAT due, each with its month against the one before', async () => {
    const { client } = await frenchSeller(ctx.app)
    const bank = await bankAccount(client)
    // October: 500 of goods (100 of VAT due at the invoice). November: 1,000 of goods (200 of VAT) and a phone bill
    // of 60 TTC on 626 (50 of charge, 10 of deductible VAT).
    await createValidatedInvoice(client, { datedAt: '2026-10-10', lines: [line({ type: 'PRODUCT', amount: '500' })] })
    await createValidatedInvoice(client, { datedAt: '2026-11-02', lines: [line({ type: 'PRODUCT', amount: '1000' })] })
    await categorised(client, bank, '-60', '2026-11-10', PHONE)

    const period = 'from=2026-01-01&to=2026-11-24'
    const gains = await read(client, `/dashboard/gains?${period}`)
    expect({ ...gains, byMonth: undefined }).toEqual({
      from: '2026-01-01',
      to: '2026-11-24',
      total: '1450.00',
      currentMonth: { value: '950.00', label: 'novembre 2026', date: '2026-11' },
      previousMonth: { value: '500.00', label: 'octobre 2026', date: '2026-10' },
      trend: 'up',
      byMonth: undefined,
    })
    // The card's detail: every month of the period, those without entries at zero.
    expect(gains.byMonth.map((month: { date: string; value: string }) => [month.date, month.value])).toEqual([
      ...['01', '02', '03', '04', '05', '06', '07', '08', '09'].map((month) => [`2026-${month}`, '0.00']),
      ['2026-10', '500.00'],
      ['2026-11', '950.00'],
    ])
    expect(await read(client, `/dashboard/expenses?${period}`)).toMatchObject({
      total: '50.00',
      currentMonth: { value: '50.00' },
      previousMonth: { value: '0.00' },
      trend: 'up',
    })
    expect(await read(client, `/dashboard/taxes?${period}`)).toMatchObject({
      total: '290.00',
      currentMonth: { value: '190.00' },
      previousMonth: { value: '100.00' },
    })
    const { summary } = await read(client, `/dashboard/activity?${period}`)
    expect(summary.income).toMatchObject({ total: '1500.00', currentMonth: { value: '1000.00' } })
    expect(summary.result.total).toBe('1450.00')
    // A period that ends in October compares October with September.
    expect(await read(client, '/dashboard/gains?from=2026-01-01&to=2026-10-31')).toMatchObject({
      total: '500.00',
      currentMonth: { value: '500.00', date: '2026-10' },
      previousMonth: { value: '0.00', date: '2026-09' },
    })
  })

  it('count the quotes sent and the invoices by state, and what the customers still owe from the books', async () => {
    const { client } = await frenchSeller(ctx.app)
    const { contactId, addressId } = await createCustomer(client)
    const sent = await createQuote(
      client,
      quoteBody({ contactId, billingAddressId: addressId, lines: [line({ amount: '250' })] }),
    )
    const changed = await client.patch(`/quotes/${sent.id}/state`, { stateId: 4 })
    expect(changed.statusCode, changed.body).toBe(200)
    await createQuote(client, quoteBody())
    // 1,200 TTC sent and unpaid; 600 TTC paid by a transfer; 360 TTC validated, not sent.
    const paid = await createValidatedInvoice(client, { datedAt: '2026-10-02', lines: [line({ amount: '500' })] })
    const pending = await createValidatedInvoice(client, { datedAt: '2026-11-02', lines: [line({ amount: '1000' })] })
    await act(client, `/invoices/${pending.id}/mark-as-sent`)
    const bank = await bankAccount(client)
    const transfer = await transaction(client, bank, 'VIR CLIENT', '600', '2026-10-20')
    expect((await client.post(`/transactions/${transfer}/invoices`, { invoiceId: paid.id })).statusCode).toBe(200)
    await createValidatedInvoice(client, { datedAt: '2026-11-05', lines: [line({ amount: '300' })] })

    expect(await read(client, '/dashboard/quotes')).toEqual({ sent: { count: 1, sum: '300.00' }, total: 2 })
    expect(await read(client, '/dashboard/invoices?from=2000-01-01&to=2026-11-24')).toEqual({
      paid: { count: 1, sum: '600.00' },
      pending: { count: 1, sum: '1200.00' },
      late: { count: 0, sum: '0.00' },
      owed: '1560.00',
      total: 3,
    })
    // Before the transfer, the October invoice was still owed; the November ones did not exist.
    expect((await read(client, '/dashboard/invoices?from=2000-01-01&to=2026-10-19')).owed).toBe('600.00')
  })

  it('give each associate account with what the company owes, and start by default at the fiscal year', async () => {
    const { client } = await frenchSeller(ctx.app)
    const created = await client.post('/journals', { name: 'CCA Jeanne', journalTypeId: 2, startingValue: '2500' })
    expect(created.statusCode, created.body).toBe(201)
    const partners = await read(client, '/dashboard/partners')
    expect(partners).toMatchObject({ at: '2026-11-24', total: '2500.00' })
    expect(partners.accounts).toEqual([
      {
        journalId: json(created).data.id,
        name: 'CCA Jeanne',
        accountCode: expect.stringMatching(/^455/),
        balance: '2500.00',
      },
    ])
    expect(await read(client, '/dashboard/gains')).toMatchObject({ from: '2026-01-01', to: '2026-11-24' })
    expect(await read(client, '/available-years')).toEqual([{ start: '2026-01-01', end: '2026-12-31', label: '2026' }])
  })

  it('refuse the free formula (403), collaborators the books (403), and a period that ends before it starts (400)', async () => {
    const owner = await frenchSeller(ctx.app)
    const collaborator = await joinAsCollaborator(ctx, owner)
    expect((await collaborator.client.get('/dashboard/treasury')).statusCode).toBe(403)
    expect((await collaborator.client.get('/dashboard/quotes')).statusCode).toBe(200)
    const backwards = await owner.client.get('/dashboard/activity?from=2026-11-01&to=2026-10-01')
    expect(backwards.statusCode).toBe(400)
    expect(json(backwards).errors).toMatchObject({ to: [messages.ledger.periodEndBeforeStart] })
    expect((await owner.client.get('/dashboard/activity?from=2026-13-01')).statusCode).toBe(400)
    await givePlan(ctx, owner.organization.id, 'free')
    const refused = await owner.client.get('/dashboard/activity')
    expect(refused.statusCode).toBe(403)
    expect(json(refused)).toMatchObject({ code: 'PREMIUM_REQUIRED', message: messages.dashboard.premiumRequired })
  })

  it('show nothing of another organisation', async () => {
    const other = await frenchSeller(ctx.app)
    await transaction(other.client, await bankAccount(other.client), 'VIR', '999', '2026-11-02')
    const { client } = await frenchSeller(ctx.app)
    expect(await read(client, '/dashboard/treasury')).toMatchObject({ current: '0.00' })
    expect((await read(client, '/dashboard/balance')).accounts).toEqual([])
  })
})
