import type { LineType } from '../../../documents/types'
import { subtract } from '../../../money/arithmetic'
import { INVOICE_STATE_IDS } from '../../../reference/ids'
import type { VatRateTotal } from '../../../vat/breakdown'
import { leavesSomethingToPay } from '../instalments'
import { postSalesDocument } from '../sales'
import { customerVatAreaOf } from '../sales-shares'
import type { Party, PostingEntry } from '../types'
import { instalmentVatShareOf, pendingVatOf, postVatMadeDue } from '../vat-on-payment'

/** The customer as the document printed it (its snapshot at validation). */
export type PrintedCustomer = { name: string; intracommunityTaxNumber?: string | null } | null

/** What the books read of a validated invoice or credit note, as stored (nothing computed again, decision 0024). */
export type StoredInvoice = {
  invoice: {
    reference: string | null
    datedAt: string
    contactId: number | null
    customer: PrintedCustomer
    /** The document's own name: the customer's when the snapshot has none. */
    name: string
    isCreditNote: boolean
    isDeposit: boolean
    vatOnDebits: boolean
    taxFree: boolean
    deliveryFees: string | null
    disbursement: string | null
    totalTaxIncluded: string
    vatBreakdown: readonly VatRateTotal[]
    stateId: number
    paymentDateAt: string | null
    /** Net to pay. */
    amount: string
  }
  /** Stored as text; the document's editor only ever writes a LineType. */
  lines: readonly { type: string; totalTaxExcluded: string; ratePercent: string; depositInvoiceId: number | null }[]
  /** The country of the billing address printed on the document. */
  customerCountry: { code: string; isEu: boolean } | null
  /** How many payments were recorded by hand for it (decision 0034). */
  manualPayments: number
  /** How many bank lines are attached to it. */
  paidByTransactions: number
}

/** The customer of a document in the books: C<contact id>, under the name printed on it. */
export const invoiceCustomerOf = (
  invoice: Pick<StoredInvoice['invoice'], 'contactId' | 'customer' | 'name'>,
): Party => ({
  id: invoice.contactId ?? 0,
  name: invoice.customer?.name ?? invoice.name,
})

/** The sales entry (VT) of a validated document. */
export function salesEntryOf({
  invoice,
  lines,
  customerCountry,
}: Pick<StoredInvoice, 'invoice' | 'lines' | 'customerCountry'>): PostingEntry | null {
  return postSalesDocument({
    reference: invoice.reference ?? '',
    date: invoice.datedAt,
    customer: invoiceCustomerOf(invoice),
    customerVatArea: customerVatAreaOf(customerCountry, invoice.customer?.intracommunityTaxNumber),
    isCreditNote: invoice.isCreditNote,
    isDeposit: invoice.isDeposit,
    vatOnDebits: invoice.vatOnDebits,
    taxFree: invoice.taxFree,
    lines: lines.map((line) => ({
      type: line.type as LineType,
      totalTaxExcluded: line.totalTaxExcluded,
      ratePercent: line.ratePercent,
      depositInvoiceId: line.depositInvoiceId,
    })),
    deliveryFees: invoice.deliveryFees,
    disbursement: invoice.disbursement,
    totalTaxIncluded: invoice.totalTaxIncluded,
    vatBreakdown: invoice.vatBreakdown,
  })
}

/**
 * An invoice's entries: its sales entry, and, when it was marked paid before payments were recorded (no payment row,
 * decision 0034), the VAT that what its transfers left made due (OD) on its payment date: the transfers made their own
 * shares due, so the OD takes what they left of it. `paidByTransfers`: what the transfers paid of it (invoiceInstalments).
 * Payments recorded by hand are sources of their own (paymentEntryOf).
 */
export function invoiceEntriesOf(data: StoredInvoice, paidByTransfers = '0'): PostingEntry[] {
  const sales = salesEntryOf(data)
  const { invoice } = data
  const markedPaidBefore =
    data.manualPayments === 0 &&
    invoice.stateId === INVOICE_STATE_IDS.PAID &&
    invoice.paymentDateAt !== null &&
    leavesSomethingToPay(invoice.amount, paidByTransfers)
  const vatMadeDue = markedPaidBefore
    ? postVatMadeDue({
        reference: invoice.reference ?? '',
        date: invoice.paymentDateAt ?? invoice.datedAt,
        pending: instalmentVatShareOf(
          pendingVatOf(sales),
          { amount: subtract(invoice.amount, paidByTransfers), paidBefore: paidByTransfers, completes: true },
          invoice.totalTaxIncluded,
        ),
      })
    : null
  return [sales, vatMadeDue].filter((entry): entry is PostingEntry => entry !== null)
}

/**
 * Whether an invoice's entries depend on what its transfers paid: only a paid invoice with bank lines and no payment
 * by hand can have an OD for what they left (invoiceEntriesOf); the others spare the reading.
 */
export const entriesDependOnTransfers = (data: StoredInvoice): boolean =>
  data.invoice.stateId === INVOICE_STATE_IDS.PAID && data.paidByTransactions > 0 && data.manualPayments === 0
