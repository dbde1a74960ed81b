import {
  add,
  instalmentVatShareOf,
  leavesSomethingToPay,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  type PostingEntry,
  pendingVatOf,
  postManualPayment,
} from '@app/domain'
import { salesEntryOf } from './expected'
import type { PaymentForLedger } from './sources-repo'

/**
 * A payment recorded by hand and not reconciled with its bank line (decision 0034): D 511 / C 411 lettered with its
 * invoice, and the share of the invoice's pending VAT it makes due, counted after what was paid before it (the bank
 * lines, then the payments by hand before it); the one that completes the invoice takes what is left of it.
 */
export function paymentEntryOf(data: PaymentForLedger): PostingEntry | null {
  const { payment, invoice: source, paidBefore } = data
  const { invoice } = source
  const sales = salesEntryOf(source)
  return postManualPayment({
    invoiceRef: invoice.reference ?? '',
    date: payment.paidAt,
    customer: { id: invoice.contactId ?? 0, name: invoice.customer?.name ?? invoice.name },
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
