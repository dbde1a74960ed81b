import {
  periodFigures,
  type ReceivedPayment,
  type ReportableSale,
  type ReportingCustomer,
  type ReportingVatPart,
  reportFlowType,
} from '@app/domain'
import { describe, expect, it } from 'vitest'
import { buildFrr, type FrrInput, frrFileName } from './frr'
import { readFrr } from './frr.test-helper'
import { mustValidateFrr, validateFrr } from './validate-frr.test-helper'

const person: ReportingCustomer = { kind: 'individual', countryCode: 'FR', subjectToVat: false }
const germanCompany: ReportingCustomer = { kind: 'business', countryCode: 'de', subjectToVat: true }
const swissCompany: ReportingCustomer = { kind: 'business', countryCode: 'CH', subjectToVat: true }

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

const decade = { kind: 'transactions' as const, start: '2026-11-01', end: '2026-11-10' }
const month = { kind: 'payments' as const, start: '2026-11-01', end: '2026-11-30' }
const issuer = { siren: '732829320', name: 'Atelier Dupont & Fils <Lyon>', vatNumber: 'FR44732829320' }

const b2cSales = [
  sale('2026-11-02', [part('goods', '20', '100', '20'), part('services', '10', '50', '5')]),
  sale('2026-11-02', [part('goods', '5.5', '10', '0.55')]),
  sale('2026-11-03', [part('goods', '20', '-40', '-8')], { isCreditNote: true }),
  sale('2026-11-03', [part('goods', '20', '250', '50')]),
  sale('2026-11-09', [{ ...part('goods', '0', '80', '0'), treatment: 'outside-french-vat' }]),
]
const internationalSales = [
  sale('2026-11-04', [{ ...part('services', '0', '1200', '0'), treatment: 'outside-french-vat' }], {
    customer: germanCompany,
    buyerVatNumber: 'DE 123456789',
    reverseCharge: true,
  }),
  sale('2026-11-05', [part('goods', '20', '300', '60'), part('services', '20', '100', '20')], {
    customer: swissCompany,
    buyerVatNumber: null,
  }),
  sale('2026-11-06', [{ ...part('services', '0', '-200', '0'), treatment: 'outside-french-vat' }], {
    customer: germanCompany,
    buyerVatNumber: 'DE123456789',
    isCreditNote: true,
    number: 'AV-2026-0001',
  }),
]

const input = (figures: FrrInput['figures'], period: { start: string; end: string }, corrects: string | null = null) =>
  ({
    figures,
    period: { start: period.start, end: period.end },
    documentId: `frr-${++numbering}`,
    issuedAt: '2026-11-11T08:30:05.123Z',
    issuer,
    corrects,
  }) satisfies FrrInput

/** Builds, validates against the kit's schema, reads back: the file says what the figures say. */
async function roundTrip(frr: FrrInput) {
  const xml = buildFrr(frr)
  if (mustValidateFrr) {
    const validation = await validateFrr(xml)
    expect(validation.output).toContain('frr: 0 errors')
    expect(validation.ok).toBe(true)
  }
  const read = readFrr(xml)
  expect(read).toMatchObject({
    documentId: frr.documentId,
    typeCode: frr.corrects ? 'RE' : 'IN',
    corrects: frr.corrects,
    period: frr.period,
    issuer: { siren: issuer.siren, name: issuer.name, vatNumber: issuer.vatNumber },
  })
  return { xml, read }
}

