import type { ReceivedAddress, ReceivedInvoiceReading } from './readable'

/**
 * An invoice as its seller issued it. Amounts have two decimals ("100.00") and are as written: a credit note (381)
 * shows positive amounts, its type code says it is a credit. The books take the totals and the VAT breakdown; the
 * rest (ReceivedInvoiceReading, the addresses) is there for a person to read it.
 */
export type ReceivedInvoice = ReceivedInvoiceReading & {
  /** BT-1 */
  number: string
  /** BT-2, YYYY-MM-DD */
  issueDate: string
  /** BT-9 */
  dueDate: string | null
  /** BT-3: 380 invoice, 381 credit note, 386 deposit… */
  typeCode: string
  /** BT-5 */
  currency: string
  /** BT-27; BT-30 / BT-29 (the SIREN is the SIRET's first nine digits); BT-31; BT-84 when it is an IBAN; BG-5. */
  seller: {
    name: string
    siren: string | null
    siret: string | null
    vatNumber: string | null
    iban: string | null
    address: ReceivedAddress | null
  }
  /** BT-44 (empty when the document omits it), BT-47, BT-48, BG-8. */
  buyer: { name: string; siren: string | null; vatNumber: string | null; address: ReceivedAddress | null }
  /** BT-109 */
  totalTaxExcluded: string
  /** BT-110 */
  totalTax: string
  /** BT-112 */
  totalTaxIncluded: string
  /** BT-115 */
  amountDue: string
  /** BG-23: BT-119, BT-116, BT-117, BT-118. */
  vatBreakdown: { ratePercent: string; taxableAmount: string; taxAmount: string; categoryCode: string }[]
}
