import { canMoveTo, eInvoicingMessages, isLifecycleStatusCode, type LifecycleStatusCode } from '@app/domain'
import type { DbOrTx } from '../../../../db/client'
import { ACTIVITY_CODES, recordActivity } from '../../../../lib/activity-log'
import { addMinutes } from '../../../../lib/clock'
import { conflict, notFound } from '../../../../lib/errors'
import type { Tenant } from '../../../../lib/tenant'
import type { EInvoicingDeps } from '../deps'
import type { PlatformClients } from '../platform/client'
import type { PlatformClient } from '../platform/types'
import { type AttemptOutcome, attemptFlow, type FilePlan } from './attempt'
import { planEncaissee } from './encaissee-file'
import { isConnected, queueInvoiceFlowWithin } from './hooks'
import { planInvoiceFile } from './invoice-file'
import { sendingMessages as m } from './messages'
import { type QueuedFlowInput, queueFlow } from './queue'
import { createOutgoingFlowRepo, type FlowRow } from './repo'
import { documentEInvoicingOf } from './state'

export type { QueuedFlowInput } from './queue'

/** A claimed flow is not due again for this long: longer than one attempt (token, directory, render, 2 min upload). */
const LEASE_MINUTES = 10
const CLAIM_BATCH = 20

/**
 * The outbox of the e-invoicing network (decision 0043): flows are written in the transaction that causes them
 * (validation, "Envoyer", a payment, a status), then sent by `sendDue` (the background worker, every 15 s), which
 * claims due rows with FOR UPDATE SKIP LOCKED and a lease, so two processes never send the same flow.
 */
