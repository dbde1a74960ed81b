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
}

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
}
