import { describe, expect, it } from 'vitest'
import { breakdownByRate } from './breakdown'

describe('breakdownByRate: document totals per VAT rate (EN 16931)', () => {
  it('gives zeros and no rate for a document without lines', () => {
    expect(breakdownByRate([])).toEqual({
      byRate: [],
      totalTaxExcluded: '0.00',
      totalTaxes: '0.00',
      totalTaxIncluded: '0.00',
    })
  })

  it('rounds the VAT once per rate on the sum of the nets, not line by line', () => {
    // Line by line: 3 × round2(10.01 × 20 %) = 3 × 2.00 = 6.00. Per rate: round2(30.03 × 20 %) = 6.01.
    const result = breakdownByRate([
      { taxExcluded: '10.01', ratePercent: '20' },
      { taxExcluded: '10.01', ratePercent: '20' },
      { taxExcluded: '10.01', ratePercent: '20' },
    ])
    expect(result.byRate).toEqual([
      { ratePercent: '20', taxExcluded: '30.03', taxAmount: '6.01', taxIncluded: '36.04' },
    ])
    expect(result.totalTaxes).toBe('6.01')
    expect(result.totalTaxIncluded).toBe('36.04')
  })

  it('groups lines by rate, highest rate first, and sums totals as HT + TVA = TTC', () => {
    const result = breakdownByRate([
      { taxExcluded: '9.99', ratePercent: '5.5' },
      { taxExcluded: '100.00', ratePercent: '20' },
      { taxExcluded: '0.05', ratePercent: '10' },
      { taxExcluded: '50', ratePercent: '0' },
      { taxExcluded: '4320.99', ratePercent: '20' },
    ])
    expect(result.byRate).toEqual([
      { ratePercent: '20', taxExcluded: '4420.99', taxAmount: '884.20', taxIncluded: '5305.19' },
      { ratePercent: '10', taxExcluded: '0.05', taxAmount: '0.01', taxIncluded: '0.06' },
      { ratePercent: '5.5', taxExcluded: '9.99', taxAmount: '0.55', taxIncluded: '10.54' },
      { ratePercent: '0', taxExcluded: '50.00', taxAmount: '0.00', taxIncluded: '50.00' },
    ])
    expect(result.totalTaxExcluded).toBe('4481.03')
    expect(result.totalTaxes).toBe('884.76')
    expect(result.totalTaxIncluded).toBe('5365.79')
  })

  it('treats "20", "20.0" and 20 as the same rate', () => {
    const result = breakdownByRate([
      { taxExcluded: '1', ratePercent: '20' },
      { taxExcluded: '2', ratePercent: '20.0' },
      { taxExcluded: 3, ratePercent: 20 },
    ])
    expect(result.byRate).toHaveLength(1)
    expect(result.byRate[0]).toMatchObject({ ratePercent: '20', taxExcluded: '6.00', taxAmount: '1.20' })
  })

  it('handles a credit note: negative nets give negative VAT rounded away from zero', () => {
    const result = breakdownByRate([
      { taxExcluded: '-13.375', ratePercent: '20' },
      { taxExcluded: '-0.05', ratePercent: '10' },
    ])
    expect(result.byRate).toEqual([
      { ratePercent: '20', taxExcluded: '-13.38', taxAmount: '-2.68', taxIncluded: '-16.06' },
      { ratePercent: '10', taxExcluded: '-0.05', taxAmount: '-0.01', taxIncluded: '-0.06' },
    ])
    expect(result.totalTaxIncluded).toBe('-16.12')
  })

  it('keeps a rate whose lines cancel out, with zero amounts', () => {
    const result = breakdownByRate([
      { taxExcluded: '10', ratePercent: '5.5' },
      { taxExcluded: '-10', ratePercent: '5.5' },
    ])
    expect(result.byRate).toEqual([{ ratePercent: '5.5', taxExcluded: '0.00', taxAmount: '0.00', taxIncluded: '0.00' }])
  })

  it('refuses a negative rate', () => {
    expect(() => breakdownByRate([{ taxExcluded: '1', ratePercent: '-5' }])).toThrow(RangeError)
  })
})
