import { eInvoicingMessages as m } from '@app/domain'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../../../db/client'
import { eInvoicingWebhookDeliveries } from '../../../../db/schema/index'
import type { Clock } from '../../../../lib/clock'
import { AppError } from '../../../../lib/errors'
import type { SecretBox } from '../../../../lib/secrets'
import type { PlatformClients } from '../platform/client'
import { PlatformError } from '../platform/types'
import { createIntakeRepo } from './repo'
import { checkWebhookSignature } from './signature'
import type { FlowTaking, TakeOutcome } from './take'

/** One answer for an unknown organisation, one without a connection or a key, and a forged signature: no hint. */
const refused = () => new AppError(401, 'WEBHOOK_SIGNATURE', m.webhookSignature)
const replayed = () => new AppError(409, 'WEBHOOK_REPLAY', m.webhookReplay)
const unknownFlow = () => new AppError(404, 'WEBHOOK_UNKNOWN_FLOW', m.webhookUnknownFlow)

export type WebhookCall = {
  organizationId: number
  rawBody: string
  signature: string | undefined
  timestamp: string | undefined
}

/**
 * POST /webhooks/e-invoicing/{organizationId}: the PA tells of a flow (its Flow resource, XP Z12-013 WebhookCallback).
 * The signature is checked on the raw body with the key sealed at subscription; a delivery older than five minutes,
 * dated ahead, or seen before (same signature) is refused. The body is then only a hint: the flow is read again from
 * the PA with the organisation's credentials, so a flow of another organisation is unknown there (404).
 */
export function createWebhookReceiver(deps: {
  db: Db
  clock: Clock
  secrets: SecretBox
  platforms: PlatformClients
  taking: FlowTaking
}) {
  return {
    async receive(call: WebhookCall): Promise<TakeOutcome> {
      const connection = await createIntakeRepo(deps.db).connection(call.organizationId)
      if (!connection?.webhookKeySealed) throw refused()
      let key: string
      try {
        key = deps.secrets.open(connection.webhookKeySealed)
      } catch {
        throw refused()
      }
      const check = checkWebhookSignature({
        payload: call.rawBody,
        signature: call.signature,
        timestamp: call.timestamp,
        key,
        now: deps.clock(),
      })
      if (!check.ok) throw check.reason === 'timestamp' ? replayed() : refused()
      const [fresh] = await deps.db
        .insert(eInvoicingWebhookDeliveries)
        .values({
          organizationId: call.organizationId,
          signature: (call.signature ?? '').trim(),
          sentAt: check.sentAt,
          receivedAt: deps.clock().toISOString(),
        })
        .onConflictDoNothing()
        .returning({ sentAt: eInvoicingWebhookDeliveries.sentAt })
      if (!fresh) throw replayed()

      const flowId = flowIdOf(call.rawBody)
      if (!flowId) throw new AppError(400, 'BAD_REQUEST', m.webhookUnknownFlow)
      const client = await deps.platforms.forOrganization(call.organizationId)
      if (!client) throw refused()
      let outcome: TakeOutcome
      try {
        const flow = await client.getFlow(flowId)
        outcome = await deps.taking.take(call.organizationId, client, flow)
        // One of our outgoing flows Carnet never sent (another tool's): unknown here.
        if (outcome === 'ignored' && flow.flowDirection === 'Out') throw unknownFlow()
      } catch (error) {
        if (error instanceof PlatformError && (error.status === 404 || error.status === 403)) throw unknownFlow()
        if (!(error instanceof PlatformError)) throw error
        // The PA down while it calls us: 503 asks it to call again (the same call is then no replay); the polling
        // catches up otherwise.
        await deps.db
          .delete(eInvoicingWebhookDeliveries)
          .where(
            and(
              eq(eInvoicingWebhookDeliveries.organizationId, call.organizationId),
              eq(eInvoicingWebhookDeliveries.signature, (call.signature ?? '').trim()),
            ),
          )
        throw new AppError(503, 'PLATFORM_UNAVAILABLE', m.platformUnreachable)
      }
      return outcome
    },
  }
}
export type WebhookReceiver = ReturnType<typeof createWebhookReceiver>

/** The flowId the body names; the rest of it is not trusted. */
function flowIdOf(rawBody: string): string | null {
  try {
    const body = JSON.parse(rawBody) as { flowId?: unknown }
    return typeof body.flowId === 'string' && /^[A-Za-z0-9._:-]{1,100}$/.test(body.flowId) ? body.flowId : null
  } catch {
    return null
  }
}
