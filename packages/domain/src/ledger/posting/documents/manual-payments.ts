import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../documents/payments'
import { add } from '../../../money/arithmetic'
import { leavesSomethingToPay } from '../instalments'
import type { PostingEntry } from '../types'
import { instalmentVatShareOf, pendingVatOf, postManualPayment } from '../vat-on-payment'
import { invoiceCustomerOf, type StoredInvoice, salesEntryOf } from './invoices'

/** A payment recorded by hand and not reconciled with a bank line, with its invoice and what was paid of it before. */
export type StoredManualPayment = {
  payment: { paidAt: string; amount: string; method: string }
  invoice: Pick<StoredInvoice, 'invoice' | 'lines' | 'customerCountry'>
  /** What its bank lines paid of the invoice, then the payments by hand before this one (date, id). */
  paidBefore: string
}

/**
 * A payment recorded by hand and not reconciled with its bank line (decision 0034): D 511 / C 411 lettered with its
 * invoice, and the share of the invoice's pending VAT it makes due, counted after what was paid before it (the bank
 * lines, then the payments by hand before it); the one that completes the invoice takes what is left of it.
 */
export function paymentEntryOf(data: StoredManualPayment): PostingEntry | null {
  const { payment, invoice: source, paidBefore } = data
  const { invoice } = source
  const sales = salesEntryOf(source)
  return postManualPayment({
    invoiceRef: invoice.reference ?? '',
    date: payment.paidAt,
    customer: invoiceCustomerOf(invoice),
    amount: payment.amount,
    methodLabel: PAYMENT_METHOD_LABELS[payment.method as PaymentMethod] ?? PAYMENT_METHOD_LABELS.OTHER,
    pending: instalmentVatShareOf(
      pendingVatOf(sales),
      {
        amount: payment.amount,
        paidBefore,
        completes: !leavesSomethingToPay(invoice.amount, add(paidBefore, payment.amount)),
      },
      invoice.totalTaxIncluded,
    ),
  })
}
