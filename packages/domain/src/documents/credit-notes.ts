import type { DecimalInput } from '../money/decimal'
import type { RateLine, RateShare } from './types'

/** What can still be credited: the invoice's TTC minus every credit note already made (their TTC is negative). */
export function remainingToCredit(_invoiceTaxIncluded: DecimalInput, _creditNotesTaxIncluded: readonly DecimalInput[]): string {
  throw new Error('not implemented')
}

/**
 * A partial credit note of `amountTaxIncluded` (positive, asked by the user, at most remainingToCredit) as negative
 * HT lines, one per rate of the invoice, in the invoice's rate proportions (splitByRates on TTC, negated).
 */
export function partialCreditLines(_shares: readonly RateShare[], _amountTaxIncluded: DecimalInput): RateLine[] {
  throw new Error('not implemented')
}
