import { Dec, type DecimalInput, fixed, toDec } from '../money/decimal'
import { splitByRates } from './deposits'
import type { RateLine, RateShare } from './types'

/** What can still be credited: the invoice's TTC minus every credit note already made (their TTC is negative). */
export function remainingToCredit(
  invoiceTaxIncluded: DecimalInput,
  creditNotesTaxIncluded: readonly DecimalInput[],
): string {
  const remaining = creditNotesTaxIncluded.reduce<Dec>(
    (acc, credit) => acc.plus(toDec(credit)),
    toDec(invoiceTaxIncluded),
  )
  return fixed(Dec.max(remaining, 0), 2)
}

/**
 * A partial credit note of `amountTaxIncluded` (positive, asked by the user, at most remainingToCredit) as negative
 * HT lines, one per rate of the invoice, in the invoice's rate proportions (splitByRates on TTC, negated).
 */
export function partialCreditLines(shares: readonly RateShare[], amountTaxIncluded: DecimalInput): RateLine[] {
  return splitByRates(shares, amountTaxIncluded, 'TTC').map((line) => ({
    ratePercent: line.ratePercent,
    amount: fixed(toDec(line.amount).negated(), 2),
  }))
}

/**
 * Credit notes carry negative amounts; people type what they credit as positive numbers. This makes any amount
 * negative, leaving a negative one (and zero) as it is, so applying it twice changes nothing.
 */
export function creditNoteAmount(value: string): string {
  const trimmed = value.trim()
  if (trimmed.startsWith('-') || /^[0.,]*$/.test(trimmed)) return trimmed
  return `-${trimmed}`
}
