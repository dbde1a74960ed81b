import { describe, expect, it } from 'vitest'
import { add, equals } from '../money/arithmetic'
import { taxExcludedFromIncluded, taxIncludedFromExcluded, vatOfTaxExcluded, vatPartOfTaxIncluded } from './compute'

describe('vatPartOfTaxIncluded: the VAT inside a TTC amount (spec/money.md §5)', () => {
  it('is |amount| − |amount| / (1 + rate/100), to the cent', () => {
    expect(vatPartOfTaxIncluded('120', '20')).toBe('20.00')
    expect(vatPartOfTaxIncluded('100', '20')).toBe('16.67')
    expect(vatPartOfTaxIncluded('10', '5.5')).toBe('0.52')
    expect(vatPartOfTaxIncluded('99.99', '10')).toBe('9.09')
    expect(vatPartOfTaxIncluded('12.34', '2.1')).toBe('0.25')
    expect(vatPartOfTaxIncluded('1234567.89', '20')).toBe('205761.32')
  })

  it('keeps the sign of the amount (an expense stays negative)', () => {
    expect(vatPartOfTaxIncluded('-100', '20')).toBe('-16.67')
    expect(vatPartOfTaxIncluded('-120', '20')).toBe('-20.00')
    expect(vatPartOfTaxIncluded('-10', '5.5')).toBe('-0.52')
  })

  it('rounds an exact half cent away from zero on both signs', () => {
    // 0.03 TTC at 20 % holds exactly 0.005 of VAT.
    expect(vatPartOfTaxIncluded('0.03', '20')).toBe('0.01')
    expect(vatPartOfTaxIncluded('-0.03', '20')).toBe('-0.01')
  })

  it('is zero at rate 0 and on a zero amount, never "-0.00"', () => {
    expect(vatPartOfTaxIncluded('150', '0')).toBe('0.00')
    expect(vatPartOfTaxIncluded('-150', '0')).toBe('0.00')
    expect(vatPartOfTaxIncluded('0', '20')).toBe('0.00')
    expect(vatPartOfTaxIncluded('-0.02', '20')).toBe('0.00')
  })

  it('takes rates and amounts as strings or numbers, and refuses a negative rate', () => {
    expect(vatPartOfTaxIncluded(120, 20)).toBe('20.00')
    expect(vatPartOfTaxIncluded('120', '20.00')).toBe('20.00')
    expect(() => vatPartOfTaxIncluded('120', '-20')).toThrow(RangeError)
    expect(() => vatPartOfTaxIncluded('abc', '20')).toThrow(TypeError)
  })
})

describe('taxExcludedFromIncluded', () => {
  it('is the TTC amount minus its VAT part, so HT + TVA gives back TTC exactly', () => {
    for (const [amount, rate] of [
      ['100', '20'],
      ['10', '5.5'],
      ['-99.99', '10'],
      ['0.03', '20'],
      ['1234567.89', '2.1'],
    ] as const) {
      const taxExcluded = taxExcludedFromIncluded(amount, rate)
      const vat = vatPartOfTaxIncluded(amount, rate)
      expect(equals(add(taxExcluded, vat), amount), `${amount} at ${rate}`).toBe(true)
    }
    expect(taxExcludedFromIncluded('100', '20')).toBe('83.33')
    expect(taxExcludedFromIncluded('-100', '20')).toBe('-83.33')
    expect(taxExcludedFromIncluded('10', '5.5')).toBe('9.48')
    expect(taxExcludedFromIncluded('150', '0')).toBe('150.00')
  })
})

describe('vatOfTaxExcluded: VAT on an HT amount', () => {
  it('is round2(HT × rate / 100)', () => {
    expect(vatOfTaxExcluded('100', '20')).toBe('20.00')
    expect(vatOfTaxExcluded('83.33', '20')).toBe('16.67')
    expect(vatOfTaxExcluded('9.99', '5.5')).toBe('0.55')
    expect(vatOfTaxExcluded('4320.99', '20')).toBe('864.20')
    expect(vatOfTaxExcluded('100', '0')).toBe('0.00')
  })

  it('rounds an exact half cent away from zero on both signs', () => {
    expect(vatOfTaxExcluded('13.375', '20')).toBe('2.68')
    expect(vatOfTaxExcluded('-13.375', '20')).toBe('-2.68')
    expect(vatOfTaxExcluded('0.05', '10')).toBe('0.01')
    expect(vatOfTaxExcluded('-0.05', '10')).toBe('-0.01')
  })
})

describe('taxIncludedFromExcluded', () => {
  it('is HT rounded to the cent plus its VAT', () => {
    expect(taxIncludedFromExcluded('100', '20')).toBe('120.00')
    expect(taxIncludedFromExcluded('83.33', '20')).toBe('100.00')
    expect(taxIncludedFromExcluded('9.99', '5.5')).toBe('10.54')
    expect(taxIncludedFromExcluded('-50', '10')).toBe('-55.00')
    expect(taxIncludedFromExcluded('10.005', '20')).toBe('12.01')
  })
})
