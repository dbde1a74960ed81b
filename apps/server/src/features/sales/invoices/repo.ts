import { INVOICE_STATE_IDS } from '@app/domain'
import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { compiled } from '../../../db/compiled'
import { comments, contacts, invoiceStates, invoices, quotes, recurringParams, users } from '../../../db/schema/index'
import { joinedDocumentReads } from '../documents/joined-reads'
import { allOf, type DocumentListOptions, documentListConditions } from '../documents/list'
import { createDocumentRowRepo } from '../documents/rows'

export type InvoiceRow = typeof invoices.$inferSelect
export type InvoiceInsert = Omit<typeof invoices.$inferInsert, 'organizationId' | 'id'>

export type InvoiceListOptions = DocumentListOptions & { recurring: boolean; creditNote?: boolean }

const creditedInvoices = sql`credited`

const joinedSelect = (db: DbOrTx) =>
  db
    .select({
      invoice: invoices,
      state: { id: invoiceStates.id, code: invoiceStates.code, name: invoiceStates.name, color: invoiceStates.color },
      contact: { id: contacts.id, name: contacts.name, contactTypeId: contacts.contactTypeId },
      user: { id: users.id, firstname: users.firstname, lastname: users.lastname },
      quote: { id: quotes.id, reference: quotes.reference },
      recurring: recurringParams,
      creditedReference: sql<string | null>`(select ${creditedInvoices}.reference from ${invoices} ${creditedInvoices}
        where ${creditedInvoices}.organization_id = ${invoices.organizationId}
        and ${creditedInvoices}.id = ${invoices.creditedInvoiceId})`,
      // Correlated count on the comments' subject index, for the page's rows only.
      commentsCount:
        sql<number>`(select count(*) from ${comments} c where c.organization_id = ${invoices.organizationId}
        and c.subject_type = 'invoice' and c.subject_id = ${invoices.id})`.mapWith(Number),
    })
    .from(invoices)
    .innerJoin(invoiceStates, eq(invoiceStates.id, invoices.stateId))
    .leftJoin(contacts, and(eq(contacts.organizationId, invoices.organizationId), eq(contacts.id, invoices.contactId)))
    .leftJoin(users, eq(users.id, invoices.userId))
    .leftJoin(quotes, and(eq(quotes.organizationId, invoices.organizationId), eq(quotes.id, invoices.quoteId)))
    .leftJoin(
      recurringParams,
      and(eq(recurringParams.organizationId, invoices.organizationId), eq(recurringParams.invoiceId, invoices.id)),
    )

// Read under the series' counter lock by every validation: its SQL built once (db/compiled.ts).
const lastOfSeries = compiled('invoice_last_issued', (db) =>
  db
    .select({ datedAt: invoices.datedAt, reference: invoices.reference })
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, sql.placeholder('organizationId')),
        eq(invoices.series, sql.placeholder('series')),
      ),
    )
    .orderBy(desc(invoices.chrono))
    .limit(1),
)

const invoiceReads = joinedDocumentReads('invoice', invoices, joinedSelect)

