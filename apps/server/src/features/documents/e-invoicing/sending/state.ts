import {
  type DocumentEInvoicingDto,
  type InvoiceListItemDto,
  isLifecycleStatusCode,
  LIFECYCLE_ACTIONS,
  LIFECYCLE_REASONS,
  type LifecycleEventDto,
  type LifecycleEventSource,
  lifecycleStatusLabel,
  listStatusOf,
} from '@app/domain'
import type { DbOrTx } from '../../../../db/client'
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

type ListStatus = NonNullable<InvoiceListItemDto['eInvoiceStatus']>

/** The list badges of a page of invoices, by invoice id (none for those that never went through the outbox). */
export async function listStatusesOf(
  db: DbOrTx,
  organizationId: number,
  invoiceIds: number[],
): Promise<Map<number, ListStatus>> {
  const { flows, statuses } = await createOutgoingFlowRepo(db).networkOfInvoices(organizationId, invoiceIds)
  const last = new Map<number, number>()
  for (const status of statuses)
    if (status.invoiceId !== null && isLifecycleStatusCode(status.code)) last.set(status.invoiceId, status.code)
  const result = new Map<number, ListStatus>()
  for (const flow of flows)
    if (flow.invoiceId !== null) result.set(flow.invoiceId, listStatusOf(flow.state, last.get(flow.invoiceId) ?? null))
  return result
}
