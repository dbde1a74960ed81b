import { describe, expect, it } from 'vitest'
import {
  cashSaleOf,
  type DocumentCustomerFacts,
  reportableSaleOf,
  reportingCustomerOf,
  type StoredSale,
} from './customer'
import { reportingCategory, reportingScope } from './scope'

const company = (overrides: Partial<DocumentCustomerFacts> = {}): DocumentCustomerFacts => ({
  contactTypeId: 1,
  countryCode: 'FR',
  registrySiren: '552032534',
  intracommunityTaxNumber: 'FR27552032534',
  ...overrides,
})
const person: DocumentCustomerFacts = {
  contactTypeId: 2,
  countryCode: 'FR',
  registrySiren: null,
  intracommunityTaxNumber: null,
}

const rate = (ratePercent: string, taxExcluded: string, taxAmount: string) => ({
  ratePercent,
  taxExcluded,
  taxAmount,
  taxIncluded: (Number(taxExcluded) + Number(taxAmount)).toFixed(2),
})

const stored = (overrides: Partial<StoredSale> = {}): StoredSale => ({
  number: 'F-2026-0001',
  date: '2026-10-05',
  isCreditNote: false,
  isDeposit: false,
  vatOnDebits: false,
  taxFree: false,
  customer: person,
  lines: [
    { type: 'PRODUCT', totalTaxExcluded: '100.00', ratePercent: '20' },
    { type: 'SERVICE', totalTaxExcluded: '50.00', ratePercent: '20' },
    { type: 'SERVICE', totalTaxExcluded: '200.00', ratePercent: '10' },
  ],
  deliveryFees: null,
  disbursement: null,
  vatBreakdown: [rate('20', '150.00', '30.00'), rate('10', '200.00', '20.00')],
  ...overrides,
})

describe('the customer of a sale', () => {
  it('a private person is B2C; a French company with a SIREN or a VAT number is e-invoiced', () => {
    expect(reportingScope(reportingCustomerOf(person))).toBe('b2c')
    expect(reportingScope(reportingCustomerOf(company()))).toBe('b2b-domestic')
    expect(reportingScope(reportingCustomerOf(company({ intracommunityTaxNumber: null })))).toBe('b2b-domestic')
  })

  it('a French business with neither number is not subject to VAT: B2C', () => {
    const association = company({ registrySiren: null, intracommunityTaxNumber: '  ' })
    expect(reportingCustomerOf(association)).toEqual({ kind: 'business', countryCode: 'FR', subjectToVat: false })
  })

  it('a business abroad is subject to VAT, with or without a number; no address or no customer is France', () => {
    const american = company({ countryCode: 'us', registrySiren: null, intracommunityTaxNumber: null })
    expect(reportingScope(reportingCustomerOf(american))).toBe('b2b-international')
    expect(reportingCustomerOf(company({ countryCode: null })).countryCode).toBe('FR')
    expect(reportingCustomerOf(null)).toEqual({ kind: 'individual', countryCode: 'FR', subjectToVat: false })
  })
})

