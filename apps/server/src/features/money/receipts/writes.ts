import type { DbOrTx } from '../../../db/client'
import { createReceiptRepo, type ReceiptValues } from './repo'

/** What other features write to the receipts, in their own database transaction so that it commits with them. */

/** A receipt made outside an upload (a supplier invoice received from the PA); answers its id. */
export async function insertReceipt(tx: DbOrTx, organizationId: number, values: ReceiptValues) {
  return createReceiptRepo(tx).insert(organizationId, values)
}

/** Receipts still being processed lose a supplier that is deleted. */
export async function forgetSupplier(tx: DbOrTx, organizationId: number, contactId: number) {
  await createReceiptRepo(tx).forgetSupplier(organizationId, contactId)
}
