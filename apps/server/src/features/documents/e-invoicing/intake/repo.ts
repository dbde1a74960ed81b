import { and, asc, count, desc, eq, ilike, inArray, isNotNull, lte, or, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../../../db/client'
import {
  contacts,
  eInvoiceFlows,
  eInvoiceStatuses,
  eInvoicingConnections,
  invoices,
  organizations,
  receipts,
  transactions,
} from '../../../../db/schema/index'
import { containsPattern } from '../../../../lib/text-search'

export type IncomingFlowRow = typeof eInvoiceFlows.$inferSelect
export type StatusRow = typeof eInvoiceStatuses.$inferSelect
export type NewStatus = Omit<typeof eInvoiceStatuses.$inferInsert, 'id' | 'receivedAt'>

/** The SQL of what comes back from the PA: incoming flows, the statuses they carry, the polling's place. */
export function createIntakeRepo(db: DbOrTx) {
  const flowOf = (organizationId: number, flowId: string) =>
    and(eq(eInvoiceFlows.organizationId, organizationId), eq(eInvoiceFlows.flowId, flowId))
  return {
    async connection(organizationId: number) {
      const [row] = await db
        .select()
        .from(eInvoicingConnections)
        .where(eq(eInvoicingConnections.organizationId, organizationId))
      return row ?? null
    },

    async connectedOrganizations(): Promise<number[]> {
      const rows = await db
        .select({ id: eInvoicingConnections.organizationId })
        .from(eInvoicingConnections)
        .orderBy(asc(eInvoicingConnections.organizationId))
      return rows.map((row) => row.id)
    },

    async savePolling(organizationId: number, values: { pollCursor: string | null; polledUntil?: string | null }) {
      await db.update(eInvoicingConnections).set(values).where(eq(eInvoicingConnections.organizationId, organizationId))
    },

    /** The organisation as a party of a CDAR: its name and SIREN. */
    async organization(organizationId: number) {
      const [row] = await db
        .select({ name: organizations.name, siren: organizations.registrySiren })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
      return row ?? null
    },

    async flow(organizationId: number, flowId: string): Promise<IncomingFlowRow | null> {
      const [row] = await db.select().from(eInvoiceFlows).where(flowOf(organizationId, flowId))
      return row ?? null
    },

    /**
     * Records an incoming flow; null when this flow id is already there (the webhook and the polling both saw it, or
     * a retried call): the caller then does nothing more.
     */
    async insertIncoming(row: Omit<typeof eInvoiceFlows.$inferInsert, 'id' | 'direction'>) {
      const [created] = await db
        .insert(eInvoiceFlows)
        .values({ ...row, direction: 'in' })
        .onConflictDoNothing({ target: [eInvoiceFlows.organizationId, eInvoiceFlows.flowId] })
        .returning()
      return created ?? null
    },

    /** The flows received (supplier invoices and statuses; not acknowledgements), newest first, with their total. */
    async incomingFlows(
      organizationId: number,
      filters: { state?: 'processed' | 'failed'; search?: string },
      paging: { limit: number; offset: number },
    ) {
      const conditions: (SQL | undefined)[] = [
        eq(eInvoiceFlows.organizationId, organizationId),
        eq(eInvoiceFlows.direction, 'in'),
        filters.state ? eq(eInvoiceFlows.state, filters.state) : inArray(eInvoiceFlows.state, ['processed', 'failed']),
      ]
      if (filters.search) {
        const pattern = containsPattern(filters.search)
        conditions.push(
          or(
            ilike(eInvoiceFlows.fileName, pattern),
            ilike(eInvoiceFlows.flowId, pattern),
            ilike(eInvoiceFlows.lastError, pattern),
          ),
        )
      }
      const where = and(...conditions)
      const rows = await db
        .select()
        .from(eInvoiceFlows)
        .where(where)
        .orderBy(desc(eInvoiceFlows.createdAt), desc(eInvoiceFlows.id))
        .limit(paging.limit)
        .offset(paging.offset)
      const [total] = await db.select({ value: count() }).from(eInvoiceFlows).where(where)
      return { rows, total: total?.value ?? 0 }
    },

    async incomingFlow(organizationId: number, id: number): Promise<IncomingFlowRow | null> {
      const [row] = await db
        .select()
        .from(eInvoiceFlows)
        .where(
          and(
            eq(eInvoiceFlows.organizationId, organizationId),
            eq(eInvoiceFlows.id, id),
            eq(eInvoiceFlows.direction, 'in'),
          ),
        )
      return row ?? null
    },

    /**
     * Takes a failed incoming flow out to try it again: answers the row when this call removed it (two processes
     * never retry one flow twice), null otherwise.
     */
    async takeFailed(organizationId: number, id: number): Promise<IncomingFlowRow | null> {
      const [row] = await db
        .delete(eInvoiceFlows)
        .where(
          and(
            eq(eInvoiceFlows.organizationId, organizationId),
            eq(eInvoiceFlows.id, id),
            eq(eInvoiceFlows.direction, 'in'),
            eq(eInvoiceFlows.state, 'failed'),
          ),
        )
        .returning()
      return row ?? null
    },

    /** Puts back a failed flow whose retry could not even start (the PA did not answer). */
    async restoreFailed(row: IncomingFlowRow) {
      const { id: _id, direction: _direction, ...values } = row
      await this.insertIncoming(values)
    },

    /** The failed incoming flows whose next automatic try has come. */
    async failedDue(organizationId: number, now: string) {
      return db
        .select({ id: eInvoiceFlows.id })
        .from(eInvoiceFlows)
        .where(
          and(
            eq(eInvoiceFlows.organizationId, organizationId),
            eq(eInvoiceFlows.direction, 'in'),
            eq(eInvoiceFlows.state, 'failed'),
            isNotNull(eInvoiceFlows.nextAttemptAt),
            lte(eInvoiceFlows.nextAttemptAt, now),
          ),
        )
        .orderBy(asc(eInvoiceFlows.id))
        .limit(20)
    },

    async updateFlow(organizationId: number, id: number, values: Partial<IncomingFlowRow>) {
      await db
        .update(eInvoiceFlows)
        .set(values)
        .where(and(eq(eInvoiceFlows.organizationId, organizationId), eq(eInvoiceFlows.id, id)))
    },

    /**
     * A sales invoice by its number (BT-1): the one a status speaks of. Locked for the transaction: two statuses of
     * one invoice taken at once (webhook and polling) are applied one after the other, each seeing the other's.
     */
    async invoiceByReference(organizationId: number, reference: string) {
      const [row] = await db
        .select({ id: invoices.id, reference: invoices.reference, customerName: contacts.name })
        .from(invoices)
        .leftJoin(
          contacts,
          and(eq(contacts.organizationId, invoices.organizationId), eq(contacts.id, invoices.contactId)),
        )
        .where(and(eq(invoices.organizationId, organizationId), eq(invoices.reference, reference)))
        .limit(1)
        .for('update', { of: invoices })
      return row ?? null
    },

    /** Holds a receipt for the transaction: two answers sent at once are checked one after the other. */
    async lockReceipt(organizationId: number, receiptId: number) {
      await db
        .select({ id: receipts.id })
        .from(receipts)
        .where(and(eq(receipts.organizationId, organizationId), eq(receipts.id, receiptId)))
        .for('update')
    },

    /** A receipt that came from the network, by its supplier's SIREN and invoice number. */
    async receivedReceipt(organizationId: number, reference: string, sellerSiren: string) {
      const [row] = await db
        .select({ id: receipts.id })
        .from(receipts)
        .innerJoin(
          eInvoiceFlows,
          and(
            eq(eInvoiceFlows.organizationId, receipts.organizationId),
            eq(eInvoiceFlows.receiptId, receipts.id),
            eq(eInvoiceFlows.direction, 'in'),
          ),
        )
        .innerJoin(
          contacts,
          and(eq(contacts.organizationId, receipts.organizationId), eq(contacts.id, receipts.contactId)),
        )
        .where(
          and(
            eq(receipts.organizationId, organizationId),
            eq(receipts.reference, reference),
            eq(contacts.registrySiren, sellerSiren),
          ),
        )
        .limit(1)
      return row ?? null
    },

    /** The statuses of a document (an invoice or a receipt), oldest first. */
    async statuses(organizationId: number, subject: { invoiceId: number } | { receiptId: number }) {
      return db
        .select()
        .from(eInvoiceStatuses)
        .where(
          and(
            eq(eInvoiceStatuses.organizationId, organizationId),
            'invoiceId' in subject
              ? eq(eInvoiceStatuses.invoiceId, subject.invoiceId)
              : eq(eInvoiceStatuses.receiptId, subject.receiptId),
          ),
        )
        .orderBy(asc(eInvoiceStatuses.occurredAt), asc(eInvoiceStatuses.id))
    },

    async insertStatus(row: NewStatus) {
      const [created] = await db.insert(eInvoiceStatuses).values(row).returning()
      return created as StatusRow
    },

    /** The incoming flows that made these receipts (a receipt came from the network when it has one). */
    async receiptFlows(organizationId: number, receiptIds: number[]) {
      if (receiptIds.length === 0) return []
      return db
        .select({
          receiptId: eInvoiceFlows.receiptId,
          flowId: eInvoiceFlows.flowId,
          storageKey: eInvoiceFlows.storageKey,
        })
        .from(eInvoiceFlows)
        .where(
          and(
            eq(eInvoiceFlows.organizationId, organizationId),
            eq(eInvoiceFlows.direction, 'in'),
            inArray(eInvoiceFlows.receiptId, receiptIds),
          ),
        )
    },

    /** The statuses of several receipts, oldest first. */
    async receiptStatuses(organizationId: number, receiptIds: number[]) {
      if (receiptIds.length === 0) return []
      return db
        .select()
        .from(eInvoiceStatuses)
        .where(
          and(
            eq(eInvoiceStatuses.organizationId, organizationId),
            inArray(eInvoiceStatuses.receiptId, receiptIds),
            isNotNull(eInvoiceStatuses.receiptId),
          ),
        )
        .orderBy(asc(eInvoiceStatuses.occurredAt), asc(eInvoiceStatuses.id))
    },

    /** Our outgoing flow the PA knows by this id (its acknowledgement to refresh). */
    async outgoingFlow(organizationId: number, flowId: string) {
      const [row] = await db
        .select()
        .from(eInvoiceFlows)
        .where(and(flowOf(organizationId, flowId), eq(eInvoiceFlows.direction, 'out')))
        .orderBy(desc(eInvoiceFlows.id))
      return row ?? null
    },

    /** A receipt's reference, date and file, with its supplier's name and SIREN (a buyer's status speaks of them). */
    async receiptWithSupplier(organizationId: number, receiptId: number) {
      const [row] = await db
        .select({
          reference: receipts.reference,
          datedAt: receipts.datedAt,
          storageKey: receipts.storageKey,
          name: contacts.name,
          siren: contacts.registrySiren,
          supplierName: receipts.supplierName,
        })
        .from(receipts)
        .leftJoin(
          contacts,
          and(eq(contacts.organizationId, receipts.organizationId), eq(contacts.id, receipts.contactId)),
        )
        .where(and(eq(receipts.organizationId, organizationId), eq(receipts.id, receiptId)))
      return row
    },

    async transactionAmount(organizationId: number, transactionId: number) {
      const [line] = await db
        .select({ amount: transactions.amount })
        .from(transactions)
        .where(and(eq(transactions.organizationId, organizationId), eq(transactions.id, transactionId)))
      return line
    },
  }
}
export type IntakeRepo = ReturnType<typeof createIntakeRepo>
