import { abs, compare } from '../money/arithmetic'
import type { DecimalInput } from '../money/decimal'

/**
 * The name a line's discount goes by (spec/sales.md §3 "Discount": default 'Nouvelle remise'); the document's own
 * discount is 'Remise globale' (DOCUMENT_DISCOUNT_DEFAULT_NAME).
 */
export const LINE_DISCOUNT_DEFAULT_NAME = 'Nouvelle remise'

/** spec/sales.md "Amount font": past this total HT, a document's amounts are set smaller so that they still fit. */
export const AMOUNT_FONT_SHRINK_ABOVE = '100000'

/** Whether a document of this total HT shows its amounts smaller; a credit note's negative total counts by its size. */
export const amountFontShrinks = (totalTaxExcluded: DecimalInput): boolean =>
  compare(abs(totalTaxExcluded), AMOUNT_FONT_SHRINK_ABOVE) > 0
