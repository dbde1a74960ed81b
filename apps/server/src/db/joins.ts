import { and, eq, sql } from 'drizzle-orm'
import { invoicePayments, invoices, transactionInvoices, transactions } from './schema/index'

// The joins several features make through transaction_invoices (a transfer and the invoices it pays), written once:
// every key is per organisation, so each join also matches the organisation.

/** The invoice of a transfer–invoice link. */
export const linkedInvoice = and(
  eq(invoices.organizationId, transactionInvoices.organizationId),
  eq(invoices.id, transactionInvoices.invoiceId),
)

/** The transfer of a transfer–invoice link. */
export const linkedTransaction = and(
  eq(transactions.organizationId, transactionInvoices.organizationId),
  eq(transactions.id, transactionInvoices.transactionId),
)

/** What the payments recorded by hand and not reconciled with a bank line paid of an invoice (decision 0034). */
export const paidByHand = sql<string>`(select coalesce(sum(${invoicePayments.amount}), 0) from ${invoicePayments}
  where ${invoicePayments.organizationId} = ${invoices.organizationId} and ${invoicePayments.invoiceId} = ${invoices.id}
  and ${invoicePayments.transactionId} is null)`

/** What is left of an invoice's net to pay for its bank lines: what the payments by hand did not pay. */
export const netToPayByTransfers = sql<string>`(${invoices.amount} - ${paidByHand})`
