import {
  LIFECYCLE_ACTIONS,
  LIFECYCLE_REASONS,
  type LifecycleEventDto,
  type LifecycleEventSource,
  lifecycleStatusLabel,
  type ReceiptEInvoicingDto,
} from '@app/domain'
import type { DbOrTx } from '../../../../db/client'
import { createIntakeRepo, type StatusRow } from './repo'
import { currentStatus } from './statuses-in'

const labelOf = (list: Record<string, string>, code: string | null) => (code ? (list[code] ?? code) : null)

/** One status row as the timeline shows it, its codes in French. */
export const lifecycleEventOf = (row: StatusRow): LifecycleEventDto => ({
  code: row.code,
  label: lifecycleStatusLabel(row.code),
  source: row.source as LifecycleEventSource,
  reason: row.reasonCode,
  reasonLabel: labelOf(LIFECYCLE_REASONS, row.reasonCode),
  message: row.message,
  action: row.actionCode,
  actionLabel: labelOf(LIFECYCLE_ACTIONS, row.actionCode),
  occurredAt: row.occurredAt,
})

/**
 * The network side of receipts (GET /receipts, /receipts/{id}): the flow a received e-invoice came in, its current
 * status (the last applied) and its timeline. A receipt that did not come from the network is absent from the map.
 */
export async function receiptsEInvoicing(
  db: DbOrTx,
  organizationId: number,
  receiptIds: number[],
): Promise<Map<number, ReceiptEInvoicingDto>> {
  const repo = createIntakeRepo(db)
  const flows = await repo.receiptFlows(organizationId, receiptIds)
  const answer = new Map<number, ReceiptEInvoicingDto>()
  if (flows.length === 0) return answer
  const statuses = await repo.receiptStatuses(
    organizationId,
    flows.flatMap((flow) => (flow.receiptId === null ? [] : [flow.receiptId])),
  )
  for (const flow of flows) {
    if (flow.receiptId === null) continue
    const own = statuses.filter((row) => row.receiptId === flow.receiptId)
    const status = currentStatus(own)
    answer.set(flow.receiptId, {
      flowId: flow.flowId,
      status,
      statusLabel: status === null ? null : lifecycleStatusLabel(status),
      events: own.map(lifecycleEventOf),
    })
  }
  return answer
}
