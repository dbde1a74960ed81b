import {
  abs,
  add,
  compare,
  divide,
  isZero,
  multiply,
  round2,
  roundTo,
  subtract,
  sum,
  toCents,
} from '../../money/arithmetic'
import { paymentCounts, type ReportableSale, type ReportingVatPart } from './scope'

/** A part's share of one payment, TTC, to the cent. */
export type PaymentShare = { part: ReportingVatPart; amount: string }

/** What a payment reports at one rate: the amount received TTC. */
export type PaymentRateAmount = { ratePercent: string; amount: string }

/** A rate's canonical form, so "20", "20.0" and "20.00" are one rate. */
export const reportingRate = (ratePercent: string): string => roundTo(ratePercent, 2)

const taxIncluded = (part: ReportingVatPart): string => add(part.taxExcluded, part.tax)

/** The part that takes the rounding remainder: the largest amount, then the highest rate, then the first. */
const largestIndex = (parts: readonly ReportingVatPart[]): number =>
  parts.reduce((best, part, index) => {
    const bestPart = parts[best] as ReportingVatPart
    const byAmount = compare(abs(taxIncluded(part)), abs(taxIncluded(bestPart)))
    if (byAmount !== 0) return byAmount > 0 ? index : best
    return compare(part.ratePercent, bestPart.ratePercent) > 0 ? index : best
  }, 0)

/**
 * Splits an amount received TTC over the invoice's parts in proportion of their TTC, each rounded to the cent (half
 * away from zero), the remainder on the largest part, so the shares add up exactly to the payment. A partial payment
 * pays every part in the same proportion: the invoice does not say which lines it settles, and the VAT made due
 * follows the same rule in the ledger. An invoice of zero in total has nothing to split: no share.
 */
export function splitPayment(amount: string, parts: readonly ReportingVatPart[]): PaymentShare[] {
  const total = sum(parts.map(taxIncluded))
  if (parts.length === 0 || isZero(total)) return []
  const paid = toCents(amount)
  const amounts = parts.map((part) => round2(divide(multiply(paid, taxIncluded(part)), total)))
  const remainder = subtract(paid, sum(amounts))
  const largest = largestIndex(parts)
  amounts[largest] = add(amounts[largest] as string, remainder)
  return parts.map((part, index) => ({ part, amount: toCents(amounts[index] as string) }))
}

/**
 * What one payment reports, per rate: the shares of the parts whose payments count (services under VAT on receipts,
 * not reverse-charged, `paymentCounts`), added per rate, zero amounts left out, rates in descending order.
 */
export function reportedPaymentShares(amount: string, invoice: ReportableSale): PaymentRateAmount[] {
  const perRate = new Map<string, string>()
  for (const share of splitPayment(amount, invoice.parts)) {
    if (!paymentCounts(share.part, invoice)) continue
    const rate = reportingRate(share.part.ratePercent)
    perRate.set(rate, add(perRate.get(rate) ?? '0', share.amount))
  }
  return [...perRate]
    .filter(([, value]) => !isZero(value))
    .sort(([a], [b]) => compare(b, a))
    .map(([ratePercent, value]) => ({ ratePercent, amount: toCents(value) }))
}
