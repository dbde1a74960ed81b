import { creditNoteAmount, type InvoiceDto, type InvoiceInput } from '@app/domain'
import { documentBodyOf } from '../documents/bodies'
import type { DocumentBody, LineBody } from '../documents/prepare'

/** What the server creates besides the user's own invoices: deposits and final invoices of quotes, credit notes. */
export type GeneratedInvoice = DocumentBody & {
  lines: LineBody[]
  paymentLimit: number
  paymentEndOfMonth: boolean
  deliveredAt: string | null
  isCreditNote?: boolean
  isDeposit?: boolean
  isFinal?: boolean
  quoteId?: number | null
  creditedInvoiceId?: number | null
  /** A recurring invoice (the model of a subscription), never numbered. */
  isRecurring?: boolean
  /** An occurrence of a subscription: the subscription and the occurrence's date. */
  subscriptionId?: number | null
  occurrenceAt?: string | null
}

const negativeOrNull = (value: string | null) => (value === null ? null : creditNoteAmount(value))

/**
 * Credit notes carry negative amounts. People type what they credit as positive numbers in a blank credit note: the
 * unit prices, delivery fees and disbursements become negative (idempotent, so saving again changes nothing).
 */
export function asCreditNote<T extends { lines: LineBody[]; deliveryFees: string | null; disbursement: string | null }>(
  body: T,
): T {
  return {
    ...body,
    lines: body.lines.map((line) => ({ ...line, amount: creditNoteAmount(line.amount) })),
    deliveryFees: negativeOrNull(body.deliveryFees),
    disbursement: negativeOrNull(body.disbursement),
  }
}

/** An invoice DTO back into a body, to copy it. */
export function bodyOf(source: InvoiceDto): GeneratedInvoice {
  return {
    ...documentBodyOf(source),
    paymentLimit: source.paymentLimit,
    paymentEndOfMonth: source.paymentEndOfMonth,
    deliveredAt: source.deliveredAt,
  }
}

/**
 * A stored invoice in the shape of invoiceSchema's input: what PATCH /invoices/{id} merges the body into (absent fields
 * keep these values). A recurring invoice's schedule comes with it, as its parameters were sent.
 */
export function invoiceInputOf(source: InvoiceDto): InvoiceInput {
  const params = source.recurringParams
  return {
    ...bodyOf(source),
    isCreditNote: source.isCreditNote,
    isRecurring: source.isRecurring,
    recurringParams: params && {
      startingAt: params.startingAt,
      endingAt: params.endingAt,
      endingType: params.endingType,
      occurrences: params.occurrences,
      recurrence: params.recurrence,
      unit: params.unit,
      day: params.day,
      creationOption: params.creationOption,
      emails: params.emails,
    },
  }
}
