import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../../db/client'
import { compiled } from '../../../../db/compiled'
import { eInvoiceFlows, eInvoiceStatuses, eInvoicingConnections, invoices } from '../../../../db/schema/index'

export type FlowRow = typeof eInvoiceFlows.$inferSelect
export type NewOutgoingFlow = Omit<
  typeof eInvoiceFlows.$inferInsert,
  'id' | 'direction' | 'state' | 'createdAt' | 'updatedAt'
>

// Read by every invoice's validation and detail: their SQL built once (db/compiled.ts).
const latestFlow = compiled('e_invoice_latest_flow', (db) =>
  db
    .select()
    .from(eInvoiceFlows)
    .where(
      and(
        eq(eInvoiceFlows.organizationId, sql.placeholder('organizationId')),
        eq(eInvoiceFlows.invoiceId, sql.placeholder('invoiceId')),
        eq(eInvoiceFlows.direction, 'out'),
        eq(eInvoiceFlows.flowType, sql.placeholder('flowType')),
      ),
    )
    .orderBy(desc(eInvoiceFlows.id))
    .limit(1),
)
const connectionOf = compiled('e_invoicing_connection', (db) =>
  db
    .select({ id: eInvoicingConnections.organizationId })
    .from(eInvoicingConnections)
    .where(eq(eInvoicingConnections.organizationId, sql.placeholder('organizationId'))),
)

