import {
  abs,
  add,
  type DocumentEInvoicingDto,
  type DocumentLineDto,
  type FinalInvoiceSources,
  type InvoiceDto,
  type InvoiceListItemDto,
  type InvoicePaymentDto,
  listStatusOf,
  type OperationNature,
  remainingToCredit,
  remainingToPay,
  todayInParis,
} from '@app/domain'
import { presentRecurringParams } from './recurring-params'
import type { createInvoiceRepo } from './repo'

export type InvoiceSelectRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createInvoiceRepo>['find']>>>

const canonicalOrNull = (value: string | null) => (value === null ? null : add(value, 0))

/** A payment of the invoice as the list shows it: its amount and date. */
type PaymentOnList = InvoiceListItemDto['transactions'][number]

/** `today` (Europe/Paris) decides a recurring invoice's badge. */
export function presentInvoiceListItem(
  { invoice, state, contact, user, quote, creditedReference, commentsCount, recurring }: InvoiceSelectRow,
  today: string = todayInParis(),
  payments: PaymentOnList[] = [],
) {
  const dto: InvoiceListItemDto = {
    id: invoice.id,
    type: invoice.type === 'AV' ? 'AV' : 'F',
    isCreditNote: invoice.isCreditNote,
    isDeposit: invoice.isDeposit,
    isFinal: invoice.isFinal,
    isRecurring: invoice.isRecurring,
    name: invoice.name,
    reference: invoice.reference,
    description: invoice.description,
    terms: invoice.terms,
    amount: invoice.amount,
    totalTaxExcluded: invoice.totalTaxExcluded,
    totalTaxes: invoice.totalTaxes,
    totalTaxIncluded: invoice.totalTaxIncluded,
    discount:
      invoice.discountName === null && invoice.discountAmount === null && invoice.discountPercentage === null
        ? null
        : {
            name: invoice.discountName ?? '',
            amount: canonicalOrNull(invoice.discountAmount),
            percentage: canonicalOrNull(invoice.discountPercentage),
          },
    deliveryFees: canonicalOrNull(invoice.deliveryFees),
    disbursement: canonicalOrNull(invoice.disbursement),
    latePenalties: canonicalOrNull(invoice.latePenalties),
    datedAt: invoice.datedAt,
    deliveredAt: invoice.deliveredAt,
    paymentLimit: invoice.paymentLimit,
    paymentEndOfMonth: invoice.paymentEndOfMonth,
    paymentLimitAt: invoice.paymentLimitAt,
    paymentDateAt: invoice.paymentDateAt,
    contactId: invoice.contactId,
    contact: contact?.id
      ? contact
      : invoice.customer
        ? { id: invoice.contactId ?? 0, name: invoice.customer.name, contactTypeId: invoice.customer.contactTypeId }
        : null,
    billingAddressId: invoice.billingAddressId,
    deliveryAddressId: invoice.deliveryAddressId,
    customer: invoice.customer,
    currencyId: invoice.currencyId,
    stateId: invoice.stateId,
    state,
    nature: invoice.nature as OperationNature,
    vatOnDebits: invoice.vatOnDebits,
    taxFree: invoice.taxFree,
    documentUrl: `/api/v1/invoices/${invoice.id}/pdf`,
    // The version in the query makes a changed document a new URL for caches (spec §4 "Document refresh").
    previewUrl: `/api/v1/invoices/${invoice.id}/pdf?v=${encodeURIComponent(invoice.updatedAt)}`,
    origin: invoice.origin,
    commentsCount: commentsCount ?? 0,
    user: user?.id ? { id: user.id, name: `${user.firstname} ${user.lastname}` } : null,
    quoteId: invoice.quoteId,
    quote: quote?.id ? quote : null,
    creditedInvoiceId: invoice.creditedInvoiceId,
    creditedInvoice: invoice.creditedInvoiceId ? { id: invoice.creditedInvoiceId, reference: creditedReference } : null,
    transactions: payments,
    recurringParams:
      invoice.isRecurring && recurring?.invoiceId
        ? presentRecurringParams(recurring, invoice.contactId !== null, today)
        : null,
    subscriptionId: invoice.subscriptionId,
    createdAt: invoice.createdAt,
    updatedAt: invoice.updatedAt,
    validatedAt: invoice.validatedAt,
  }
  return dto
}

export function presentInvoice(
  row: InvoiceSelectRow,
  lines: DocumentLineDto[],
  creditNotes: { id: number; reference: string | null; totalTaxIncluded: string; datedAt: string }[],
  finalInvoiceSources: FinalInvoiceSources | null,
  today: string = todayInParis(),
  payments: InvoicePaymentDto[] = [],
  eInvoicing: DocumentEInvoicingDto | null = null,
): InvoiceDto {
  const item = presentInvoiceListItem(
    row,
    today,
    payments.map((payment) => ({ amount: payment.amount, datedAt: payment.paidAt })),
  )
  const payable = !item.isCreditNote && !item.isRecurring && !['DRAFT', 'CANCELED'].includes(item.state.code)
  const creditable = !item.isCreditNote && !['DRAFT', 'CANCELED'].includes(item.state.code)
  return {
    ...item,
    lines,
    vatBreakdown: row.invoice.vatBreakdown,
    creditNotes: creditNotes.map((note) => ({
      id: note.id,
      reference: note.reference,
      amount: note.totalTaxIncluded,
      datedAt: note.datedAt,
    })),
    finalInvoiceSources,
    eInvoicing,
    eInvoiceStatus: eInvoicing ? listStatusOf(eInvoicing.delivery, eInvoicing.status) : null,
    payments,
    remainingToPay: payable
      ? remainingToPay(
          item.amount,
          payments.map((payment) => payment.amount),
          creditNotes.map((note) => abs(note.totalTaxIncluded)),
        )
      : '0.00',
    remainingToCredit: creditable
      ? remainingToCredit(
          item.totalTaxIncluded,
          creditNotes.map((note) => note.totalTaxIncluded),
        )
      : '0.00',
  }
}
