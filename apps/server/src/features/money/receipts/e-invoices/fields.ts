/**
 * What a CII or UBL document says, as text, before any check: null where the element is absent. cii.ts and ubl.ts
 * fill it, checks.ts decides whether it is an invoice we can accept.
 */

/** An identifier and the ISO 6523 scheme it is given under ("0002" SIREN, "0009" SIRET), when one is given. */
export type SchemedId = { value: string; scheme: string | null }

export type PartyFields = {
  /** BT-27 / BT-44 */
  name: string | null
  /** BT-30 / BT-47, legal registration identifier. */
  legalId: SchemedId | null
  /** BT-29 / BT-46, the party's other identifiers (a SIRET under scheme 0009). */
  otherIds: SchemedId[]
  /** BT-31 / BT-48 */
  vatNumber: string | null
  /** BT-40 / BT-55 */
  country: string | null
  /** BG-5 / BG-8; null when the party has no postal address element. */
  address: AddressFields | null
}

/** BG-5 / BG-8 postal address, for reading only: its country (BT-40 / BT-55) is the party's `country`. */
export type AddressFields = {
  /** BT-35, BT-36, BT-162 (BT-50, BT-51, BT-163), in their order, blank ones left out. */
  lines: string[]
  /** BT-38 / BT-53 */
  postcode: string | null
  /** BT-37 / BT-52 */
  city: string | null
  /** BT-39 / BT-54 */
  subdivision: string | null
}

/** BG-25, one invoice line, as written. */
export type LineFields = {
  /** BT-126 */
  id: string | null
  /** BT-153 */
  name: string | null
  /** BT-154 */
  description: string | null
  /** BT-129 */
  quantity: string | null
  /** BT-130, UN/ECE Recommendation 20 (C62 one, HUR hour…). */
  unitCode: string | null
  /** BT-146 */
  netUnitPrice: string | null
  /** BT-149: the quantity the price is given for, when not one. */
  priceBaseQuantity: string | null
  /** BT-131 */
  netAmount: string | null
  /** BT-151 */
  vatCategoryCode: string | null
  /** BT-152 */
  vatRatePercent: string | null
}

/** BG-20 (allowance) or BG-21 (charge) at document level. */
export type AllowanceChargeFields = {
  /** ChargeIndicator: "true" for a charge, "false" for an allowance, as written. */
  indicator: string | null
  /** BT-92 / BT-99 */
  amount: string | null
  /** BT-97 / BT-104 */
  reason: string | null
  /** BT-98 / BT-105, UNTDID 5189 / 7161 */
  reasonCode: string | null
  /** BT-95 / BT-102 */
  vatCategoryCode: string | null
  /** BT-96 / BT-103 */
  vatRatePercent: string | null
}

/** BG-3: BT-25 and BT-26 (YYYY-MM-DD, or the raw text of a date in another format). */
export type PrecedingInvoiceFields = { number: string | null; issueDate: string | null }

export type VatFields = {
  /** BT-116 */
  taxableAmount: string | null
  /** BT-117 */
  taxAmount: string | null
  /** BT-118 */
  categoryCode: string | null
  /** BT-119 */
  ratePercent: string | null
}

export type InvoiceFields = {
  number: string | null
  /** YYYY-MM-DD when the source wrote a date in a format we know, else its raw text, which the checks refuse. */
  issueDate: string | null
  dueDate: string | null
  typeCode: string | null
  currency: string | null
  seller: PartyFields
  buyer: PartyFields
  /** BT-84 as written. */
  paymentAccount: string | null
  totalTaxExcluded: string | null
  totalTax: string | null
  totalTaxIncluded: string | null
  amountDue: string | null
  vatBreakdown: VatFields[]
  /** BT-106 */
  linesTotal: string | null
  /** BT-113 */
  prepaidAmount: string | null
  /** BT-22, each note's text. */
  notes: string[]
  /** BT-20, each payment terms' text. */
  paymentTerms: string[]
  /** BT-10 */
  buyerReference: string | null
  /** BT-13 */
  purchaseOrder: string | null
  precedingInvoices: PrecedingInvoiceFields[]
  lines: LineFields[]
  allowancesCharges: AllowanceChargeFields[]
}
