import {
  type DocumentEInvoicingDto,
  isLifecycleStatusCode,
  LIFECYCLE_ACTIONS,
  LIFECYCLE_REASONS,
  type LifecycleEventDto,
  type LifecycleEventSource,
  lifecycleStatusLabel,
} from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import { createOutgoingFlowRepo } from './repo'

const labelOf = <T extends Record<string, string>>(list: T, code: string | null) =>
  code === null ? null : ((list as Record<string, string>)[code] ?? code)

/**
 * How an invoice travels on the network, for GET /invoices/{id}: its flow in the outbox (null when it never had one:
 * not connected, or validated before the connection) and its lifecycle statuses, oldest first. The invoice's status
 * is the last one that moved it forward (`applied`).
 */
export async function documentEInvoicingOf(
  db: DbOrTx,
  organizationId: number,
  invoiceId: number,
): Promise<DocumentEInvoicingDto | null> {
  const repo = createOutgoingFlowRepo(db)
  const flow = await repo.invoiceFlow(organizationId, invoiceId)
  if (!flow) return null
  const statuses = await repo.statusesOfInvoice(organizationId, invoiceId)
  const events: LifecycleEventDto[] = statuses.map((status) => ({
    code: status.code,
    label: lifecycleStatusLabel(status.code),
    source: status.source as LifecycleEventSource,
    reason: status.reasonCode,
    reasonLabel: labelOf(LIFECYCLE_REASONS, status.reasonCode),
    message: status.message,
    action: status.actionCode,
    actionLabel: labelOf(LIFECYCLE_ACTIONS, status.actionCode),
    occurredAt: status.occurredAt,
  }))
  const current = statuses.filter((status) => status.applied && isLifecycleStatusCode(status.code)).at(-1) ?? null
  const delivery = flow.state as DocumentEInvoicingDto['delivery']
  return {
    channel: delivery === 'skipped' ? 'email' : 'network',
    delivery,
    flowId: flow.flowId,
    trackingId: flow.trackingId,
    attempts: flow.attempts,
    lastError: flow.lastError,
    status: current?.code ?? null,
    statusLabel: current ? lifecycleStatusLabel(current.code) : null,
    events,
  }
}
