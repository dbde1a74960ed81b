import { add, compare, type TransactionDto, type TransactionInvoiceDto } from '@app/domain'

/**
 * A bank line that pays sales invoices is categorised by them (issue 30, decision 0034): the server books it on the
 * customer's 411 account, lettered with the invoices, so it is never « À catégoriser » and a sales category on it would
 * count the sale twice.
 */
export const paysInvoices = (transaction: Pick<TransactionDto, 'invoices'>) => transaction.invoices.length > 0

/** Categorised by its invoices alone: it pays some and has no split of its own. */
export const categorisedByInvoices = (transaction: Pick<TransactionDto, 'invoices' | 'transactionAllocations'>) =>
  paysInvoices(transaction) && transaction.transactionAllocations.length === 0

const referenceOf = (invoice: Pick<TransactionInvoiceDto, 'reference' | 'name'>) => invoice.reference ?? invoice.name

/** "Facture F-2026-0001", "Factures F-2026-0001, F-2026-0002": what stands where the category would. */
export function invoiceCategoryLabel(invoices: readonly Pick<TransactionInvoiceDto, 'reference' | 'name'>[]): string {
  const references = invoices.map(referenceOf).join(', ')
  return invoices.length > 1 ? `Factures ${references}` : `Facture ${references}`
}

/** Why the split offers no category: the invoices categorise the line. */
export function invoiceCategoryNote(invoices: readonly Pick<TransactionInvoiceDto, 'reference' | 'name'>[]): string {
  const references = invoices.map(referenceOf).join(', ')
  return invoices.length > 1
    ? `Cette ligne paie les factures ${references} : elle est catégorisée par elles (compte client 411).`
    : `Cette ligne paie la facture ${references} : elle est catégorisée par elle (compte client 411).`
}

/**
 * The invoices it pays take the whole line: what they ask for reaches its amount (a transfer paying an instalment or
 * the rest of an invoice pays less than the invoice). Otherwise what the line received beyond them is to categorise.
 */
export const invoicesCoverLine = (transaction: Pick<TransactionDto, 'invoices' | 'amount'>) =>
  paysInvoices(transaction) &&
  compare(
    transaction.invoices.reduce<string>((total, invoice) => add(total, invoice.amount), '0'),
    transaction.amount,
  ) >= 0
