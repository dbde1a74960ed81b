import {
  entriesDependOnTransfers,
  invoiceEntriesOf,
  movementEntryOf,
  type PaidPurchase,
  type PaidSales,
  type PostingEntry,
  paidByTransfers,
  paidPurchaseOf,
  paymentEntryOf,
  purchaseEntryOf,
  salesEntryOf,
} from '@app/domain'
import type { LedgerSource } from './repo'
import type { LedgerSourcesRepo, TransactionForLedger } from './sources-repo'

/*
 * The rules of the books live in the domain (ledger/posting/documents): this file only reads each source's documents
 * through the repo and hands them over.
 */

export type ExpectedEntries = (source: LedgerSource) => Promise<PostingEntry[]>

/** What each source should have in the books today, read from the documents (the posting and the rebuild share it). */
export function createExpectedEntries(
  sources: LedgerSourcesRepo,
  organizationId: number,
  /** Lines already read as a set (postSources reads a chunk's at once); the others are read one by one. */
  prefetched: { transactions?: ReadonlyMap<number, TransactionForLedger> } = {},
): ExpectedEntries {
  return async (source) => {
    switch (source.kind) {
      case 'invoice': {
        const data = await sources.invoice(organizationId, source.id)
        if (!data) return []
        const paid = entriesDependOnTransfers(data)
          ? paidByTransfers(await sources.instalments(organizationId, { invoiceIds: [source.id] }), source.id)
          : '0'
        return invoiceEntriesOf(data, paid)
      }
      case 'payment': {
        const data = await sources.payment(organizationId, source.id)
        const entry = data ? paymentEntryOf(data) : null
        return entry ? [entry] : []
      }
      case 'transaction': {
        const data = prefetched.transactions
          ? (prefetched.transactions.get(source.id) ?? null)
          : await sources.transaction(organizationId, source.id)
        if (!data) return []
        const sales: PaidSales = new Map()
        for (const paid of data.paidInvoices) {
          const invoice = await sources.invoice(organizationId, paid.id)
          sales.set(paid.id, invoice ? salesEntryOf(invoice) : null)
        }
        const purchases: PaidPurchase[] = []
        for (const id of data.paidReceipts) {
          const receipt = await sources.receipt(organizationId, id)
          const purchase = receipt ? paidPurchaseOf(receipt) : null
          if (purchase) purchases.push(purchase)
        }
        // A line that pays no invoice, the most of them, spares the reading of the others that pay its invoices.
        const around =
          data.paidInvoices.length > 0 ? await sources.instalments(organizationId, { transactionId: source.id }) : null
        const entry = movementEntryOf(data, sales, purchases, around?.byTransfer.get(source.id) ?? [])
        return entry ? [entry] : []
      }
      case 'receipt': {
        // The receipt's account comes from its bank line's split, so a change of that split must re-post it: the
        // posting reaches the line's receipts (books.ts reach, reach-repo.ts receiptsOfLines) and posts them as
        // sources of their own, rather than the line's posting re-checking them here, because a source's posting
        // only ever compares and replaces its own entries (posting.ts).
        const data = await sources.receipt(organizationId, source.id)
        const entry = data ? purchaseEntryOf(data) : null
        return entry ? [entry] : []
      }
      default:
        return []
    }
  }
}