describe('the e-reporting file (FRR)', () => {
  it('reports B2C sales over several days, a credit note netting its day (10.3)', async () => {
    const figures = periodFigures(decade, b2cSales, [])
    expect(reportFlowType(figures)).toBe('AggregatedCustomerTransactionReport')
    const { xml, read } = await roundTrip(input(figures, decade))
    expect(read.figures).toEqual(figures)
    expect(xml).toContain('<StartDate>20261101</StartDate>')
    expect(xml).toContain('<DateTimeString>20261111083005</DateTimeString>')
    expect(xml).toContain('<TaxExclusiveAmount>210.00</TaxExclusiveAmount>')
    expect(xml).not.toContain('<Invoice>')
    expect(xml).toContain('Atelier Dupont &amp; Fils &lt;Lyon&gt;')
  })

  it('reports invoices and a credit note to businesses abroad one by one (10.1)', async () => {
    const figures = periodFigures(decade, internationalSales, [])
    expect(reportFlowType(figures)).toBe('UnitaryCustomerTransactionReport')
    const { xml, read } = await roundTrip(input(figures, decade))
    // The buyer's VAT number is written without its spaces.
    expect(read.figures.unitary).toEqual(
      figures.unitary.map((sale) => ({ ...sale, buyerVatNumber: sale.buyerVatNumber?.replace(/\s/g, '') ?? null })),
    )
    expect(read.figures.aggregated).toEqual([])
    expect(xml).toMatch(/<ID>AV-2026-0001<\/ID>\s*<IssueDate>20261106<\/IssueDate>\s*<TypeCode>381<\/TypeCode>/)
    expect(xml).toContain('<TaxBasisTotalAmount>-200.00</TaxBasisTotalAmount>')
  })

  it('holds both blocks when the period has both (MultiFlowReport)', async () => {
    const figures = periodFigures(decade, [...b2cSales, ...internationalSales.slice(1, 2)], [])
    expect(reportFlowType(figures)).toBe('MultiFlowReport')
    const { read } = await roundTrip(input(figures, decade))
    expect(read.figures).toEqual(figures)
  })

  it('reports B2C payments for services per day and rate (10.4)', async () => {
    const invoice = sale('2026-10-20', [part('services', '20', '100', '20'), part('services', '10', '50', '5')])
    const refunded = sale('2026-10-21', [part('services', '20', '-50', '-10')], { isCreditNote: true })
    const payments: ReceivedPayment[] = [
      { date: '2026-11-03', amount: '100.00', invoice },
      { date: '2026-11-03', amount: '75.00', invoice },
      { date: '2026-11-12', amount: '-60.00', invoice: refunded },
    ]
    const figures = periodFigures(month, [], payments)
    expect(reportFlowType(figures)).toBe('AggregatedCustomerPaymentReport')
    const { xml, read } = await roundTrip(input(figures, month))
    expect(read.figures).toEqual(figures)
    expect(xml.match(/<Transactions>/g)).toHaveLength(2)
    expect(xml).toContain('<Amount>-60.00</Amount>')
  })

  it('reports payments from businesses abroad under their invoice (10.2)', async () => {
    const invoice = sale('2026-10-15', [part('services', '20', '1000', '200')], {
      customer: swissCompany,
      number: 'FA-2026-1000',
    })
    const payments: ReceivedPayment[] = [
      { date: '2026-11-05', amount: '600.00', invoice },
      { date: '2026-11-25', amount: '600.00', invoice },
    ]
    const figures = periodFigures(month, [], payments)
    expect(reportFlowType(figures)).toBe('UnitaryCustomerPaymentReport')
    const { xml, read } = await roundTrip(input(figures, month))
    expect(read.figures.unitary).toEqual(
      figures.unitary.map(({ buyerCountryCode: _c, buyerVatNumber: _v, ...payment }) => payment),
    )
    expect(xml).toMatch(/<InvoiceID>FA-2026-1000<\/InvoiceID>\s*<IssueDate>20261015<\/IssueDate>/)
  })

  it('marks a correction RE and names the report it replaces', async () => {
    const figures = periodFigures(decade, b2cSales.slice(0, 2), [])
    const { xml } = await roundTrip(input(figures, decade, 'frr-first-one'))
    expect(xml).toMatch(/<TypeCode>RE<\/TypeCode>\s*<References>\s*<ReportId>frr-first-one<\/ReportId>/)
  })

  it.skipIf(!mustValidateFrr)(
    'fails the schema for what it must refuse: a category, an amount, a missing period',
    async () => {
      const xml = buildFrr(input(periodFigures(decade, b2cSales, []), decade))
      const wrong = await validateFrr(
        xml.replace('<CategoryCode>TLB1</CategoryCode>', '<CategoryCode>TXX1</CategoryCode>'),
      )
      expect(wrong.ok).toBe(false)
      expect(wrong.output).toMatch(/\[XSD\] line \d+: Element 'CategoryCode'.*TXX1/)
      const float = await validateFrr(xml.replace('<TaxTotal>20.00</TaxTotal>', '<TaxTotal>20</TaxTotal>'))
      expect(float.output).toMatch(/Element 'TaxTotal'/)
      const noPeriod = await validateFrr(xml.replace(/<ReportPeriod>[\s\S]*?<\/ReportPeriod>/, ''))
      expect(noPeriod.output).toMatch(/ReportPeriod/)
    },
  )

  it('refuses input the schema would refuse, and names the file after the company, kind and period', () => {
    const figures = periodFigures(decade, b2cSales, [])
    expect(() => buildFrr({ ...input(figures, decade), issuer: { ...issuer, siren: '12345' } })).toThrow(/SIREN/)
    expect(() => buildFrr(input(periodFigures(decade, [], []), decade))).toThrow(/rien à transmettre/)
    expect(() => buildFrr({ ...input(figures, decade), documentId: 'x'.repeat(65) })).toThrow(/64/)
    expect(frrFileName({ figures, period: decade, issuer })).toBe(
      'e-reporting-732829320-transactions-2026-11-01-2026-11-10.xml',
    )
  })
})