describe('the parts of a stored sale', () => {
  it('splits each rate by nature as the sales entry does, delivery fees with the goods', () => {
    const sale = reportableSaleOf(
      stored({
        deliveryFees: '10.00',
        vatBreakdown: [rate('20', '160.00', '32.00'), rate('10', '200.00', '20.00')],
      }),
    )
    expect(sale.parts).toEqual([
      { nature: 'goods', ratePercent: '20', taxExcluded: '110.00', tax: '22.00', treatment: 'french-vat' },
      { nature: 'services', ratePercent: '20', taxExcluded: '50.00', tax: '10.00', treatment: 'french-vat' },
      { nature: 'services', ratePercent: '10', taxExcluded: '200.00', tax: '20.00', treatment: 'french-vat' },
    ])
    expect(sale).toMatchObject({ reverseCharge: false, buyerVatNumber: null, vatOnDebits: false })
  })

  it('keeps a credit note negative, and leaves the disbursements out', () => {
    const sale = reportableSaleOf(
      stored({
        isCreditNote: true,
        lines: [{ type: 'SERVICE', totalTaxExcluded: '-100.00', ratePercent: '20' }],
        disbursement: '-30.00',
        vatBreakdown: [rate('20', '-100.00', '-20.00'), rate('0', '-30.00', '0.00')],
      }),
    )
    expect(sale.parts).toEqual([
      { nature: 'services', ratePercent: '20', taxExcluded: '-100.00', tax: '-20.00', treatment: 'french-vat' },
    ])
    expect(sale.isCreditNote).toBe(true)
  })

  it('puts a 0 % abroad outside French VAT, reverse-charged by a business that gave its VAT number', () => {
    const german = company({ countryCode: 'DE', registrySiren: null, intracommunityTaxNumber: 'DE129273398' })
    const sale = reportableSaleOf(
      stored({
        customer: german,
        lines: [{ type: 'SERVICE', totalTaxExcluded: '1000.00', ratePercent: '0' }],
        vatBreakdown: [rate('0', '1000.00', '0.00')],
      }),
    )
    expect(sale.parts[0]?.treatment).toBe('outside-french-vat')
    expect(sale).toMatchObject({ reverseCharge: true, buyerVatNumber: 'DE129273398' })
    expect(reportingCategory(sale.parts[0] as never, sale)).toBe('TNT1')
    // French VAT charged to the same company: France is the place, nobody reverse-charges.
    const charged = reportableSaleOf(stored({ customer: german }))
    expect(charged.reverseCharge).toBe(false)
    expect(charged.parts.every((part) => part.treatment === 'french-vat')).toBe(true)
  })

  it('keeps a 0 % in France, and a franchise en base seller’s sale to a person abroad, under French VAT', () => {
    const exempt = reportableSaleOf(
      stored({
        lines: [{ type: 'SERVICE', totalTaxExcluded: '80.00', ratePercent: '0' }],
        vatBreakdown: [rate('0', '80.00', '0.00')],
      }),
    )
    expect(exempt.parts).toEqual([
      { nature: 'services', ratePercent: '0', taxExcluded: '80.00', tax: '0.00', treatment: 'french-vat' },
    ])
    const franchise = reportableSaleOf(
      stored({
        taxFree: true,
        customer: { ...person, countryCode: 'BE' },
        vatBreakdown: [rate('0', '350.00', '0.00')],
      }),
    )
    expect(franchise.parts).toEqual([
      { nature: 'goods', ratePercent: '0', taxExcluded: '100.00', tax: '0.00', treatment: 'french-vat' },
      { nature: 'services', ratePercent: '0', taxExcluded: '250.00', tax: '0.00', treatment: 'french-vat' },
    ])
  })
})

describe('a cash sale', () => {
  it('is sold to private persons in France, one part per nature and rate, HT from the TTC stored', () => {
    const sale = cashSaleOf({
      number: 'T12',
      date: '2026-10-07',
      vatOnDebits: false,
      lines: [
        { accountCode: '707000', ratePercent: '20.00', amount: '120.00', taxAmount: '20.00' },
        { accountCode: '707100', ratePercent: '20.00', amount: '24.00', taxAmount: '4.00' },
        { accountCode: '706000', ratePercent: '10.00', amount: '55.00', taxAmount: '5.00' },
      ],
    })
    expect(sale.customer).toEqual({ kind: 'individual', countryCode: 'FR', subjectToVat: false })
    expect(sale.parts).toEqual([
      { nature: 'goods', ratePercent: '20', taxExcluded: '120.00', tax: '24.00', treatment: 'french-vat' },
      { nature: 'services', ratePercent: '10', taxExcluded: '50.00', tax: '5.00', treatment: 'french-vat' },
    ])
  })
})
