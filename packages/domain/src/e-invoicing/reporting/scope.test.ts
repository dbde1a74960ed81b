import { describe, expect, it } from 'vitest'
import {
  paymentCounts,
  type ReportableSale,
  type ReportingVatPart,
  reportingCategory,
  reportingScope,
  reportsPayments,
  reportsTransactions,
} from './scope'

const goods: ReportingVatPart = { nature: 'goods', ratePercent: '20', taxExcluded: '100.00', tax: '20.00' }
const services: ReportingVatPart = { nature: 'services', ratePercent: '20', taxExcluded: '50.00', tax: '10.00' }

const sale = (overrides: Partial<ReportableSale> = {}): ReportableSale => ({
  number: 'FA-2026-0001',
  date: '2026-03-02',
  isCreditNote: false,
  customer: { kind: 'individual', countryCode: 'FR', subjectToVat: false },
  parts: [goods, services],
  vatOnDebits: false,
  reverseCharge: false,
  ...overrides,
})

describe('who a sale is reported for', () => {
  it('a private person is B2C, in France or abroad', () => {
    expect(reportingScope({ kind: 'individual', countryCode: 'FR', subjectToVat: false })).toBe('b2c')
    expect(reportingScope({ kind: 'individual', countryCode: 'DE', subjectToVat: true })).toBe('b2c')
  })

  it('a French company subject to VAT is e-invoiced: nothing reported', () => {
    const customer = { kind: 'business', countryCode: 'FR', subjectToVat: true } as const
    expect(reportingScope(customer)).toBe('b2b-domestic')
    expect(reportsTransactions(sale({ customer }))).toBe(false)
    expect(reportsPayments(sale({ customer }))).toBe(false)
  })

  it('a non-taxable legal person (an association without trade) is B2C', () => {
    expect(reportingScope({ kind: 'business', countryCode: 'FR', subjectToVat: false })).toBe('b2c')
  })

  it('a company established outside France is international B2B, whatever case its country code is in', () => {
    expect(reportingScope({ kind: 'business', countryCode: 'DE', subjectToVat: true })).toBe('b2b-international')
    expect(reportingScope({ kind: 'business', countryCode: 'us', subjectToVat: true })).toBe('b2b-international')
    expect(reportingScope({ kind: 'business', countryCode: 'fr', subjectToVat: true })).toBe('b2b-domestic')
  })
})

describe('the category of an operation (TT-81)', () => {
  it('goods and services under French VAT are TLB1 and TPS1, at 0 % too', () => {
    expect(reportingCategory(goods, sale())).toBe('TLB1')
    expect(reportingCategory(services, sale())).toBe('TPS1')
    expect(reportingCategory({ ...services, ratePercent: '0', tax: '0' }, sale())).toBe('TPS1')
  })

  it('what is not taxable in France, or reverse-charged by the buyer, is TNT1', () => {
    expect(reportingCategory({ ...goods, treatment: 'outside-french-vat' }, sale())).toBe('TNT1')
    expect(reportingCategory(services, sale({ reverseCharge: true }))).toBe('TNT1')
  })

  it('the margin scheme is TMA1', () => {
    expect(reportingCategory({ ...goods, treatment: 'margin-scheme' }, sale())).toBe('TMA1')
  })
})

describe('which payments are reported', () => {
  it('services whose VAT is due on receipt count; goods never', () => {
    expect(paymentCounts(services, sale())).toBe(true)
    expect(paymentCounts(goods, sale())).toBe(false)
  })

  it('not when the organisation opted for VAT on débits, nor when the buyer reverse-charges', () => {
    expect(paymentCounts(services, sale({ vatOnDebits: true }))).toBe(false)
    expect(paymentCounts(services, sale({ reverseCharge: true }))).toBe(false)
  })

  it('not for a service taxed outside France', () => {
    expect(paymentCounts({ ...services, treatment: 'outside-french-vat' }, sale())).toBe(false)
  })

  it('a sale of goods only has no payment to report; one with a services part has', () => {
    expect(reportsPayments(sale({ parts: [goods] }))).toBe(false)
    expect(reportsPayments(sale())).toBe(true)
  })
})
