import type { DecimalInput } from '../money/decimal'
import type { VatRateTotal } from '../vat/breakdown'

/** PRODUCT and SERVICE lines decide the nature of the operation (goods, services, mixed); MISC is a blank line. */
export const LINE_TYPES = ['PRODUCT', 'SERVICE', 'MISC'] as const
export type LineType = (typeof LINE_TYPES)[number]

export const DISCOUNT_TYPES = ['percent', 'amount'] as const
export type DiscountType = (typeof DISCOUNT_TYPES)[number]

/** A discount is an amount (taking priority) or a percentage; both null means no discount. */
export type DiscountValue = { amount: DecimalInput | null; percentage: DecimalInput | null }

/** What the totals need of a line: quantity × unit price HT, minus its discount, at a VAT rate. */
export type LineForTotals = {
  quantity: DecimalInput
  /** Unit price excluding VAT (up to 6 decimals). Negative on credit notes and deposit deductions. */
  amount: DecimalInput
  /** VAT rate of the line's tax in percent ("20", "5.5", "0"). */
  ratePercent: DecimalInput
  discount?: DiscountValue | null
}

export type DocumentForTotals = {
  lines: readonly LineForTotals[]
  /** Global discount, spread over the VAT rates in proportion to their bases (EN 16931 document allowance). */
  discount?: DiscountValue | null
  /** Delivery fees HT: a charge at 20 % VAT (0 % for tax-free organisations). */
  deliveryFees?: DecimalInput | null
  /** Disbursements (débours): a charge outside the VAT base, at 0 %. */
  disbursement?: DecimalInput | null
  /** Tax-free organisations (franchise en base): every rate counts as 0 %. */
  taxFree?: boolean
}

export type LineTotals = {
  /** quantity × unit price, to the cent, before the line discount. */
  gross: string
  /** The line discount, to the cent (positive for a discount on a positive line). */
  discountAmount: string
  /** Line net amount = round2(quantity × unit price − line discount): EN 16931 BT-131. */
  totalTaxExcluded: string
}

export type DocumentTotals = {
  lines: LineTotals[]
  /** Sum of the line nets. */
  subtotal: string
  /** The global discount amount actually applied (≥ 0 on an invoice), to the cent. */
  discountAmount: string
  /** The part of the global discount each VAT rate received (rates with a part only), highest rate first. */
  discountByRate: RateLine[]
  deliveryFees: string
  disbursement: string
  /** One entry per rate, highest first: base after the global discount and charges, VAT, TTC. */
  byRate: VatRateTotal[]
  totalTaxExcluded: string
  totalTaxes: string
  totalTaxIncluded: string
}

/** Deposit request (spec/sales.md §3 and §4). */
export const DEPOSIT_TYPES = ['percent', 'amount_without_taxes', 'amount_with_taxes'] as const
export type DepositType = (typeof DEPOSIT_TYPES)[number]

/** The share of a document at one VAT rate, from which deposits and partial credit notes are split. */
export type RateShare = { ratePercent: string; taxExcluded: string; taxIncluded: string }

/** One line of a generated document (deposit invoice, credit note, deposit deduction): HT at one rate. */
export type RateLine = { ratePercent: string; amount: string }

/** Nature of the operation (décret 2022-1299): goods, services, or both. */
export type OperationNature = 'GOODS' | 'SERVICES' | 'MIXED'
