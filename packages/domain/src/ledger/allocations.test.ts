import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sum, toCents } from '../money/arithmetic'
import { NBSP } from '../money/format'
import { vatPartOfTaxIncluded } from '../vat/compute'
import {
  adjustedAmount,
  allocationGap,
  automaticVat,
  automaticVats,
  editVat,
  splitTotal,
  sumRuleError,
} from './allocations'

describe('the sum rule of a split (spec/money.md §5)', () => {
  it('accepts parts that add up to the transaction to the cent, and names the signed gap otherwise', () => {
    expect(sumRuleError('-120.00', ['-100', '-20.00'])).toBeNull()
    expect(allocationGap('-120.00', ['-100'])).toBe('-20.00')
    expect(sumRuleError('-120.00', ['-100'])).toBe(
      `Vérifie les montants — Le total de la ventilation n'est pas égal au montant de la transaction : écart -20,00${NBSP}€`,
    )
    expect(sumRuleError('50', ['30', '30'])).toContain(`écart -10,00${NBSP}€`)
    expect(sumRuleError('0.10', ['0.05'])).toContain(`écart +0,05${NBSP}€`)
    expect(sumRuleError('10', [])).toContain(`écart +10,00${NBSP}€`)
  })

  it('adjusts a line to the transaction minus the other lines', () => {
    expect(adjustedAmount('-99.99', ['-33.33', '-33.33'])).toBe('-33.33')
    expect(adjustedAmount('1500', [])).toBe('1500.00')
  })
})

describe('the VAT of a part', () => {
  it('is the VAT inside the tax-included amount at the category rate, with its sign; none without a rate', () => {
    expect(automaticVat('-120', '20')).toBe('-20.00')
    expect(automaticVat('100', '20')).toBe('16.67')
    expect(automaticVat('-10.55', '5.5')).toBe('-0.55')
    expect(automaticVat('-120', null)).toBe('0.00')
    expect(automaticVat('0', '20')).toBe('0.00')
  })

  it('typed by hand: kept as manual with the sign of the amount, or reverted when it cannot be right', () => {
    expect(editVat('-120.00', '-20.00', '15')).toEqual({ kind: 'manual', taxAmount: '-15.00' })
    expect(editVat('-120.00', '-20.00', '-15,5')).toEqual({ kind: 'manual', taxAmount: '-15.50' })
    expect(editVat('120.00', '20.00', '10')).toEqual({ kind: 'manual', taxAmount: '10.00' })
    expect(editVat('-120.00', '-20.00', '20')).toEqual({ kind: 'unchanged' })
    expect(editVat('120.00', '20.00', '')).toEqual({ kind: 'reverted' })
    expect(editVat('120.00', '20.00', 'abc')).toEqual({ kind: 'reverted' })
    expect(editVat('120.00', '20.00', '-5')).toEqual({ kind: 'reverted' })
    expect(editVat('120.00', '20.00', '120')).toEqual({ kind: 'reverted' })
    expect(editVat('-120.00', '-20.00', '130')).toEqual({ kind: 'reverted' })
  })
})

