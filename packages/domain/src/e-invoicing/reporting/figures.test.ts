import { describe, expect, it } from 'vitest'
import { sum, toCents } from '../../money/arithmetic'
import { aggregatePayments, aggregateTransactions, unitaryPayments, unitaryTransactions } from './figures'
import { reportedPaymentShares, splitPayment } from './payment-split'
import type { ReportableSale, ReportingCustomer, ReportingVatPart } from './scope'

const person: ReportingCustomer = { kind: 'individual', countryCode: 'FR', subjectToVat: false }
const frenchCompany: ReportingCustomer = { kind: 'business', countryCode: 'FR', subjectToVat: true }
const germanCompany: ReportingCustomer = { kind: 'business', countryCode: 'DE', subjectToVat: true }

const part = (nature: 'goods' | 'services', ratePercent: string, taxExcluded: string, tax: string) =>
  ({ nature, ratePercent, taxExcluded, tax }) satisfies ReportingVatPart

let numbering = 0
const sale = (date: string, parts: ReportingVatPart[], overrides: Partial<ReportableSale> = {}): ReportableSale => ({
  number: `FA-2026-${String(++numbering).padStart(4, '0')}`,
  date,
  isCreditNote: false,
  customer: person,
  parts,
  vatOnDebits: false,
  reverseCharge: false,
  ...overrides,
})

const firstDecade = { start: '2026-03-01', end: '2026-03-10' }
const march = { start: '2026-03-01', end: '2026-03-31' }

describe('B2C transactions, per day × category × rate (10.3)', () => {
  it('adds the day’s sales per category and rate, nets a credit note, and counts the documents', () => {
    const sales = [
      sale('2026-03-02', [part('goods', '20', '100', '20'), part('services', '10', '50', '5')]),
      sale('2026-03-02', [part('goods', '20', '30.50', '6.10'), part('goods', '5.5', '10', '0.55')]),
      sale('2026-03-02', [part('goods', '20.00', '-30.50', '-6.10')], { isCreditNote: true }),
      sale('2026-03-03', [part('services', '20', '200', '40')]),
      sale('2026-03-02', [part('goods', '20', '999', '199.80')], { customer: frenchCompany }),
      sale('2026-03-02', [part('goods', '20', '999', '199.80')], { customer: germanCompany }),
      sale('2026-03-11', [part('goods', '20', '999', '199.80')]),
    ]
    const figures = aggregateTransactions(sales, firstDecade)
    expect(figures.isEmpty).toBe(false)
    expect(figures.lines).toEqual([
      { date: '2026-03-02', category: 'TLB1', ratePercent: '20', taxExcluded: '100.00', tax: '20.00', operations: 3 },
      { date: '2026-03-02', category: 'TLB1', ratePercent: '5.5', taxExcluded: '10.00', tax: '0.55', operations: 1 },
      { date: '2026-03-02', category: 'TPS1', ratePercent: '10', taxExcluded: '50.00', tax: '5.00', operations: 1 },
      { date: '2026-03-03', category: 'TPS1', ratePercent: '20', taxExcluded: '200.00', tax: '40.00', operations: 1 },
    ])
  })

  it('puts an export to a private person abroad in TNT1', () => {
    const abroad = sale('2026-03-04', [{ ...part('goods', '0', '80', '0'), treatment: 'outside-french-vat' }], {
      customer: { kind: 'individual', countryCode: 'CH', subjectToVat: false },
    })
    expect(aggregateTransactions([abroad], firstDecade).lines).toEqual([
      { date: '2026-03-04', category: 'TNT1', ratePercent: '0', taxExcluded: '80.00', tax: '0.00', operations: 1 },
    ])
  })

  it('says a period with no B2C sale is empty: nothing is sent', () => {
    const figures = aggregateTransactions(
      [sale('2026-03-05', [part('goods', '20', '10', '2')], { customer: frenchCompany })],
      firstDecade,
    )
    expect(figures).toEqual({ period: firstDecade, lines: [], isEmpty: true })
  })
})

describe('international B2B transactions, one by one (10.1)', () => {
  it('gives each invoice and credit note to a business abroad with its buyer and its totals per rate', () => {
    const invoice = sale('2026-03-09', [part('services', '20', '1000', '200'), part('goods', '5.5', '100', '5.50')], {
      number: 'FA-2026-0100',
      customer: germanCompany,
      buyerVatNumber: 'DE123456789',
    })
    const credit = sale('2026-03-05', [part('services', '20', '-100', '-20')], {
      number: 'AV-2026-0007',
      customer: germanCompany,
      isCreditNote: true,
    })
    const figures = unitaryTransactions([invoice, credit, sale('2026-03-05', [part('goods', '20', '1', '0.2')])], march)
    expect(figures.transactions).toEqual([
      {
        number: 'AV-2026-0007',
        date: '2026-03-05',
        isCreditNote: true,
        buyerCountryCode: 'DE',
        buyerVatNumber: null,
        rates: [{ category: 'TPS1', ratePercent: '20', taxExcluded: '-100.00', tax: '-20.00' }],
        taxExcluded: '-100.00',
        tax: '-20.00',
        taxIncluded: '-120.00',
      },
      {
        number: 'FA-2026-0100',
        date: '2026-03-09',
        isCreditNote: false,
        buyerCountryCode: 'DE',
        buyerVatNumber: 'DE123456789',
        rates: [
          { category: 'TLB1', ratePercent: '5.5', taxExcluded: '100.00', tax: '5.50' },
          { category: 'TPS1', ratePercent: '20', taxExcluded: '1000.00', tax: '200.00' },
        ],
        taxExcluded: '1100.00',
        tax: '205.50',
        taxIncluded: '1305.50',
      },
    ])
    expect(unitaryTransactions([invoice], { start: '2026-03-11', end: '2026-03-20' }).isEmpty).toBe(true)
  })
})