export function createInvoiceRepo(db: DbOrTx) {
  const select = () => joinedSelect(db)

  const conditions = (organizationId: number, o: InvoiceListOptions) =>
    allOf([
      ...documentListConditions(invoices, organizationId, o),
      eq(invoices.isRecurring, o.recurring),
      ...(o.creditNote === undefined ? [] : [eq(invoices.isCreditNote, o.creditNote)]),
    ])

  const reads = invoiceReads(db)

  return {
    ...createDocumentRowRepo(db, invoices),
    select,

    list: (organizationId: number, options: InvoiceListOptions) =>
      reads.page(organizationId, conditions(organizationId, options), options),
    find: reads.find,

    /**
     * The last numbered document of a series: the highest chrono (the unique index's order), whose date every next
     * number must not precede (domain followsLastIssued). Read under the series' counter lock, so it is the last.
     */
    async lastIssued(organizationId: number, series: string) {
      const [row] = await lastOfSeries(db, { organizationId, series })
      return row?.reference ? { datedAt: row.datedAt, reference: row.reference } : null
    },

    /** Deletes a draft; the state condition makes a validated invoice undeletable even by a racing request. */
    async deleteDraft(organizationId: number, id: number) {
      const rows = await db
        .delete(invoices)
        .where(
          and(
            eq(invoices.organizationId, organizationId),
            eq(invoices.id, id),
            eq(invoices.stateId, INVOICE_STATE_IDS.DRAFT),
          ),
        )
        .returning({ id: invoices.id })
      return rows.length > 0
    },

    /** Deletes a recurring invoice (its schedule goes with it); the invoices it made keep their content. */
    async deleteRecurring(organizationId: number, id: number) {
      await db
        .update(invoices)
        .set({ subscriptionId: null })
        .where(and(eq(invoices.organizationId, organizationId), eq(invoices.subscriptionId, id)))
      const rows = await db
        .delete(invoices)
        .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, id), eq(invoices.isRecurring, true)))
        .returning({ id: invoices.id })
      return rows.length > 0
    },

    async creditNotesOf(organizationId: number, invoiceId: number) {
      return db
        .select({
          id: invoices.id,
          reference: invoices.reference,
          amount: invoices.amount,
          totalTaxIncluded: invoices.totalTaxIncluded,
          datedAt: invoices.datedAt,
        })
        .from(invoices)
        .where(and(eq(invoices.organizationId, organizationId), eq(invoices.creditedInvoiceId, invoiceId)))
        .orderBy(asc(invoices.id))
    },

    /** Invoices made from a quote (its deposits and its final invoice). */
    async ofQuote(organizationId: number, quoteId: number) {
      return select()
        .where(and(eq(invoices.organizationId, organizationId), eq(invoices.quoteId, quoteId)))
        .orderBy(asc(invoices.id))
    },

    /** What a final invoice's VAT is settled against: the quote's breakdown and its live deposits' ones. */
    async finalInvoiceSources(organizationId: number, quoteId: number) {
      const [quote] = await db
        .select({ vatBreakdown: quotes.vatBreakdown })
        .from(quotes)
        .where(and(eq(quotes.organizationId, organizationId), eq(quotes.id, quoteId)))
      const deposits = await db
        .select({ vatBreakdown: invoices.vatBreakdown })
        .from(invoices)
        .where(
          and(
            eq(invoices.organizationId, organizationId),
            eq(invoices.quoteId, quoteId),
            eq(invoices.isDeposit, true),
            sql`${invoices.stateId} <> ${INVOICE_STATE_IDS.CANCELED}`,
          ),
        )
      return { quote: quote?.vatBreakdown ?? [], deposits: deposits.map((d) => d.vatBreakdown) }
    },

    async summary(organizationId: number) {
      const rows = await db
        .select({ stateId: invoices.stateId, sum: sql<string>`coalesce(sum(${invoices.amount}), 0)`, count: count() })
        .from(invoices)
        .where(
          and(
            eq(invoices.organizationId, organizationId),
            eq(invoices.isRecurring, false),
            eq(invoices.isCreditNote, false),
            inArray(invoices.stateId, [INVOICE_STATE_IDS.PAID, INVOICE_STATE_IDS.PENDING, INVOICE_STATE_IDS.LATE]),
          ),
        )
        .groupBy(invoices.stateId)
      return rows
    },

    /**
     * The organisations (or the one given) with a PENDING invoice past its due date: the cheap check, without a lock,
     * before each one's locking read (on Citus, rows are locked by organisation, one shard at a time).
     */
    async overdueOrganizations(today: string, organizationId?: number) {
      const rows = await db
        .selectDistinct({ organizationId: invoices.organizationId })
        .from(invoices)
        .where(
          and(
            eq(invoices.stateId, INVOICE_STATE_IDS.PENDING),
            lt(invoices.paymentLimitAt, today),
            organizationId === undefined ? undefined : eq(invoices.organizationId, organizationId),
          ),
        )
        .limit(1000)
      return rows.map((row) => row.organizationId)
    },

    /** An organisation's PENDING invoices whose due date has passed, locked for the switch to LATE. */
    async overdue(today: string, organizationId: number) {
      return db
        .select({ organizationId: invoices.organizationId, id: invoices.id })
        .from(invoices)
        .where(
          and(
            eq(invoices.stateId, INVOICE_STATE_IDS.PENDING),
            lt(invoices.paymentLimitAt, today),
            eq(invoices.organizationId, organizationId),
          ),
        )
        .limit(1000)
        .for('update', { skipLocked: true })
    },
  }
}
