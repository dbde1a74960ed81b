import { describe, expect, it } from 'vitest'
import { creditNoteAmount, partialCreditLines, remainingToCredit } from './credit-notes'
import { documentTotals } from './totals'
import type { RateShare } from './types'

/** An invoice of 1000.00 at 20 % (TTC 1200.00) and 500.00 at 10 % (TTC 550.00): TTC 1750.00. */
const shares: RateShare[] = [
  { ratePercent: '20', taxExcluded: '1000.00', taxIncluded: '1200.00' },
  { ratePercent: '10', taxExcluded: '500.00', taxIncluded: '550.00' },
]

describe('remainingToCredit: what a credit note may still cancel', () => {
  it('is the invoice TTC when nothing was credited yet', () => {
    expect(remainingToCredit('1200', [])).toBe('1200.00')
  })

  it('subtracts the credit notes already made (their TTC is negative)', () => {
    // 1200 − 200 − 150.50 = 849.50
    expect(remainingToCredit('1200.00', ['-200.00', '-150.5'])).toBe('849.50')
  })

  it('is "0.00" once fully credited, and never negative', () => {
    expect(remainingToCredit('100.00', ['-60.00', '-40.00'])).toBe('0.00')
    expect(remainingToCredit('100.00', ['-100.00', '-0.01'])).toBe('0.00')
  })
})

describe('partialCreditLines: a partial credit note as negative HT lines per rate', () => {
  it('splits the TTC asked in the invoice rate proportions, negated', () => {
    // 10 %: round2(600 × 550 / 1750) = 188.57 → HT 171.43; 20 %: 411.43 → HT 342.86
    const lines = partialCreditLines(shares, '600')
    expect(lines).toEqual([
      { ratePercent: '20', amount: '-342.86' },
      { ratePercent: '10', amount: '-171.43' },
    ])
    // The credit note: -342.86 − 68.57 − 171.43 − 17.14 = -600.00
    const totals = documentTotals({
      lines: lines.map((l) => ({ quantity: '1', amount: l.amount, ratePercent: l.ratePercent })),
    })
    expect(totals.totalTaxIncluded).toBe('-600.00')
  })

  it('gives back the invoice bases when the whole TTC is credited', () => {
    expect(partialCreditLines(shares, '1750')).toEqual([
      { ratePercent: '20', amount: '-1000.00' },
      { ratePercent: '10', amount: '-500.00' },
    ])
  })

  it('finds the HT of a single-rate invoice so that the credit TTC is exact', () => {
    // 100 / 1.055 = 94.7867… → VAT 5.21, HT 94.79; back: 94.79 × 5.5 % = 5.21345 → 5.21, TTC 100.00
    const lines = partialCreditLines([{ ratePercent: '5.5', taxExcluded: '200.00', taxIncluded: '211.00' }], '100')
    expect(lines).toEqual([{ ratePercent: '5.5', amount: '-94.79' }])
    expect(documentTotals({ lines: [{ quantity: '1', amount: '-94.79', ratePercent: '5.5' }] }).totalTaxIncluded).toBe(
      '-100.00',
    )
  })

  it('credits a tax-free invoice at 0 % for the amount asked', () => {
    expect(partialCreditLines([{ ratePercent: '0', taxExcluded: '80.00', taxIncluded: '80.00' }], '50')).toEqual([
      { ratePercent: '0', amount: '-50.00' },
    ])
  })
})

describe('creditNoteAmount: what a blank credit note stores', () => {
  it('makes typed amounts negative, once', () => {
    expect(creditNoteAmount('50')).toBe('-50')
    expect(creditNoteAmount('-50')).toBe('-50')
    expect(creditNoteAmount(creditNoteAmount('12.5'))).toBe('-12.5')
    expect(creditNoteAmount('0')).toBe('0')
  })
})
