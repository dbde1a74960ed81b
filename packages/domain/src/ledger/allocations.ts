import { abs, compare, divide, isNegative, isZero, multiply, negate, subtract, sum, toCents } from '../money/arithmetic'
import { formatEuro } from '../money/format'
import { parseMoneyInput } from '../money/parse'
import { vatPartOfTaxIncluded } from '../vat/compute'

/**
 * The split of a transaction across categories (ventilation, spec/money.md §5 "Allocations and VAT"). Amounts are
 * tax-included decimal strings with the transaction's sign; each part carries the VAT inside it.
 */

export const ALLOCATION_NAME_MAX = 250

export const allocationMessages = {
  categoryRequired: 'Tu dois choisir une catégorie.',
  sumMismatch: (gap: string) =>
    `Vérifie les montants — Le total de la ventilation n'est pas égal au montant de la transaction : écart ${gap}`,
  vatEdited: 'T.V.A. modifiée',
  multipleCategories: 'Catégories multiples',
  toCategorize: 'À catégoriser',
} as const

/** What the parts miss to make the transaction's amount, to the cent: 0 when they add up. */
export const allocationGap = (transactionAmount: string, partAmounts: readonly string[]): string =>
  toCents(subtract(transactionAmount, sum(partAmounts.length > 0 ? partAmounts : ['0'])))

/** The gap as the message writes it: signed, in euros ("+12,50 €", "-0,01 €"). */
export const formatGap = (gap: string): string => `${isNegative(gap) ? '' : '+'}${formatEuro(gap)}`

/** The sum rule's message, or null when the parts add up to the transaction's amount. */
export function sumRuleError(transactionAmount: string, partAmounts: readonly string[]): string | null {
  const gap = allocationGap(transactionAmount, partAmounts)
  return isZero(gap) ? null : allocationMessages.sumMismatch(formatGap(gap))
}

/** The adjust button: the line takes the transaction's amount minus the other lines. */
export const adjustedAmount = (transactionAmount: string, otherAmounts: readonly string[]): string =>
  allocationGap(transactionAmount, otherAmounts)

/** The automatic VAT of a part: the VAT inside its tax-included amount at the category's rate, sign kept. */
export const automaticVat = (amount: string, ratePercent: string | null): string =>
  ratePercent === null || isZero(amount) ? '0.00' : vatPartOfTaxIncluded(amount, ratePercent)

/** What a VAT typed by hand on a single part becomes (spec/money.md §5 "VAT edit"). */
export type VatEdit = { kind: 'unchanged' } | { kind: 'reverted' } | { kind: 'manual'; taxAmount: string }

/**
 * A VAT typed on a one-part transaction: ignored when unchanged; reverted when empty, not a number, of the opposite
 * sign to the amount, or at or above the amount in absolute value; otherwise kept as manual VAT, with the amount's
 * sign when typed without one.
 */
export function editVat(amount: string, currentVat: string, typed: string): VatEdit {
  if (typed.trim() === '') return { kind: 'reverted' }
  const value = parseMoneyInput(typed)
  if (value === null) return { kind: 'reverted' }
  const typedNegative = typed.trim().startsWith('-')
  if (typedNegative && !isNegative(amount)) return { kind: 'reverted' }
  const signed = isNegative(amount) && !isNegative(value) ? negate(value) : value
  if (compare(abs(signed), abs(amount)) >= 0) return { kind: 'reverted' }
  const taxAmount = toCents(signed)
  if (compare(taxAmount, toCents(currentVat)) === 0) return { kind: 'unchanged' }
  return { kind: 'manual', taxAmount }
}

/** A share of a split template: a percentage of the total, or a fixed amount (positive; the total gives the sign). */
export type SplitShare = { percent: string } | { fixed: string }
export type SplitPart = { share: SplitShare; ratePercent: string | null }

/**
 * A total split by a template (a rule's split, issue 14): each part rounded to the cent, the remainder on the last
 * part so that the parts add up to the total; each part's VAT from its rate, and when every part has the same rate
 * the last part's VAT is the whole's VAT minus the others', so the VAT parts add up to the VAT of the whole.
 */
export function splitTotal(total: string, parts: readonly SplitPart[]): { amount: string; taxAmount: string }[] {
  if (parts.length === 0) return []
  const heads = parts.slice(0, -1).map(({ share }) => {
    if ('percent' in share) return toCents(divide(multiply(total, share.percent), '100'))
    return toCents(isNegative(total) ? negate(share.fixed) : share.fixed)
  })
  const amounts = [...heads, allocationGap(total, heads)]
  const vats = amounts.map((amount, index) => automaticVat(amount, parts[index]?.ratePercent ?? null))
  const rates = new Set(parts.map((part) => part.ratePercent))
  if (rates.size === 1 && vats.length > 1) {
    const whole = automaticVat(total, parts[0]?.ratePercent ?? null)
    vats[vats.length - 1] = allocationGap(whole, vats.slice(0, -1))
  }
  return amounts.map((amount, index) => ({ amount, taxAmount: vats[index] ?? '0.00' }))
}
