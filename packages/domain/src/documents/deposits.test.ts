import { describe, expect, it } from 'vitest'
import { sum } from '../money/arithmetic'
import { computeDeposit, splitByRates } from './deposits'
import { documentTotals } from './totals'
import type { LineForTotals, RateLine, RateShare } from './types'

/** A quote of 2 × 500.00 at 20 % and 500.00 at 10 %: HT 1500.00, VAT 200.00 + 50.00, TTC 1750.00. */
const quoteLines: LineForTotals[] = [
  { quantity: '2', amount: '500', ratePercent: '20' },
  { quantity: '1', amount: '500', ratePercent: '10' },
]
const quoteShares: RateShare[] = [
  { ratePercent: '20', taxExcluded: '1000.00', taxIncluded: '1200.00' },
  { ratePercent: '10', taxExcluded: '500.00', taxIncluded: '550.00' },
]
const quote = { totalTaxExcluded: '1500.00', totalTaxIncluded: '1750.00' }

const linesOf = (rateLines: readonly RateLine[], sign: 1 | -1 = 1): LineForTotals[] =>
  rateLines.map(({ ratePercent, amount }) => ({
    quantity: '1',
    amount: sign === 1 ? amount : `-${amount}`,
    ratePercent,
  }))

describe('computeDeposit: base, remaining and deposit of spec/sales.md §4', () => {
  it('takes a percentage of the quote amount HT', () => {
    // 30 % of 1500.00 = 450.00
    expect(computeDeposit({ type: 'percent', amount: null, percentage: '30', quote, existing: [] })).toEqual({
      base: '1500.00',
      remaining: '1500.00',
      deposit: '450.00',
    })
  })

  it('rounds a percentage deposit half up to the cent', () => {
    // 12.5 % of 100.05 = 12.50625 → 12.51; 33 % of 333.33 = 109.9989 → 110.00
    const of = (totalTaxExcluded: string, percentage: string) =>
      computeDeposit({
        type: 'percent',
        amount: null,
        percentage,
        quote: { totalTaxExcluded, totalTaxIncluded: totalTaxExcluded },
        existing: [],
      }).deposit
    expect(of('100.05', '12.5')).toBe('12.51')
    expect(of('333.33', '33')).toBe('110.00')
  })

  it('uses an amount HT as given for amount_without_taxes', () => {
    expect(
      computeDeposit({ type: 'amount_without_taxes', amount: '250', percentage: null, quote, existing: [] }),
    ).toEqual({ base: '1500.00', remaining: '1500.00', deposit: '250.00' })
  })

  it('bases amount_with_taxes on the quote TTC', () => {
    expect(computeDeposit({ type: 'amount_with_taxes', amount: '600', percentage: null, quote, existing: [] })).toEqual(
      { base: '1750.00', remaining: '1750.00', deposit: '600.00' },
    )
    // A percentage on that basis: 10 % of 1750.00 = 175.00
    expect(
      computeDeposit({ type: 'amount_with_taxes', amount: null, percentage: '10', quote, existing: [] }).deposit,
    ).toBe('175.00')
  })

  it('gives the amount priority over the percentage', () => {
    expect(computeDeposit({ type: 'percent', amount: '99.99', percentage: '30', quote, existing: [] }).deposit).toBe(
      '99.99',
    )
  })

  it('subtracts the deposits already invoiced on the same basis', () => {
    const existing = [
      { totalTaxExcluded: '450.00', totalTaxIncluded: '525.00' },
      { totalTaxExcluded: '100.00', totalTaxIncluded: '116.66' },
    ]
    // HT: 1500 − 450 − 100 = 950.00
    expect(computeDeposit({ type: 'percent', amount: null, percentage: '10', quote, existing }).remaining).toBe(
      '950.00',
    )
    expect(
      computeDeposit({ type: 'amount_without_taxes', amount: '1', percentage: null, quote, existing }).remaining,
    ).toBe('950.00')
    // TTC: 1750 − 525 − 116.66 = 1108.34
    expect(
      computeDeposit({ type: 'amount_with_taxes', amount: '1', percentage: null, quote, existing }).remaining,
    ).toBe('1108.34')
  })

  it('never gives a remaining below 0', () => {
    const existing = [{ totalTaxExcluded: '1600.00', totalTaxIncluded: '1900.00' }]
    expect(computeDeposit({ type: 'percent', amount: null, percentage: '10', quote, existing }).remaining).toBe('0.00')
  })

  it('refuses a request with neither an amount nor a percentage', () => {
    expect(() => computeDeposit({ type: 'percent', amount: null, percentage: null, quote, existing: [] })).toThrow(
      RangeError,
    )
  })
})

