import type { DbOrTx } from '../../../db/client'
import { createReceiptRepo } from './repo'
import { forgetSupplier } from './writes'

/** What other features read of the receipts: those of bank lines, and whether a supplier is on a validated one. */

/** The receipts each transaction has, for the transactions' answers. */
export async function receiptsOfTransactions(db: DbOrTx, organizationId: number, transactionIds: number[]) {
  return createReceiptRepo(db).receiptsOfTransactions(organizationId, transactionIds)
}

/** Whether a validated receipt names this supplier: it is then a document the contact cannot leave. */
export async function isSupplierOfValidatedReceipt(db: DbOrTx, organizationId: number, contactId: number) {
  return createReceiptRepo(db).supplierOfValidated(organizationId, contactId)
}

/** What the contacts ask of the receipts (their ContactReceiptUsage port, plugged in by app.ts). */
export const contactReceiptUsage = { supplierOfValidated: isSupplierOfValidatedReceipt, forgetSupplier }
