import { createHash } from 'node:crypto'
import { INCOMING_FLOW_RETRY_MINUTES } from '@app/domain'
import type { Db } from '../../../../db/client'
import { addMinutes, type Clock } from '../../../../lib/clock'
import type { Storage } from '../../../../lib/storage'
import type { Books } from '../../../books/ledger/books'
import type { NotificationService } from '../../../platform/notifications/service'
import { readCdar } from '../cdar/read'
import type { Flow, PlatformClient } from '../platform/types'
import { ackErrorMessage } from './ack'
import { issuerOf } from './issuer'
import { applyReceiptStatuses } from './receipt-statuses-in'
import { createIntakeRepo } from './repo'
import { applyInvoiceStatuses, type StatusNotice } from './statuses-in'
import { insertSupplierInvoiceReceipt, readSupplierInvoice, storeSupplierInvoice } from './supplier-invoice'

export type TakeDeps = {
  db: Db
  books: Books
  clock: Clock
  storage: Storage
  notifications: NotificationService
  log: (error: unknown, message: string) => void
}

/** What became of a flow: handled now, already handled before, or kept as failed (its reason in French). */
export type TakeOutcome = 'processed' | 'known' | 'failed' | 'ignored'

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex')
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000)

/**
 * What the PA sends back, one flow at a time, the same whether the webhook named it or the polling found it: a
 * lifecycle status about our invoices (CustomerInvoiceLC), a supplier's invoice (SupplierInvoice) that becomes a
 * receipt, or the acknowledgement of a flow we sent. Each incoming flow is recorded once by its flowId (the unique
 * index), in the transaction that applies it: the same flow seen twice does nothing the second time.
 */