describe('splitByRates: the lines of a deposit invoice, one per rate of the quote', () => {
  it('splits an HT deposit in proportion to the HT bases', () => {
    // 450 × 1000 / 1500 = 300.00; 450 × 500 / 1500 = 150.00
    expect(splitByRates(quoteShares, '450', 'HT')).toEqual([
      { ratePercent: '20', amount: '300.00' },
      { ratePercent: '10', amount: '150.00' },
    ])
  })

  it('lets the largest share absorb the rounding', () => {
    // 10 %: round2(100 × 500 / 1500) = 33.33; 20 % (largest): 100 − 33.33 = 66.67
    expect(splitByRates(quoteShares, '100', 'HT')).toEqual([
      { ratePercent: '20', amount: '66.67' },
      { ratePercent: '10', amount: '33.33' },
    ])
    // Three equal shares: 33.33 each, the first of the equally largest takes 100 − 66.66 = 33.34
    const equal: RateShare[] = ['20', '10', '5.5'].map((ratePercent) => ({
      ratePercent,
      taxExcluded: '10.00',
      taxIncluded: '11.00',
    }))
    expect(splitByRates(equal, '100', 'HT').map((l) => l.amount)).toEqual(['33.34', '33.33', '33.33'])
  })

  it('makes the deposit invoice HT equal the request exactly on the HT basis', () => {
    const shares: RateShare[] = [
      { ratePercent: '20', taxExcluded: '333.33', taxIncluded: '400.00' },
      { ratePercent: '10', taxExcluded: '77.77', taxIncluded: '85.55' },
      { ratePercent: '5.5', taxExcluded: '12.34', taxIncluded: '13.02' },
      { ratePercent: '2.1', taxExcluded: '1.01', taxIncluded: '1.03' },
      { ratePercent: '0', taxExcluded: '99.99', taxIncluded: '99.99' },
    ]
    for (const amount of ['0.01', '0.05', '1.00', '99.99', '123.45', '333.33', '524.44']) {
      const lines = splitByRates(shares, amount, 'HT')
      expect(sum(lines.map((l) => l.amount))).toBe(String(Number(amount)))
      expect(documentTotals({ lines: linesOf(lines) }).totalTaxExcluded).toBe(amount)
    }
  })

  it('splits a TTC deposit over the TTC shares and turns each part into its HT', () => {
    // 10 %: round2(600 × 550 / 1750) = 188.5714… → 188.57; 20 % absorbs 411.43.
    // HT 20 %: 411.43 − (411.43 − 411.43 / 1.2 = 68.5716… → 68.57) = 342.86; HT 10 %: 188.57 − 17.14 = 171.43.
    const lines = splitByRates(quoteShares, '600', 'TTC')
    expect(lines).toEqual([
      { ratePercent: '20', amount: '342.86' },
      { ratePercent: '10', amount: '171.43' },
    ])
    // The deposit invoice: 342.86 + 68.57 (68.572) + 171.43 + 17.14 (17.143) = 600.00
    expect(documentTotals({ lines: linesOf(lines) }).totalTaxIncluded).toBe('600.00')
  })

  it('gives a TTC deposit exactly with a single rate', () => {
    // 100 / 1.2 = 83.333… → VAT 16.67, HT 83.33; back: 83.33 × 20 % = 16.666 → 16.67, TTC 100.00
    const lines = splitByRates([{ ratePercent: '20', taxExcluded: '500.00', taxIncluded: '600.00' }], '100', 'TTC')
    expect(lines).toEqual([{ ratePercent: '20', amount: '83.33' }])
    expect(documentTotals({ lines: linesOf(lines) }).totalTaxIncluded).toBe('100.00')
  })

  it('drops zero shares and allocations rounded to 0', () => {
    const withZero: RateShare[] = [...quoteShares, { ratePercent: '5.5', taxExcluded: '0.00', taxIncluded: '0.00' }]
    expect(splitByRates(withZero, '450', 'HT').map((l) => l.ratePercent)).toEqual(['20', '10'])
    // 0.01: 10 % gets round2(0.01 / 3) = 0.00 (dropped), 20 % the whole cent
    expect(splitByRates(quoteShares, '0.01', 'HT')).toEqual([{ ratePercent: '20', amount: '0.01' }])
  })

  it('keeps the sign of a negative amount', () => {
    expect(splitByRates(quoteShares, '-100', 'HT')).toEqual([
      { ratePercent: '20', amount: '-66.67' },
      { ratePercent: '10', amount: '-33.33' },
    ])
    expect(splitByRates(quoteShares, '-600', 'TTC')).toEqual([
      { ratePercent: '20', amount: '-342.86' },
      { ratePercent: '10', amount: '-171.43' },
    ])
  })

  it('refuses to split over shares that are all 0, or over no share', () => {
    const zeros: RateShare[] = [{ ratePercent: '20', taxExcluded: '0.00', taxIncluded: '0.00' }]
    expect(() => splitByRates(zeros, '10', 'HT')).toThrow(RangeError)
    expect(() => splitByRates(zeros, '10', 'TTC')).toThrow(RangeError)
    expect(() => splitByRates([], '10', 'HT')).toThrow(RangeError)
  })
})

