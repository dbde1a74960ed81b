import {
  type BuyerStatusInput,
  type IncomingFlowListQuery,
  incomingFlowMessages,
  eInvoicingMessages as m,
  type ReceiptDto,
} from '@app/domain'
import { conflict, notFound } from '../../../../lib/errors'
import { actorId, type Tenant } from '../../../../lib/tenant'
import { throughPlatform } from '../connection/errors'
import type { EInvoicingDeps } from '../deps'
import type { PlatformClients } from '../platform/client'
import type { EInvoiceOutbox } from '../sending/outbox'
import { queueBuyerStatus, receivedDocumentOf } from './buyer-status'
import { createPolling } from './poll'
import { createIntakeRepo } from './repo'
import { createIncomingRetry, incomingFlowOf } from './retry'
import { createFlowTaking } from './take'
import { createWebhookReceiver, type WebhookCall } from './webhook'

/**
 * What comes back from the PA (issue 33 "Lifecycle statuses", "Receive"): the webhook and the polling that take its
 * flows (statuses of our invoices, supplier invoices that become receipts, acknowledgements of what we sent), and the
 * buyer's statuses sent from a received invoice.
 */
export function createEInvoiceIntake(deps: EInvoicingDeps & { platforms: PlatformClients; outbox: EInvoiceOutbox }) {
  const taking = createFlowTaking(deps)
  const retry = createIncomingRetry({ db: deps.db, clock: deps.clock, taking })
  const polling = createPolling({ db: deps.db, platforms: deps.platforms, taking, retry, log: deps.log })
  const webhook = createWebhookReceiver({
    db: deps.db,
    clock: deps.clock,
    secrets: deps.secrets,
    platforms: deps.platforms,
    taking,
  })
  return {
    /** Asks every connected PA for the flows updated since the last time (the fallback of the webhook). */
    async pollDue(_now?: Date): Promise<number> {
      return polling.pollDue()
    },

    /** GET /e-invoicing/incoming-flows: what the PA sent and what became of it, newest first. */
    listIncoming: (tenant: Tenant, query: IncomingFlowListQuery) => retry.list(tenant.organizationId, query),

    /**
     * POST /e-invoicing/incoming-flows/{id}/retry: a failed flow taken again now. 404 for another organisation's or an
     * outgoing flow; 409 for one already processed or when the PA is unlinked; the PA's failures as PlatformError.
     */
    async retryIncoming(tenant: Tenant, id: number) {
      const repo = createIntakeRepo(deps.db)
      const row = await repo.incomingFlow(tenant.organizationId, id)
      if (!row) throw notFound()
      if (row.state !== 'failed') throw conflict(incomingFlowMessages.notFailed, 'INCOMING_FLOW_NOT_FAILED')
      const client = await deps.platforms.forOrganization(tenant.organizationId)
      if (!client) throw conflict(m.notConnected, 'E_INVOICING_NOT_CONNECTED')
      const after = await throughPlatform(() => retry.retry(tenant.organizationId, client, row))
      // Another process took it meanwhile: what it made of it.
      const current = after ?? (row.flowId ? await repo.flow(tenant.organizationId, row.flowId) : null)
      if (!current) throw notFound()
      return incomingFlowOf(current)
    },

    /** POST /webhooks/e-invoicing/{organizationId}. */
    receiveWebhook: (call: WebhookCall) => webhook.receive(call),

    /**
     * POST /receipts/{id}/e-invoice-status: the buyer's answer to a received e-invoice, queued for the PA with its
     * status row in one transaction. 404 for another organisation's receipt; 409 when it did not come from the network.
     */
    async sendBuyerStatus(tenant: Tenant, receiptId: number, status: BuyerStatusInput): Promise<ReceiptDto> {
      await deps.receipts.get(tenant, receiptId)
      if (!(await createIntakeRepo(deps.db).connection(tenant.organizationId)))
        throw conflict(m.notConnected, 'E_INVOICING_NOT_CONNECTED')
      const document = await receivedDocumentOf(deps.db, deps.storage, tenant.organizationId, receiptId)
      if (!document) throw conflict(m.notFromNetwork, 'RECEIPT_NOT_FROM_NETWORK')
      await deps.db.transaction((tx) =>
        queueBuyerStatus(tx, deps.storage, {
          organizationId: tenant.organizationId,
          userId: actorId(tenant),
          document,
          status,
          now: deps.clock().toISOString(),
        }),
      )
      const receipt = await deps.receipts.get(tenant, receiptId)
      if (!receipt) throw notFound()
      return receipt
    },
  }
}
export type EInvoiceIntake = ReturnType<typeof createEInvoiceIntake>
