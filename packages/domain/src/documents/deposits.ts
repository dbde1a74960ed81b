import { Dec, type DecimalInput, fixed, toDec } from '../money/decimal'
import { taxExcludedFromIncluded } from '../vat/compute'
import { allocateProportionally } from './allocate'
import type { DepositType, RateLine, RateShare } from './types'

export type DepositComputation = {
  /** The quote amount HT, or its TTC for amount_with_taxes. */
  base: string
  /** base − deposits already invoiced (on the same basis), never below 0. */
  remaining: string
  /** The deposit on that basis: the amount given, else round2(base × percentage / 100). */
  deposit: string
}

/** The basis a deposit type is expressed on: TTC for amount_with_taxes, HT otherwise. */
export const depositBasis = (type: DepositType): 'HT' | 'TTC' => (type === 'amount_with_taxes' ? 'TTC' : 'HT')

const isGiven = (value: DecimalInput | null): value is DecimalInput => value !== null && value !== ''

/**
 * spec/sales.md §4: the base is the quote amount (HT), or the tax-inclusive total for amount_with_taxes;
 * remaining = base − existing deposits; an amount given is used, otherwise base × percentage.
 * Throws RangeError when neither an amount nor a percentage is given.
 */
export function computeDeposit(input: {
  type: DepositType
  amount: DecimalInput | null
  percentage: DecimalInput | null
  quote: { totalTaxExcluded: DecimalInput; totalTaxIncluded: DecimalInput }
  /** Deposits already invoiced for this quote (not canceled). */
  existing: readonly { totalTaxExcluded: DecimalInput; totalTaxIncluded: DecimalInput }[]
}): DepositComputation {
  const onTaxIncluded = depositBasis(input.type) === 'TTC'
  const pick = (totals: { totalTaxExcluded: DecimalInput; totalTaxIncluded: DecimalInput }) =>
    toDec(onTaxIncluded ? totals.totalTaxIncluded : totals.totalTaxExcluded)

  const base = pick(input.quote)
  const already = input.existing.reduce((acc, deposit) => acc.plus(pick(deposit)), new Dec(0))
  const remaining = Dec.max(base.minus(already), 0)

  let deposit: Dec
  if (isGiven(input.amount)) deposit = toDec(input.amount)
  else if (isGiven(input.percentage)) deposit = base.times(toDec(input.percentage)).dividedBy(100)
  else throw new RangeError('A deposit needs an amount or a percentage')

  return { base: fixed(base, 2), remaining: fixed(remaining, 2), deposit: fixed(deposit, 2) }
}

/**
 * The lines of a deposit invoice: one HT amount per VAT rate of the quote, in proportion to the quote's bases, so
 * that the deposit invoice's HT equals `deposit` exactly (basis 'HT'), or its TTC equals it as closely as the
 * per-rate VAT rounding allows (basis 'TTC'; exact with a single rate). Zero shares are dropped.
 */
export function splitByRates(shares: readonly RateShare[], amount: DecimalInput, basis: 'HT' | 'TTC'): RateLine[] {
  const weights = shares.map((share) => toDec(basis === 'HT' ? share.taxExcluded : share.taxIncluded))
  if (weights.every((weight) => weight.isZero())) throw new RangeError('Every share is 0: nothing to split over')
  const total = toDec(amount).toDecimalPlaces(2, Dec.ROUND_HALF_UP)
  const parts = allocateProportionally(total, weights)
  const lines: RateLine[] = []
  shares.forEach((share, index) => {
    const part = parts[index] ?? new Dec(0)
    if (part.isZero()) return
    const taxExcluded = basis === 'HT' ? fixed(part, 2) : taxExcludedFromIncluded(part.toFixed(), share.ratePercent)
    if (toDec(taxExcluded).isZero()) return
    lines.push({ ratePercent: share.ratePercent, amount: taxExcluded })
  })
  return lines
}
