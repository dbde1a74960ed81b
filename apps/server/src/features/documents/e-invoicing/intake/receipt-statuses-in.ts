import { canMoveTo, isLifecycleStatusCode } from '@app/domain'
import type { DbOrTx } from '../../../../db/client'
import type { CdarMessage } from '../cdar/types'
import type { StatusIssuer } from './issuer'
import { createIntakeRepo } from './repo'
import { currentStatus, sourceOf } from './statuses-in'

/**
 * The statuses a received CDAR (SupplierInvoiceLC) carries about invoices the organisation received through the
 * network: the platforms' and the supplier's (an invoice cancelled, cashed), written on the receipt's timeline beside
 * the buyer's own, forward-only like an invoice's. The receipt is found by the invoice's number and its supplier's
 * SIREN; a message about another invoice is left out. Answers how many were written.
 */
export async function applyReceiptStatuses(
  tx: DbOrTx,
  input: {
    organizationId: number
    flowRowId: number
    messages: CdarMessage[]
    issuer: StatusIssuer | null
  },
): Promise<{ recorded: number; unknown: string[] }> {
  const repo = createIntakeRepo(tx)
  const unknown: string[] = []
  let recorded = 0
  for (const message of input.messages) {
    const sellerSiren = message.invoice.sellerSiren.replace(/\s+/g, '')
    const receipt = await repo.receivedReceipt(input.organizationId, message.invoice.reference, sellerSiren)
    if (!receipt) {
      unknown.push(message.invoice.reference)
      continue
    }
    const source = sourceOf(input.issuer?.role ?? message.sender.role, message.status)
    const history = await repo.statuses(input.organizationId, { receiptId: receipt.id })
    if (history.some((row) => row.code === message.status && row.source === source)) continue
    await repo.insertStatus({
      organizationId: input.organizationId,
      receiptId: receipt.id,
      flowId: input.flowRowId,
      code: message.status,
      source,
      reasonCode: message.reasonCode ?? null,
      message: message.reasonText?.slice(0, 1000) ?? null,
      actionCode: message.actionCode ?? null,
      applied: isLifecycleStatusCode(message.status) && canMoveTo(currentStatus(history), message.status),
      occurredAt: message.statusAt,
    })
    recorded++
  }
  return { recorded, unknown }
}
