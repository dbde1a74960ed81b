import type { DecimalInput } from '../money/decimal'
import type { DepositType, RateLine, RateShare } from './types'

export type DepositComputation = {
  /** The quote amount HT, or its TTC for amount_with_taxes. */
  base: string
  /** base − deposits already invoiced (on the same basis), never below 0. */
  remaining: string
  /** The deposit on that basis: the amount given, else round2(base × percentage / 100). */
  deposit: string
}

/**
 * spec/sales.md §4: the base is the quote amount (HT), or the tax-inclusive total for amount_with_taxes;
 * remaining = base − existing deposits; an amount given is used, otherwise base × percentage.
 * Throws RangeError when neither an amount nor a percentage is given.
 */
export function computeDeposit(_input: {
  type: DepositType
  amount: DecimalInput | null
  percentage: DecimalInput | null
  quote: { totalTaxExcluded: DecimalInput; totalTaxIncluded: DecimalInput }
  /** Deposits already invoiced for this quote (not canceled). */
  existing: readonly { totalTaxExcluded: DecimalInput; totalTaxIncluded: DecimalInput }[]
}): DepositComputation {
  throw new Error('not implemented')
}

/**
 * The lines of a deposit invoice: one HT amount per VAT rate of the quote, in proportion to the quote's bases, so
 * that the deposit invoice's HT equals `deposit` exactly (basis 'HT'), or its TTC equals it as closely as the
 * per-rate VAT rounding allows (basis 'TTC'; exact with a single rate). Zero shares are dropped.
 */
export function splitByRates(_shares: readonly RateShare[], _amount: DecimalInput, _basis: 'HT' | 'TTC'): RateLine[] {
  throw new Error('not implemented')
}