/** The only SQL of the outgoing flows (the outbox of e_invoice_flows, direction out). */
export function createOutgoingFlowRepo(db: DbOrTx) {
  const one = (organizationId: number, id: number) =>
    and(eq(eInvoiceFlows.organizationId, organizationId), eq(eInvoiceFlows.id, id))
  return {
    /**
     * Writes a queued flow; an existing one with the same tracking id is kept as it is (the unique index), so queuing
     * twice never makes two flows. Answers the flow row either way, and whether this call made it.
     */
    async insertQueued(row: NewOutgoingFlow): Promise<{ flow: FlowRow; created: boolean }> {
      const [created] = await db
        .insert(eInvoiceFlows)
        .values({ ...row, direction: 'out', state: 'queued' })
        .onConflictDoNothing({ target: [eInvoiceFlows.organizationId, eInvoiceFlows.trackingId] })
        .returning()
      if (created) return { flow: created, created: true }
      const existing = await this.byTrackingId(row.organizationId, row.trackingId)
      if (!existing) throw new Error(`flow ${row.trackingId} neither inserted nor found`)
      return { flow: existing, created: false }
    },

    async byTrackingId(organizationId: number, trackingId: string): Promise<FlowRow | null> {
      const [row] = await db
        .select()
        .from(eInvoiceFlows)
        .where(and(eq(eInvoiceFlows.organizationId, organizationId), eq(eInvoiceFlows.trackingId, trackingId)))
      return row ?? null
    },

    async byId(organizationId: number, id: number): Promise<FlowRow | null> {
      const [row] = await db.select().from(eInvoiceFlows).where(one(organizationId, id))
      return row ?? null
    },

    /** The outgoing flow that carries an invoice itself (not its statuses). */
    async invoiceFlow(
      organizationId: number,
      invoiceId: number,
      flowType = 'CustomerInvoice',
    ): Promise<FlowRow | null> {
      const [row] = await latestFlow(db, { organizationId, invoiceId, flowType })
      return row ?? null
    },

    /**
     * Claims up to `limit` due queued outgoing flows, each by an update that counts its attempt and leases it until
     * `leaseUntil` only if it is still due: of two processes reading the same due flow, the second finds it leased and
     * claims nothing. Once committed, no other process sees it as due until the lease ends, so a flow is sent by one
     * process at a time. The due flows are read first without a lock: they span organisations, and Citus locks rows only
     * in a query it sends whole to one shard (decision 0047).
     */
    async claimDue(now: string, leaseUntil: string, limit: number): Promise<{ organizationId: number; id: number }[]> {
      const due = await db
        .select({ organizationId: eInvoiceFlows.organizationId, id: eInvoiceFlows.id })
        .from(eInvoiceFlows)
        .where(
          and(
            eq(eInvoiceFlows.state, 'queued'),
            eq(eInvoiceFlows.direction, 'out'),
            or(isNull(eInvoiceFlows.nextAttemptAt), lte(eInvoiceFlows.nextAttemptAt, now)),
          ),
        )
        .orderBy(asc(eInvoiceFlows.id))
        // A few more than asked: those another process claims meanwhile are passed over, as SKIP LOCKED would.
        .limit(limit + 10)
      const claimed: { organizationId: number; id: number }[] = []
      for (const flow of due) {
        if (claimed.length === limit) break
        const row = await this.claimOne(flow.organizationId, flow.id, now, leaseUntil)
        if (row) claimed.push(row)
      }
      return claimed
    },

    /** Claims one queued flow for an immediate attempt (POST /invoices/{id}/e-invoice), unless another holds it. */
    async claimOne(organizationId: number, id: number, now: string, leaseUntil: string) {
      const [row] = await db
        .update(eInvoiceFlows)
        .set({ attempts: sql`${eInvoiceFlows.attempts} + 1`, nextAttemptAt: leaseUntil, updatedAt: now })
        .where(
          and(
            one(organizationId, id),
            eq(eInvoiceFlows.state, 'queued'),
            or(isNull(eInvoiceFlows.nextAttemptAt), lte(eInvoiceFlows.nextAttemptAt, now)),
          ),
        )
        .returning({ organizationId: eInvoiceFlows.organizationId, id: eInvoiceFlows.id })
      return row ?? null
    },

    /** Changes a flow still queued (a flow already sent or given up by another path is left as it is). */
    async settle(organizationId: number, id: number, values: Partial<FlowRow>, at: string) {
      const rows = await db
        .update(eInvoiceFlows)
        .set({ ...values, updatedAt: at })
        .where(and(one(organizationId, id), eq(eInvoiceFlows.state, 'queued')))
        .returning({ id: eInvoiceFlows.id })
      return rows.length > 0
    },

    /** Puts a failed or skipped flow back in the queue, due now (POST /invoices/{id}/e-invoice). */
    async requeue(organizationId: number, id: number, at: string) {
      await db
        .update(eInvoiceFlows)
        // The file is made again: the invoice or the directory may have changed since.
        .set({
          state: 'queued',
          nextAttemptAt: null,
          lastError: null,
          attempts: 0,
          storageKey: null,
          sha256: '',
          updatedAt: at,
        })
        .where(and(one(organizationId, id), inArray(eInvoiceFlows.state, ['failed', 'skipped'])))
    },

    /** The lifecycle statuses of an invoice, oldest first (written by the intake, and Encaissée by the outbox). */
    /** The invoice flows of several invoices and their statuses, for a list page (two queries whatever the page). */
    async networkOfInvoices(organizationId: number, invoiceIds: number[]) {
      if (invoiceIds.length === 0) return { flows: [], statuses: [] }
      const flows = await db
        .select({ invoiceId: eInvoiceFlows.invoiceId, state: eInvoiceFlows.state })
        .from(eInvoiceFlows)
        .where(
          and(
            eq(eInvoiceFlows.organizationId, organizationId),
            inArray(eInvoiceFlows.invoiceId, invoiceIds),
            eq(eInvoiceFlows.direction, 'out'),
            eq(eInvoiceFlows.flowType, 'CustomerInvoice'),
          ),
        )
      const statuses = await db
        .select({ invoiceId: eInvoiceStatuses.invoiceId, code: eInvoiceStatuses.code })
        .from(eInvoiceStatuses)
        .where(
          and(
            eq(eInvoiceStatuses.organizationId, organizationId),
            inArray(eInvoiceStatuses.invoiceId, invoiceIds),
            eq(eInvoiceStatuses.applied, true),
          ),
        )
        .orderBy(asc(eInvoiceStatuses.occurredAt), asc(eInvoiceStatuses.id))
      return { flows, statuses }
    },

    async statusesOfInvoice(organizationId: number, invoiceId: number) {
      return db
        .select()
        .from(eInvoiceStatuses)
        .where(and(eq(eInvoiceStatuses.organizationId, organizationId), eq(eInvoiceStatuses.invoiceId, invoiceId)))
        .orderBy(asc(eInvoiceStatuses.occurredAt), asc(eInvoiceStatuses.id))
    },

    async insertStatus(row: typeof eInvoiceStatuses.$inferInsert) {
      await db.insert(eInvoiceStatuses).values(row)
    },

    async hasConnection(organizationId: number) {
      const [row] = await connectionOf(db, { organizationId })
      return row !== undefined
    },

    async receivingAddress(organizationId: number) {
      const [row] = await db
        .select({ address: eInvoicingConnections.receivingAddress })
        .from(eInvoicingConnections)
        .where(eq(eInvoicingConnections.organizationId, organizationId))
      return row?.address ?? null
    },

    async invoiceIsRecurring(organizationId: number, invoiceId: number) {
      const [invoice] = await db
        .select({ isRecurring: invoices.isRecurring })
        .from(invoices)
        .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, invoiceId)))
      return invoice
    },

    async invoiceReference(organizationId: number, invoiceId: number) {
      const [invoice] = await db
        .select({ reference: invoices.reference })
        .from(invoices)
        .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, invoiceId)))
      return invoice
    },

    async invoiceToSend(organizationId: number, invoiceId: number) {
      const [invoice] = await db
        .select({ reference: invoices.reference, isRecurring: invoices.isRecurring })
        .from(invoices)
        .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, invoiceId)))
      return invoice
    },
  }
}
