import { and, eq } from 'drizzle-orm'
import { invoices, transactionInvoices, transactions } from './schema/index'

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