export function createEInvoiceOutbox(deps: EInvoicingDeps & { platforms: PlatformClients }) {
  const { db } = deps

  async function plan(flow: FlowRow, client: PlatformClient): Promise<FilePlan> {
    const receivingAddress = await createOutgoingFlowRepo(db).receivingAddress(flow.organizationId)
    if (flow.invoiceId === null) return { kind: 'invalid', message: m.fileMissing }
    if (flow.flowType === 'CustomerInvoice') {
      const planned = await planInvoiceFile(deps, client, {
        organizationId: flow.organizationId,
        invoiceId: flow.invoiceId,
        receivingAddress,
      })
      return planned.kind === 'ready'
        ? { kind: 'ready', fileName: planned.fileName, content: planned.content }
        : planned
    }
    // An Encaissée speaks of an invoice the PA must know first: it waits for it, and goes nowhere without it.
    const carrier = await createOutgoingFlowRepo(db).invoiceFlow(flow.organizationId, flow.invoiceId)
    if (carrier?.state === 'queued') return { kind: 'later', message: m.invoiceNotSentYet }
    if (carrier?.state !== 'sent') return { kind: 'skipped' }
    return planEncaissee(deps, flow, { receivingAddress, now: deps.clock() })
  }

  /** What the flow's outcome leaves behind: its row, the Encaissée in the invoice's history, the owner told. */
  async function record(flow: FlowRow, outcome: AttemptOutcome, at: string) {
    const repo = createOutgoingFlowRepo(db)
    if (outcome.state === 'queued') {
      await repo.settle(
        flow.organizationId,
        flow.id,
        { lastError: outcome.error, nextAttemptAt: outcome.nextAttemptAt },
        at,
      )
      return
    }
    if (outcome.state === 'skipped' || outcome.state === 'failed') {
      const lastError = outcome.state === 'failed' ? outcome.error : null
      const settled = await repo.settle(
        flow.organizationId,
        flow.id,
        { state: outcome.state, lastError, nextAttemptAt: null },
        at,
      )
      if (settled && outcome.state === 'failed' && flow.invoiceId !== null) await tellFailure(flow, outcome.error)
      return
    }
    await db.transaction(async (tx) => {
      const txRepo = createOutgoingFlowRepo(tx)
      const settled = await txRepo.settle(
        flow.organizationId,
        flow.id,
        { state: 'sent', flowId: outcome.flowId, ackStatus: 'Pending', lastError: null, nextAttemptAt: null },
        at,
      )
      if (settled && flow.flowType === 'CustomerInvoiceLC' && flow.trackingId.startsWith('carnet-212-'))
        await recordEncaissee(tx, flow, at)
    })
  }

  /** Encaissée sent: the invoice's history says so, and it moves the invoice's status when the code list allows. */
  async function recordEncaissee(tx: DbOrTx, flow: FlowRow, at: string) {
    if (flow.invoiceId === null) return
    const repo = createOutgoingFlowRepo(tx)
    const statuses = await repo.statusesOfInvoice(flow.organizationId, flow.invoiceId)
    const current = statuses.filter((s) => s.applied && isLifecycleStatusCode(s.code)).at(-1)
    const from = (current?.code ?? null) as LifecycleStatusCode | null
    const applied = canMoveTo(from, 212)
    await repo.insertStatus({
      organizationId: flow.organizationId,
      invoiceId: flow.invoiceId,
      flowId: flow.id,
      code: 212,
      source: 'seller',
      applied,
      occurredAt: at,
    })
    await recordActivity(
      tx,
      {
        organizationId: flow.organizationId,
        subjectType: 'invoice',
        subjectId: flow.invoiceId,
        code: ACTIVITY_CODES.invoiceEInvoiceStatus,
        userId: null,
        payload: { code: 212, source: 'seller', applied },
      },
      at,
    )
  }

  async function tellFailure(flow: FlowRow, error: string) {
    if (flow.invoiceId === null || flow.flowType !== 'CustomerInvoice') return
    const invoice = await createOutgoingFlowRepo(db).invoiceReference(flow.organizationId, flow.invoiceId)
    await deps.notifications.eInvoiceStatus(
      flow.organizationId,
      { id: flow.invoiceId, reference: invoice?.reference ?? null },
      { label: m.notSentLabel, from: null, reason: error },
    )
  }

  /** One attempt at a flow this process claimed. */
  async function send(ref: { organizationId: number; id: number }, now: Date) {
    const flow = await createOutgoingFlowRepo(db).byId(ref.organizationId, ref.id)
    if (flow?.state !== 'queued') return false
    const at = now.toISOString()
    const client = await deps.platforms.forOrganization(flow.organizationId)
    if (!client) {
      await record(flow, { state: 'failed', error: m.disconnected }, at)
      return false
    }
    const outcome = await attemptFlow(
      {
        storage: deps.storage,
        now,
        plan,
        keepFile: (values) =>
          createOutgoingFlowRepo(db)
            .settle(flow.organizationId, flow.id, values, at)
            .then(() => {}),
      },
      flow,
      client,
    ).catch((error): AttemptOutcome => {
      // Our own failure (a PDF that would not render…): logged, tried again later like a PA outage.
      deps.log(error, 'e-invoicing flow failed')
      return { state: 'queued', error: m.internal, nextAttemptAt: addMinutes(now, 15).toISOString() }
    })
    await record(flow, outcome, at)
    return outcome.state === 'sent'
  }

  const outbox = {
    /**
     * Queues an outgoing flow (a CDAR status, an e-reporting file) inside the caller's transaction: stores the file,
     * computes its sha256 and gives it a tracking id. Sent by the next `sendDue`.
     */
    queueFlow: (tx: DbOrTx, input: QueuedFlowInput): Promise<FlowRow> => queueFlow(deps.storage, tx, input),

    /**
     * Sends what is due (queued flows whose next attempt has come), up to CLAIM_BATCH a run; answers how many the PA
     * took. Claimed one at a time: a lease covers the one flow being sent, so a slow PA never outlasts the lease of
     * flows still waiting their turn (another process takes them meanwhile).
     */
    async sendDue(now: Date = deps.clock()): Promise<number> {
      const repo = createOutgoingFlowRepo(db)
      let sent = 0
      for (let run = 0; run < CLAIM_BATCH; run++) {
        const [ref] = await repo.claimDue(now.toISOString(), addMinutes(now, LEASE_MINUTES).toISOString(), 1)
        if (!ref) break
        if (await send(ref, now)) sent++
      }
      return sent
    },

    /**
     * POST /invoices/{id}/e-invoice: sends the invoice now, whatever happened before: a flow refused or skipped is
     * made again (the directory asked again), an invoice without a flow gets one. 409 when it cannot go.
     */
    async sendInvoiceNow(tenant: Tenant, invoiceId: number) {
      const organizationId = tenant.organizationId
      const repo = createOutgoingFlowRepo(db)
      const invoice = await repo.invoiceToSend(organizationId, invoiceId)
      if (!invoice) throw notFound()
      if (!(await isConnected(db, organizationId)))
        throw conflict(eInvoicingMessages.notConnected, 'E_INVOICING_NOT_CONNECTED')
      if (invoice.isRecurring) throw conflict(m.recurringModel, 'INVOICE_NOT_VALIDATED')
      if (invoice.reference === null) throw conflict(m.notValidated, 'INVOICE_NOT_VALIDATED')
      const now = deps.clock()
      const at = now.toISOString()
      const existing = await repo.invoiceFlow(organizationId, invoiceId)
      if (existing?.state === 'sent') throw conflict(m.alreadySent, 'E_INVOICE_ALREADY_SENT')
      if (!existing) await db.transaction((tx) => queueInvoiceFlowWithin(tx, organizationId, invoiceId))
      else if (existing.state !== 'queued') await repo.requeue(organizationId, existing.id, at)
      const flow = await repo.invoiceFlow(organizationId, invoiceId)
      const claimed = flow
        ? await repo.claimOne(organizationId, flow.id, at, addMinutes(now, LEASE_MINUTES).toISOString())
        : null
      if (claimed) await send(claimed, now)
      return documentEInvoicingOf(db, organizationId, invoiceId)
    },

    /**
     * Tries a queued flow at once (an e-reporting file just queued) instead of waiting for the worker; a flow another
     * process holds, or one already sent, is left alone. Answers whether the PA took it.
     */
    async sendFlowNow(organizationId: number, id: number, now: Date = deps.clock()) {
      const at = now.toISOString()
      const claimed = await createOutgoingFlowRepo(db).claimOne(
        organizationId,
        id,
        at,
        addMinutes(now, LEASE_MINUTES).toISOString(),
      )
      return claimed ? send(claimed, now) : false
    },

    /** The invoice's journey on the network (GET /invoices/{id} carries it too). */
    documentState: (organizationId: number, invoiceId: number) => documentEInvoicingOf(db, organizationId, invoiceId),
  }
  return outbox
}
export type EInvoiceOutbox = ReturnType<typeof createEInvoiceOutbox>
