import {
  isBusinessDate,
  type ReceivedEInvoiceAddressDto,
  type ReceivedEInvoiceDto,
  type ReceivedEInvoiceLineDto,
} from '@app/domain'
import { amount, plain, rate } from './decimals'
import type { AllowanceChargeFields, InvoiceFields, LineFields, PartyFields } from './fields'

/**
 * What a person needs to read a received invoice beyond what the books take: its lines, the parties' addresses, its
 * notes and references. Never a reason to refuse the invoice (the checks decide that on the totals): a value that is
 * not a number or a date is shown as missing rather than wrong, the file itself staying the legal original.
 */

// GET /receipts/{id}/e-invoice answers this reading as it is, so its pieces are the answer schema's types and cannot
// drift from it. fields.ts keeps its own LineFields and AllowanceChargeFields: the text as written, before this reading.

/** BG-5 / BG-8; BT-40 / BT-55 the ISO 3166 country code. */
export type ReceivedAddress = ReceivedEInvoiceAddressDto

/** BG-25. Amounts with two decimals (or more when written so), quantities and prices without trailing zeros. */
export type ReceivedLine = ReceivedEInvoiceLineDto

/** BG-20 (charge false) or BG-21 (charge true). */
export type ReceivedAllowanceCharge = ReceivedEInvoiceDto['allowancesCharges'][number]

export type ReceivedInvoiceReading = {
  /** BT-106 */
  linesTotal: string | null
  /** BT-113 */
  prepaidAmount: string | null
  /** BT-22 */
  notes: string[]
  /** BT-20, several terms one per line. */
  paymentTerms: string | null
  /** BT-10 */
  buyerReference: string | null
  /** BT-13 */
  purchaseOrder: string | null
  /** BG-3: BT-25, BT-26 (YYYY-MM-DD). */
  precedingInvoices: { number: string; issueDate: string | null }[]
  lines: ReceivedLine[]
  allowancesCharges: ReceivedAllowanceCharge[]
}

const category = (raw: string | null) => raw?.toUpperCase() ?? null
const rateOrNull = (raw: string | null) => (raw === null ? null : rate(raw))
const dateOrNull = (raw: string | null) => (raw !== null && isBusinessDate(raw) ? raw : null)

/** The party's address, its country included; null when the document gives neither. */
export function addressOf(party: PartyFields): ReceivedAddress | null {
  if (!party.address && !party.country) return null
  const { lines, postcode, city, subdivision } = party.address ?? {
    lines: [],
    postcode: null,
    city: null,
    subdivision: null,
  }
  return { lines, postcode, city, subdivision, country: party.country?.toUpperCase() ?? null }
}

const line = (fields: LineFields): ReceivedLine => ({
  id: fields.id,
  name: fields.name,
  description: fields.description,
  quantity: plain(fields.quantity),
  unitCode: fields.unitCode,
  netUnitPrice: plain(fields.netUnitPrice),
  priceBaseQuantity: plain(fields.priceBaseQuantity),
  netAmount: amount(fields.netAmount),
  vatCategoryCode: category(fields.vatCategoryCode),
  vatRatePercent: rateOrNull(fields.vatRatePercent),
})

/** xs:boolean: "true" or "1" is a charge; anything else is read as an allowance, the more common. */
const allowanceCharge = (fields: AllowanceChargeFields): ReceivedAllowanceCharge => ({
  charge: fields.indicator === 'true' || fields.indicator === '1',
  amount: amount(fields.amount),
  reason: fields.reason,
  reasonCode: fields.reasonCode,
  vatCategoryCode: category(fields.vatCategoryCode),
  vatRatePercent: rateOrNull(fields.vatRatePercent),
})

export function readingOf(fields: InvoiceFields): ReceivedInvoiceReading {
  return {
    linesTotal: amount(fields.linesTotal),
    prepaidAmount: amount(fields.prepaidAmount),
    notes: fields.notes,
    paymentTerms: fields.paymentTerms.length > 0 ? fields.paymentTerms.join('\n') : null,
    buyerReference: fields.buyerReference,
    purchaseOrder: fields.purchaseOrder,
    precedingInvoices: fields.precedingInvoices.flatMap((reference) =>
      reference.number ? [{ number: reference.number, issueDate: dateOrNull(reference.issueDate) }] : [],
    ),
    lines: fields.lines.map(line),
    allowancesCharges: fields.allowancesCharges.map(allowanceCharge),
  }
}