describe('the VAT of a split typed by hand', () => {
  const at = (amount: string, ratePercent: string | null, taxId = 101) => ({ amount, ratePercent, taxId })

  it('keeps the VAT of the whole at one rate, the rounding remainder on the last part', () => {
    // Each part alone: -2.78 × 3 = -8.34, a cent more than the -8.33 inside -50.00.
    expect(automaticVats([at('-16.67', '20'), at('-16.67', '20'), at('-16.66', '20')])).toEqual([
      '-2.78',
      '-2.78',
      '-2.77',
    ])
    expect(automaticVats([at('100', '20'), at('100', '20'), at('100', '20')])).toEqual(['16.67', '16.67', '16.66'])
  })

  it('balances each rate on its own when rates are mixed, on the last part of that rate', () => {
    expect(
      automaticVats([
        at('-16.67', '20'),
        at('-0.05', '5.5', 103),
        at('-12', null, 106),
        at('-16.67', '20'),
        at('-0.05', '5.5', 103),
        at('-16.66', '20'),
      ]),
    ).toEqual(['-2.78', '0.00', '0.00', '-2.78', '-0.01', '-2.77'])
    // Where each part's own VAT already adds up, nothing moves.
    expect(automaticVats([at('-16.67', '20'), at('-10.55', '5.5', 103), at('-16.67', '20')])).toEqual([
      '-2.78',
      '-0.55',
      '-2.78',
    ])
  })

  it('tells two taxes at one rate apart: their VAT goes to different accounts', () => {
    expect(automaticVats([at('-16.67', '20', 101), at('-16.67', '20', 201), at('-16.66', '20', 101)])).toEqual([
      '-2.78',
      '-2.78',
      '-2.78',
    ])
  })

  it('leaves a single part as it is', () => {
    expect(automaticVats([at('-50', '20')])).toEqual(['-8.33'])
    expect(automaticVats([at('-50', null)])).toEqual(['0.00'])
    expect(automaticVats([])).toEqual([])
  })

  it("leaves a VAT typed by hand alone, out of its rate's sum", () => {
    expect(
      automaticVats([
        at('-16.67', '20'),
        { ...at('-16.67', '20'), manualVat: '-3' },
        at('-16.67', '20'),
        at('-16.66', '20'),
      ]),
    ).toEqual(['-2.78', '-3.00', '-2.78', '-2.77'])
    expect(automaticVats([at('-16.67', '20'), { ...at('-16.66', '20'), manualVat: '-2.78' }])).toEqual([
      '-2.78',
      '-2.78',
    ])
  })

  it("keeps each part's own VAT when the remainder would exceed a cent-sized last part or turn its sign", () => {
    // Ten times 0.03 at 20 %: 0.01 each alone, 0.05 together; the last 0.03 cannot hold -0.04.
    const parts = Array.from({ length: 10 }, () => at('0.03', '20'))
    expect(automaticVats(parts)).toEqual(Array.from({ length: 10 }, () => '0.01'))
  })

  it('never loses a cent: the VAT parts of a rate add up to the VAT of their sum, whatever the amounts', () => {
    // From 10.00: the remainder (a few cents) always fits inside the last part's own VAT.
    const cents = fc.integer({ min: 1000, max: 9_999_999_999 })
    const rate = fc.constantFrom('20', '10', '5.5', '2.1')
    const sign = fc.constantFrom('', '-')
    fc.assert(
      fc.property(sign, rate, fc.array(cents, { minLength: 1, maxLength: 6 }), (minus, ratePercent, values) => {
        const amounts = values.map((value) =>
          toCents(`${minus}${String(value).slice(0, -2)}.${String(value).slice(-2)}`),
        )
        const vats = automaticVats(amounts.map((amount) => at(amount, ratePercent)))
        expect(toCents(sum(vats))).toBe(vatPartOfTaxIncluded(sum(amounts), ratePercent))
      }),
    )
  })
})

describe('a total split by a template', () => {
  it('puts the rounding remainder on the last part, so a phone bill splits 80 / 20 to the cent', () => {
    expect(
      splitTotal('-59.99', [
        { share: { percent: '80' }, ratePercent: '20' },
        { share: { percent: '20' }, ratePercent: null },
      ]),
    ).toEqual([
      { amount: '-47.99', taxAmount: '-8.00' },
      { amount: '-12.00', taxAmount: '0.00' },
    ])
    expect(
      splitTotal('-100', [
        { share: { fixed: '30' }, ratePercent: '20' },
        { share: { percent: '50' }, ratePercent: '20' },
        { share: { percent: '50' }, ratePercent: '20' },
      ]).map((part) => part.amount),
    ).toEqual(['-30.00', '-50.00', '-20.00'])
  })

  it('never loses a cent: parts add up to the total, and with one rate the VAT parts add up to the VAT of the whole', () => {
    const amount = fc.integer({ min: -9_999_999_999, max: 9_999_999_999 }).filter((cents) => cents !== 0)
    const rate = fc.constantFrom('20', '10', '5.5', '2.1')
    const shares = fc.array(fc.integer({ min: 1, max: 99 }), { minLength: 1, maxLength: 5 })
    fc.assert(
      fc.property(amount, rate, shares, (cents, ratePercent, percents) => {
        const digits = String(Math.abs(cents)).padStart(3, '0')
        const euros = toCents(`${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`)
        const parts = [
          ...percents.map((percent) => ({ share: { percent: String(percent) }, ratePercent })),
          { share: { percent: '0' }, ratePercent },
        ]
        const split = splitTotal(euros, parts)
        expect(toCents(sum(split.map((part) => part.amount)))).toBe(euros)
        expect(toCents(sum(split.map((part) => part.taxAmount)))).toBe(vatPartOfTaxIncluded(euros, ratePercent))
      }),
    )
  })
})
