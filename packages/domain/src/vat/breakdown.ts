import { canonical, Dec, type DecimalInput, fixed, toDec } from '../money/decimal'
import { toRate } from './compute'

export interface VatBreakdownLine {
  /** Line net amount (after line and global discounts), normally already rounded to the cent. */
  taxExcluded: DecimalInput
  ratePercent: DecimalInput
}

export interface VatRateTotal {
  /** Canonical rate in percent: "20", "5.5". */
  ratePercent: string
  taxExcluded: string
  taxAmount: string
  taxIncluded: string
}

export interface VatBreakdown {
  /** One entry per rate present, highest rate first. */
  byRate: VatRateTotal[]
  totalTaxExcluded: string
  totalTaxes: string
  totalTaxIncluded: string
}

/**
 * Totals of a document following EN 16931, so the Factur-X XML always validates:
 * per rate, base = sum of the line nets of that rate (to the cent) and VAT = round2(base × rate / 100);
 * total HT = sum of bases, total VAT = sum of the VAT per rate, total TTC = total HT + total VAT.
 * "20", "20.0" and 20 are the same rate. Amounts have exactly two decimals.
 */
export const breakdownByRate = (lines: readonly VatBreakdownLine[]): VatBreakdown => {
  const bases = new Map<string, { rate: Dec; base: Dec }>()
  for (const line of lines) {
    const rate = toRate(line.ratePercent)
    const key = canonical(rate)
    const entry = bases.get(key) ?? { rate, base: new Dec(0) }
    entry.base = entry.base.plus(toDec(line.taxExcluded))
    bases.set(key, entry)
  }

  let totalTaxExcluded = new Dec(0)
  let totalTaxes = new Dec(0)
  const byRate = [...bases.entries()]
    .sort(([, a], [, b]) => b.rate.comparedTo(a.rate))
    .map(([ratePercent, { rate, base }]): VatRateTotal => {
      const taxExcluded = base.toDecimalPlaces(2, Dec.ROUND_HALF_UP)
      const taxAmount = taxExcluded.times(rate).dividedBy(100).toDecimalPlaces(2, Dec.ROUND_HALF_UP)
      totalTaxExcluded = totalTaxExcluded.plus(taxExcluded)
      totalTaxes = totalTaxes.plus(taxAmount)
      return {
        ratePercent,
        taxExcluded: fixed(taxExcluded, 2),
        taxAmount: fixed(taxAmount, 2),
        taxIncluded: fixed(taxExcluded.plus(taxAmount), 2),
      }
    })

  return {
    byRate,
    totalTaxExcluded: fixed(totalTaxExcluded, 2),
    totalTaxes: fixed(totalTaxes, 2),
    totalTaxIncluded: fixed(totalTaxExcluded.plus(totalTaxes), 2),
  }
}