export function createFlowTaking(deps: TakeDeps) {
  const now = () => deps.clock().toISOString()
  /** A flow that fails for the first time is tried again by itself (retry.ts takes the later tries). */
  const firstFailure = () => ({
    attempts: 1,
    nextAttemptAt: addMinutes(deps.clock(), INCOMING_FLOW_RETRY_MINUTES[0]).toISOString(),
  })

  const base = (organizationId: number, flow: Flow, content: Buffer) => ({
    organizationId,
    flowType: flow.flowType,
    syntax: flow.flowSyntax,
    profile: flow.flowProfile ?? null,
    processingRule: flow.processingRule ?? null,
    fileName: (flow.name || flow.flowId).slice(0, 255),
    sha256: sha256(content),
    trackingId: `in-${flow.flowId}`,
    flowId: flow.flowId,
    state: 'processed',
    ackStatus: flow.acknowledgement?.status ?? null,
    updatedAt: now(),
  })

  /**
   * A flow Carnet cannot use (unreadable, about nothing it knows yet): kept as failed with why; retry.ts tries it
   * again a few times, then the user can.
   */
  async function recordFailed(organizationId: number, flow: Flow, content: Buffer, error: unknown) {
    await createIntakeRepo(deps.db).insertIncoming({
      ...base(organizationId, flow, content),
      state: 'failed',
      lastError: errorText(error),
      ...firstFailure(),
    })
    return 'failed' as const
  }

  /**
   * A CDAR: the statuses of our invoices, then the members told of a dispute, a refusal or a rejection; or the
   * statuses of an invoice we received, on its receipt.
   */
  async function takeStatuses(organizationId: number, flow: Flow, content: Buffer): Promise<TakeOutcome> {
    const repo = createIntakeRepo(deps.db)
    const organization = await repo.organization(organizationId)
    let messages: ReturnType<typeof readCdar>
    try {
      messages = readCdar(content.toString('utf8'))
    } catch (error) {
      return recordFailed(organizationId, flow, content, error)
    }
    let notices: StatusNotice[] = []
    const outcome = await deps.db.transaction(async (tx) => {
      const row = await createIntakeRepo(tx).insertIncoming(base(organizationId, flow, content))
      if (!row) return 'known' as const
      const issuer = issuerOf(content.toString('utf8'))
      // About an invoice we sent (CustomerInvoiceLC), or one we received (SupplierInvoiceLC: on its receipt).
      const applied =
        flow.flowType === 'SupplierInvoiceLC'
          ? {
              ...(await applyReceiptStatuses(tx, { organizationId, flowRowId: row.id, messages, issuer })),
              notices: [],
            }
          : await applyInvoiceStatuses(tx, {
              organizationId,
              ourSiren: organization?.siren?.replace(/\s+/g, '') ?? '',
              flowRowId: row.id,
              messages,
              issuer,
              now: now(),
            })
      notices = applied.notices
      if (applied.recorded === 0 && applied.unknown.length > 0)
        await createIntakeRepo(tx).updateFlow(organizationId, row.id, {
          state: 'failed',
          lastError: `Statut reçu pour une facture inconnue : ${applied.unknown.join(', ')}`.slice(0, 1000),
          ...firstFailure(),
        })
      return 'processed' as const
    })
    for (const notice of notices)
      await deps.notifications.eInvoiceStatus(organizationId, notice.invoice, {
        label: notice.label,
        from: notice.from,
        reason: notice.reason,
      })
    return outcome
  }

  /** A supplier's invoice: read as an upload is, then one receipt linked to its flow. */
  async function takeSupplierInvoice(organizationId: number, flow: Flow, content: Buffer): Promise<TakeOutcome> {
    let read: Awaited<ReturnType<typeof readSupplierInvoice>>
    try {
      read = await readSupplierInvoice(deps.db, organizationId, flow, content)
    } catch (error) {
      return recordFailed(organizationId, flow, content, error)
    }
    const storageKey = await storeSupplierInvoice(deps.storage, organizationId, read)
    const outcome = await deps.db.transaction(async (tx) => {
      const repo = createIntakeRepo(tx)
      const row = await repo.insertIncoming({ ...base(organizationId, flow, content), storageKey })
      if (!row) return 'known' as const
      const receiptId = await insertSupplierInvoiceReceipt(tx, {
        organizationId,
        read,
        storageKey,
        flowId: flow.flowId,
        now: now(),
      })
      await repo.updateFlow(organizationId, row.id, { receiptId })
      await deps.books.post(tx, { organizationId, receipts: [receiptId] })
      return 'processed' as const
    })
    // Seen twice at once (webhook and polling): the second file is not kept.
    if (outcome === 'known') await deps.storage.delete(storageKey).catch(() => undefined)
    return outcome
  }

  /** The acknowledgement of a flow we sent: an error says why in French on the document it carried. */
  async function refreshAck(organizationId: number, flow: Flow): Promise<TakeOutcome> {
    const repo = createIntakeRepo(deps.db)
    const ours = await repo.outgoingFlow(organizationId, flow.flowId)
    if (!ours) return 'ignored'
    const status = flow.acknowledgement?.status ?? null
    if (!status || status === ours.ackStatus) return 'known'
    await repo.updateFlow(organizationId, ours.id, {
      ackStatus: status,
      ackDetails: flow.acknowledgement?.details ?? null,
      ...(status === 'Error' ? { state: 'failed', lastError: ackErrorMessage(flow.acknowledgement?.details) } : {}),
      updatedAt: now(),
    })
    return 'processed'
  }

  return {
    /** Takes one flow the PA told of; its files are read through the organisation's client. */
    async take(organizationId: number, client: PlatformClient, flow: Flow): Promise<TakeOutcome> {
      if (flow.flowDirection === 'Out') return refreshAck(organizationId, flow)
      if (await createIntakeRepo(deps.db).flow(organizationId, flow.flowId)) return 'known'
      const statuses = flow.flowType === 'CustomerInvoiceLC' || flow.flowType === 'SupplierInvoiceLC'
      if (!statuses && flow.flowType !== 'SupplierInvoice') return 'ignored'
      // A download that fails (the PA down) throws: nothing is recorded, the next poll or webhook tries again.
      const { content } = await client.downloadFlow(flow.flowId, 'Original')
      return statuses ? takeStatuses(organizationId, flow, content) : takeSupplierInvoice(organizationId, flow, content)
    },
  }
}
export type FlowTaking = ReturnType<typeof createFlowTaking>
