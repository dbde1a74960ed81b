import { type ReceiptDto, type ReceiptEInvoicingDto, receiptBadge, receiptExtension } from '@app/domain'
import type { createReceiptRepo, ReceiptRow } from './repo'

export type Linked = Awaited<ReturnType<ReturnType<typeof createReceiptRepo>['transactionsOf']>>

/**
 * A receipt as the API answers it, with the transactions it justifies, whether its file is still being read, and its
 * flow and statuses when it came from the e-invoicing network.
 */
export function present(
  { receipt, state, contact }: ReceiptRow,
  linked: Linked,
  reading: boolean,
  eInvoicing: ReceiptEInvoicingDto | null = null,
): ReceiptDto {
  const own = linked.filter((row) => row.receiptId === receipt.id).map(({ receiptId: _receiptId, ...row }) => row)
  return {
    id: receipt.id,
    name: receipt.name,
    extension: receiptExtension(receipt.mimeType, receipt.extension),
    mimeType: receipt.mimeType,
    size: receipt.size,
    origin: receipt.origin,
    stateId: receipt.stateId,
    state,
    receiptTypeId: receipt.receiptTypeId,
    badge: receiptBadge({ stateId: receipt.stateId, transactionCount: own.length }),
    reference: receipt.reference,
    description: receipt.description,
    contactId: receipt.contactId,
    contact: contact?.id ? { id: contact.id, name: contact.name } : null,
    supplierName: receipt.supplierName,
    reading,
    datedAt: receipt.datedAt,
    currencyId: receipt.currencyId,
    taxExcluded: receipt.taxExcluded,
    taxAmount: receipt.taxAmount,
    taxIncluded: receipt.taxIncluded,
    failure: receipt.failure,
    dueAt: receipt.dueAt,
    iban: receipt.iban,
    eInvoiceFormat: receipt.eInvoiceFormat as ReceiptDto['eInvoiceFormat'],
    vatLines: receipt.vatLines,
    transactions: own,
    eInvoicing,
    createdAt: receipt.createdAt,
    updatedAt: receipt.updatedAt,
  }
}
