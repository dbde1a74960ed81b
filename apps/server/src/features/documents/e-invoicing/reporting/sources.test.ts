import { periodFigures, type ReportableSale } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { useTestContext } from '../../../../../test/helpers'
import { createReportingSources } from './sources'
import { customers, OCTOBER_END, salesOfAutumn, shop, validated } from './sources.test-helper'

const ctx = useTestContext({ now: () => OCTOBER_END })

const OCTOBER = { from: '2026-10-01', to: '2026-10-31' }
const read = (organizationId: number, range = OCTOBER) =>
  createReportingSources(ctx.database.db).read(organizationId, range)

const person = { kind: 'individual', countryCode: 'FR', subjectToVat: false }
const part = (nature: string, ratePercent: string, taxExcluded: string, tax: string, treatment = 'french-vat') => ({
  nature,
  ratePercent,
  taxExcluded,
  tax,
  treatment,
})

describe('the sources of e-reporting', () => {
  it('reads the sales of the range: invoices, credit notes and cash sales, with their customers and parts', async () => {
    const autumn = await salesOfAutumn(ctx)
    const { sales } = await read(autumn.organizationId)
    const byNumber = (number: string) => sales.find((sale) => sale.number === number) as ReportableSale

    expect(sales.map((sale) => sale.number).sort()).toEqual(
      [
        autumn.b2c.reference,
        autumn.german.reference,
        autumn.french.reference,
        autumn.creditNote.reference,
        `T${autumn.cash.id}`,
      ].sort(),
    )
    expect(byNumber(autumn.b2c.reference)).toEqual({
      number: autumn.b2c.reference,
      date: '2026-10-05',
      isCreditNote: false,
      customer: person,
      buyerVatNumber: null,
      parts: [part('goods', '20', '100.00', '20.00'), part('services', '10', '200.00', '20.00')],
      vatOnDebits: false,
      reverseCharge: false,
    })
    expect(byNumber(autumn.creditNote.reference)).toMatchObject({
      date: '2026-10-31',
      isCreditNote: true,
      customer: person,
      parts: [part('goods', '20', '-100.00', '-20.00'), part('services', '10', '-200.00', '-20.00')],
    })
    expect(byNumber(autumn.german.reference)).toMatchObject({
      customer: { kind: 'business', countryCode: 'DE', subjectToVat: true },
      buyerVatNumber: 'DE123456789',
      parts: [part('services', '0', '1000.00', '0.00', 'outside-french-vat')],
      reverseCharge: true,
    })
    expect(byNumber(autumn.french.reference)).toMatchObject({
      customer: { kind: 'business', countryCode: 'FR', subjectToVat: true },
      buyerVatNumber: 'FR27552032534',
      parts: [part('services', '20', '500.00', '100.00')],
      reverseCharge: false,
    })
    expect(byNumber(`T${autumn.cash.id}`)).toEqual({
      number: `T${autumn.cash.id}`,
      date: '2026-10-10',
      isCreditNote: false,
      customer: person,
      buyerVatNumber: null,
      parts: [part('goods', '20', '100.00', '20.00'), part('services', '10', '50.00', '5.00')],
      vatOnDebits: false,
      reverseCharge: false,
    })
  })

  it('reads the payments received in the range, by hand, by bank line and at the counter, with their sale', async () => {
    const autumn = await salesOfAutumn(ctx)
    const { payments } = await read(autumn.organizationId)
    const seen = payments
      .map((payment) => ({ date: payment.date, amount: payment.amount, number: payment.invoice.number }))
      .sort((a, b) => a.date.localeCompare(b.date))
    // The September invoice's 300 € by hand on 15/09 is outside; its bank line of 12/10 is in, the invoice read too.
    expect(seen).toEqual([
      { date: '2026-10-06', amount: '170.00', number: autumn.b2c.reference },
      { date: '2026-10-10', amount: '175.00', number: `T${autumn.cash.id}` },
      { date: '2026-10-12', amount: '600.00', number: autumn.september.reference },
    ])
    const september = payments.find((payment) => payment.invoice.number === autumn.september.reference)
    expect(september?.invoice).toMatchObject({
      date: '2026-09-10',
      parts: [part('services', '20', '1000.00', '200.00')],
    })

    const inSeptember = await read(autumn.organizationId, { from: '2026-09-01', to: '2026-09-30' })
    expect(inSeptember.payments.map((payment) => [payment.date, payment.amount])).toEqual([['2026-09-15', '300.00']])
    expect(inSeptember.sales.map((sale) => sale.number)).toEqual([autumn.september.reference])
  })

  it('leaves out drafts, recurring models and the other organisations’ sales', async () => {
    const autumn = await salesOfAutumn(ctx)
    const other = await shop(ctx)
    const { person: stranger } = await customers(other.client)
    const theirs = await validated(other.client, stranger, { datedAt: '2026-10-05' })
    const ours = await read(autumn.organizationId)
    expect(ours.sales).toHaveLength(5)
    expect(ours.sales.some((sale) => sale.date === '2026-10-15' || sale.date === '2026-10-01')).toBe(false)
    const their = await read(other.organizationId)
    expect(their.sales.map((sale) => sale.number)).toEqual([theirs.reference])
    expect(their.payments).toEqual([])
    expect(autumn.draft.reference).toBeNull()
    expect(autumn.model.isRecurring).toBe(true)
  })

  it('makes the month’s reports the domain expects: B2C per day and rate (10.3), the German sale alone (10.1)', async () => {
    const autumn = await salesOfAutumn(ctx)
    const { sales, payments } = await read(autumn.organizationId)
    const month = { start: '2026-10-01', end: '2026-10-31' }

    const transactions = periodFigures({ kind: 'transactions', ...month }, sales, payments)
    const line = (date: string, category: string, ratePercent: string, taxExcluded: string, tax: string) => ({
      date,
      category,
      ratePercent,
      taxExcluded,
      tax,
      operations: 1,
    })
    expect(transactions.aggregated).toEqual([
      line('2026-10-05', 'TLB1', '20', '100.00', '20.00'),
      line('2026-10-05', 'TPS1', '10', '200.00', '20.00'),
      line('2026-10-10', 'TLB1', '20', '100.00', '20.00'),
      line('2026-10-10', 'TPS1', '10', '50.00', '5.00'),
      line('2026-10-31', 'TLB1', '20', '-100.00', '-20.00'),
      line('2026-10-31', 'TPS1', '10', '-200.00', '-20.00'),
    ])
    expect(transactions.unitary).toEqual([
      {
        number: autumn.german.reference,
        date: '2026-10-08',
        isCreditNote: false,
        buyerCountryCode: 'DE',
        buyerVatNumber: 'DE123456789',
        rates: [{ category: 'TNT1', ratePercent: '0', taxExcluded: '1000.00', tax: '0.00' }],
        taxExcluded: '1000.00',
        tax: '0.00',
        taxIncluded: '1000.00',
      },
    ])

    // 10.4: the services' share of each payment (170 € of 340 € pays 110 € of the 220 € of services at 10 %).
    const received = periodFigures({ kind: 'payments', ...month }, sales, payments)
    expect(received.aggregated).toEqual([
      { date: '2026-10-06', ratePercent: '10', amount: '110.00' },
      { date: '2026-10-10', ratePercent: '10', amount: '55.00' },
      { date: '2026-10-12', ratePercent: '20', amount: '600.00' },
    ])
    expect(received.unitary).toEqual([])
  })
})
