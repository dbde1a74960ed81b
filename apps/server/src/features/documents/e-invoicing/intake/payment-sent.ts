import { isNegative } from '@app/domain'
import type { DbOrTx } from '../../../../db/client'
import { AppError } from '../../../../lib/errors'
import type { Storage } from '../../../../lib/storage'
import { queueBuyerStatus, receivedDocumentOf } from './buyer-status'
import { createIntakeRepo } from './repo'

/**
 * Receipts attached to a bank line that pays them (a debit): each one that came from the network tells its supplier
 * « Paiement transmis » (211), once (a fixed tracking id, and 211 cannot follow itself). Called in the attaching
 * transaction; a receipt that cannot take 211 (not connected, already refused or paid) is left as it is: attaching
 * never fails for the network's sake.
 */
export async function queuePaymentSent(
  tx: DbOrTx,
  storage: Storage,
  input: { organizationId: number; transactionId: number; receiptIds: readonly number[]; now: string },
) {
  if (input.receiptIds.length === 0) return
  const line = await createIntakeRepo(tx).transactionAmount(input.organizationId, input.transactionId)
  if (!line || !isNegative(line.amount)) return
  for (const receiptId of input.receiptIds) {
    const document = await receivedDocumentOf(tx, storage, input.organizationId, receiptId)
    if (!document) continue
    try {
      await queueBuyerStatus(tx, storage, {
        organizationId: input.organizationId,
        userId: null,
        document,
        status: { code: 211, reason: null, message: null },
        now: input.now,
        trackingId: `carnet-rcpt-${input.organizationId}-${receiptId}-211`,
      })
    } catch (error) {
      if (!(error instanceof AppError)) throw error
    }
  }
}