describe('a payment split over the invoice’s rates', () => {
  const thirds = [
    part('services', '20', '27.78', '5.56'),
    part('services', '10', '30.30', '3.03'),
    part('services', '5.5', '31.59', '1.74'),
  ]

  it('rounds each share to the cent and puts the remainder on the largest, so the shares make the payment', () => {
    expect(splitPayment('10', thirds).map((share) => share.amount)).toEqual(['3.34', '3.33', '3.33'])
  })

  it('adds up exactly to every amount from 0.01 € to 20.00 €, refunds too', () => {
    for (let cents = 1; cents <= 2000; cents += 3) {
      for (const amount of [toCents(cents / 100), toCents(-cents / 100)]) {
        expect(sum(splitPayment(amount, thirds).map((share) => share.amount))).toBe(sum([amount]))
      }
    }
  })

  it('reports only the services part of an invoice that mixes goods, in proportion', () => {
    const mixed = sale('2026-03-02', [
      part('goods', '20', '100', '20'),
      part('services', '20', '50', '10'),
      part('services', '10', '30', '3'),
    ])
    expect(reportedPaymentShares('100', mixed)).toEqual([
      { ratePercent: '20', amount: '28.17' },
      { ratePercent: '10', amount: '15.49' },
    ])
    expect(splitPayment('100', mixed.parts).map((share) => share.amount)).toEqual(['56.34', '28.17', '15.49'])
  })

  it('has nothing to split for an invoice of zero', () => {
    expect(splitPayment('10', [part('services', '20', '0', '0')])).toEqual([])
  })
})

describe('payments for services under VAT on receipts', () => {
  const lesson = sale('2026-03-01', [part('services', '20', '100', '20'), part('services', '5.5', '100', '5.50')])
  const course = sale('2026-02-20', [part('services', '20', '50', '10')])
  const onDebits = sale('2026-03-01', [part('services', '20', '100', '20')], { vatOnDebits: true })
  const goodsOnly = sale('2026-03-01', [part('goods', '20', '100', '20')])
  const toCompany = sale('2026-03-01', [part('services', '20', '100', '20')], { customer: frenchCompany })

  it('B2C (10.4): per day × rate, the amount received TTC, a refund netted, other payments left out', () => {
    const figures = aggregatePayments(
      [
        { date: '2026-03-12', amount: '225.50', invoice: lesson },
        { date: '2026-03-12', amount: '60', invoice: course },
        { date: '2026-03-12', amount: '-12', invoice: course },
        { date: '2026-03-13', amount: '100', invoice: lesson },
        { date: '2026-03-12', amount: '120', invoice: onDebits },
        { date: '2026-03-12', amount: '120', invoice: goodsOnly },
        { date: '2026-03-12', amount: '120', invoice: toCompany },
        { date: '2026-04-01', amount: '60', invoice: course },
      ],
      march,
    )
    expect(figures.lines).toEqual([
      { date: '2026-03-12', ratePercent: '20', amount: '168.00' },
      { date: '2026-03-12', ratePercent: '5.5', amount: '105.50' },
      { date: '2026-03-13', ratePercent: '20', amount: '53.22' },
      { date: '2026-03-13', ratePercent: '5.5', amount: '46.78' },
    ])
  })

  it('international B2B (10.2): one by one with the invoice, reverse-charged services left out', () => {
    const ticket = sale('2026-02-27', [part('services', '20', '500', '100')], {
      number: 'FA-2026-0200',
      customer: germanCompany,
      buyerVatNumber: 'DE999999999',
    })
    const consulting = sale('2026-02-27', [{ ...part('services', '0', '800', '0') }], {
      customer: germanCompany,
      reverseCharge: true,
    })
    const figures = unitaryPayments(
      [
        { date: '2026-03-20', amount: '300', invoice: ticket },
        { date: '2026-03-20', amount: '800', invoice: consulting },
        { date: '2026-03-20', amount: '120', invoice: lesson },
      ],
      march,
    )
    expect(figures.payments).toEqual([
      {
        date: '2026-03-20',
        invoiceNumber: 'FA-2026-0200',
        invoiceDate: '2026-02-27',
        buyerCountryCode: 'DE',
        buyerVatNumber: 'DE999999999',
        rates: [{ ratePercent: '20', amount: '300.00' }],
        amount: '300.00',
      },
    ])
  })

  it('says a month with only goods and VAT on débits is empty', () => {
    const payments = [
      { date: '2026-03-12', amount: '120', invoice: onDebits },
      { date: '2026-03-12', amount: '120', invoice: goodsOnly },
    ]
    expect(aggregatePayments(payments, march).isEmpty).toBe(true)
    expect(unitaryPayments(payments, march).isEmpty).toBe(true)
  })
})
