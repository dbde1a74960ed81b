import type { DocumentForTotals, DocumentTotals, LineForTotals, LineTotals, OperationNature, LineType } from './types'

/**
 * A line's amounts: gross = round2(quantity × unit price); discount = the amount given (priority) or
 * round2(gross × percentage / 100); net = gross − discount (EN 16931 BT-131).
 */
export function lineTotals(_line: LineForTotals): LineTotals {
  throw new Error('not implemented')
}

/**
 * Totals of a quote, invoice or credit note (DESIGN.md "documents"): line nets; the global discount (amount
 * taking priority over percentage) spread over the rates in proportion to their bases, the largest rate absorbing
 * the rounding so the parts add up to the discount; delivery fees as a base at 20 % (0 % when tax-free);
 * disbursements as a base at 0 %; VAT per rate = round2(base × rate); TTC = HT + VAT.
 */
export function documentTotals(_document: DocumentForTotals): DocumentTotals {
  throw new Error('not implemented')
}

/** Goods only, services only, or both; MISC lines do not count. No typed line: SERVICES. */
export function operationNature(_types: readonly LineType[]): OperationNature {
  throw new Error('not implemented')
}