describe('deposits and final invoice add up to the quote', () => {
  it('gives Σ deposit totals + final invoice totals = quote totals on a two-rate quote', () => {
    // Quote: 20 % 1000.00 (VAT 200.00), 10 % 500.00 (VAT 50.00): HT 1500.00, VAT 250.00, TTC 1750.00.
    const quoteTotals = documentTotals({ lines: quoteLines })
    expect([quoteTotals.totalTaxExcluded, quoteTotals.totalTaxes, quoteTotals.totalTaxIncluded]).toEqual([
      '1500.00',
      '250.00',
      '1750.00',
    ])

    // Deposit 1: 30 % = 450.00 HT → 300.00 at 20 % (VAT 60.00) + 150.00 at 10 % (VAT 15.00): TTC 525.00.
    const first = splitByRates(
      quoteShares,
      computeDeposit({ type: 'percent', amount: null, percentage: '30', quote, existing: [] }).deposit,
      'HT',
    )
    const firstTotals = documentTotals({ lines: linesOf(first) })
    expect([firstTotals.totalTaxExcluded, firstTotals.totalTaxes, firstTotals.totalTaxIncluded]).toEqual([
      '450.00',
      '75.00',
      '525.00',
    ])

    // Deposit 2: 100.00 HT → 66.67 at 20 % (13.334 → 13.33) + 33.33 at 10 % (3.333 → 3.33): TTC 116.66.
    const second = splitByRates(quoteShares, '100', 'HT')
    const secondTotals = documentTotals({ lines: linesOf(second) })
    expect([secondTotals.totalTaxExcluded, secondTotals.totalTaxes, secondTotals.totalTaxIncluded]).toEqual([
      '100.00',
      '16.66',
      '116.66',
    ])

    // Final invoice: quote lines minus each deposit's lines at the same rates.
    // 20 %: 1000 − 300 − 66.67 = 633.33 → VAT 126.666 → 126.67; 10 %: 500 − 150 − 33.33 = 316.67 → 31.667 → 31.67.
    // HT 950.00, VAT 158.34, TTC 1108.34.
    const finalTotals = documentTotals({ lines: [...quoteLines, ...linesOf(first, -1), ...linesOf(second, -1)] })
    expect([finalTotals.totalTaxExcluded, finalTotals.totalTaxes, finalTotals.totalTaxIncluded]).toEqual([
      '950.00',
      '158.34',
      '1108.34',
    ])

    // 450 + 100 + 950 = 1500; 75 + 16.66 + 158.34 = 250; 525 + 116.66 + 1108.34 = 1750.
    const all = [firstTotals, secondTotals, finalTotals]
    expect(sum(all.map((t) => t.totalTaxExcluded))).toBe('1500')
    expect(sum(all.map((t) => t.totalTaxes))).toBe('250')
    expect(sum(all.map((t) => t.totalTaxIncluded))).toBe('1750')
    for (const [index, rate] of quoteTotals.byRate.entries()) {
      const parts = all.map((t) => t.byRate.find((r) => r.ratePercent === rate.ratePercent))
      expect(sum(parts.map((p) => p?.taxExcluded ?? '0'))).toBe(String(Number(quoteTotals.byRate[index]?.taxExcluded)))
    }
  })

  it('always adds up to the quote HT exactly (VAT is rounded per document, so it may differ by cents)', () => {
    // Per-rate VAT rounding is per document: e.g. 100.05 at 10 % = 10.01 while 30.02 (3.00) + 70.03 (7.00) = 10.00.
    const shares: RateShare[] = [
      { ratePercent: '20', taxExcluded: '123.45', taxIncluded: '148.14' },
      { ratePercent: '5.5', taxExcluded: '67.89', taxIncluded: '71.62' },
    ]
    const lines: LineForTotals[] = [
      { quantity: '1', amount: '123.45', ratePercent: '20' },
      { quantity: '1', amount: '67.89', ratePercent: '5.5' },
    ]
    for (const deposits of [['10'], ['33.33', '0.01'], ['99.99', '50', '41.34']]) {
      const split = deposits.map((amount) => splitByRates(shares, amount, 'HT'))
      const depositHts = split.map((rateLines) => documentTotals({ lines: linesOf(rateLines) }).totalTaxExcluded)
      const final = documentTotals({ lines: [...lines, ...split.flatMap((rateLines) => linesOf(rateLines, -1))] })
      expect(sum([...depositHts, final.totalTaxExcluded])).toBe('191.34')
    }
  })
})
