import {
  abs,
  add,
  compare,
  divide,
  isNegative,
  isZero,
  multiply,
  negate,
  subtract,
  sum,
  toCents,
} from '../money/arithmetic'
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

/** A part of a split typed by hand, as its VAT is decided. */
export type SplitVatPart = {
  /** Tax-included, signed as the transaction. */
  amount: string
  /** The rate of the part's tax in percent; null when it carries no VAT. */
  ratePercent: string | null
  /** Two taxes at one rate (goods and fixed assets, collected and deductible) post to different VAT accounts. */
  taxId?: number | null
  /** A VAT typed by hand: kept as it is, and left out of its rate's sum. */
  manualVat?: string | null
}

/**
 * The VAT of each part of a split typed by hand: the parts with automatic VAT at one rate (one tax) carry together the
 * VAT of their sum, each its own VAT with the rounding remainder on the last of them, so that -50.00 at 20 % split
 * -16.67 / -16.67 / -16.66 keeps the whole's -8.33 (as a template's split does, splitTotal). A remainder that would
 * give the last part a VAT of the opposite sign or as large as its amount (cent-sized parts) is dropped: each keeps
 * its own. One function for the server that stores the split and the editor that shows it live.
 */
export function automaticVats(parts: readonly SplitVatPart[]): string[] {
  const typed = (part: SplitVatPart) => part.manualVat !== null && part.manualVat !== undefined
  const vats = parts.map((part) =>
    typed(part) ? toCents(part.manualVat as string) : automaticVat(part.amount, part.ratePercent),
  )
  const groups = new Map<string, number[]>()
  parts.forEach((part, index) => {
    if (part.ratePercent === null || typed(part)) return
    const key = `${part.taxId ?? ''}|${add(part.ratePercent, '0')}`
    groups.set(key, [...(groups.get(key) ?? []), index])
  })
  for (const indexes of groups.values()) {
    const last = indexes[indexes.length - 1] as number
    if (indexes.length < 2) continue
    const part = parts[last] as SplitVatPart
    const whole = automaticVat(sum(indexes.map((index) => (parts[index] as SplitVatPart).amount)), part.ratePercent)
    const rest = allocationGap(
      whole,
      indexes.slice(0, -1).map((index) => vats[index] as string),
    )
    const fits =
      isZero(rest) || (isNegative(rest) === isNegative(part.amount) && compare(abs(rest), abs(part.amount)) < 0)
    if (fits) vats[last] = rest
  }
  return vats
}

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
