import {
  type ContactInvoiceRow,
  type ContactQuoteRow,
  INVOICE_STATE_IDS,
  QUOTE_STATE_IDS,
  searchKey,
} from '@app/domain'
import { and, count, eq, inArray, like, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { compiled } from '../../../db/compiled'
import { contacts, invoiceStates, invoices, quoteStates, quotes, taxes, units } from '../../../db/schema/index'
import { containsPattern } from '../../../lib/text-search'

// Read by every document made or validated: its SQL built once (db/compiled.ts).
const customerOf = compiled('document_customer', (db) =>
  db
    .select()
    .from(contacts)
    .where(and(eq(contacts.organizationId, sql.placeholder('organizationId')), eq(contacts.id, sql.placeholder('id')))),
)

/** Reads documents need from reference tables and of their customer (contacts are written by their own feature). */
export function createDocumentReadRepo(db: DbOrTx) {
  return {
    /** The ids of one page of a list, on the documents' table alone, and how many the list holds. */
    async pageIds(
      table: typeof invoices | typeof quotes,
      where: SQL | undefined,
      order: SQL[],
      page: { limit: number; offset: number },
    ) {
      const rows = await db
        .select({ id: table.id })
        .from(table)
        .where(where)
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset)
      const [total] = await db.select({ total: count() }).from(table).where(where)
      return { ids: rows.map((row) => row.id), total: total?.total ?? 0 }
    },

    async taxes(ids: number[]) {
      if (ids.length === 0) return []
      return db
        .select({
          id: taxes.id,
          code: taxes.code,
          name: taxes.name,
          amount: taxes.amount,
          isCollected: taxes.isCollected,
        })
        .from(taxes)
        .where(inArray(taxes.id, ids))
    },

    async units(ids: number[]) {
      if (ids.length === 0) return []
      return db.select({ id: units.id, code: units.code, name: units.name }).from(units).where(inArray(units.id, ids))
    },

    /** Customers whose folded name, e-mail or SIREN contains the search (contacts' trigram index), at most 500. */
    async matchingContactIds(organizationId: number, search: string) {
      const folded = searchKey(search)
      if (!folded) return []
      const rows = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.organizationId, organizationId), like(contacts.searchText, containsPattern(folded))))
        .limit(500)
      return rows.map((row) => row.id)
    },

    async contact(organizationId: number, id: number) {
      const [row] = await customerOf(db, { organizationId, id })
      return row
    },
  }
}

/**
 * What the contacts feature needs to know of a customer's documents: the rows its detail panel sums, and whether a
 * validated document names it (then it cannot be deleted). Reads only.
 */
export function createContactDocumentUsage() {
  return {
    async rows(db: DbOrTx, organizationId: number, contactId: number) {
      const quoteRows: ContactQuoteRow[] = await db
        .select({ stateCode: quoteStates.code, totalTaxIncluded: quotes.totalTaxIncluded })
        .from(quotes)
        .innerJoin(quoteStates, eq(quoteStates.id, quotes.stateId))
        .where(and(eq(quotes.organizationId, organizationId), eq(quotes.contactId, contactId)))
      const invoiceRows: ContactInvoiceRow[] = await db
        .select({
          stateCode: invoiceStates.code,
          totalTaxIncluded: invoices.totalTaxIncluded,
          datedAt: invoices.datedAt,
          paymentDateAt: invoices.paymentDateAt,
          isCreditNote: invoices.isCreditNote,
        })
        .from(invoices)
        .innerJoin(invoiceStates, eq(invoiceStates.id, invoices.stateId))
        .where(
          and(
            eq(invoices.organizationId, organizationId),
            eq(invoices.contactId, contactId),
            eq(invoices.isRecurring, false),
          ),
        )
      return { quotes: quoteRows, invoices: invoiceRows }
    },

    /** Drafts lose a deleted customer (and its addresses): they stay, to be given another one before validation. */
    async detachFromDrafts(tx: DbOrTx, organizationId: number, contactId: number) {
      const detached = { contactId: null, billingAddressId: null, deliveryAddressId: null }
      await tx
        .update(invoices)
        .set(detached)
        .where(and(eq(invoices.organizationId, organizationId), eq(invoices.contactId, contactId)))
      await tx
        .update(quotes)
        .set(detached)
        .where(and(eq(quotes.organizationId, organizationId), eq(quotes.contactId, contactId)))
    },

    /** A validated (numbered) invoice or quote names the contact. */
    async usedByValidatedDocument(db: DbOrTx, organizationId: number, contactId: number) {
      const [row] = await db
        .execute<{ used: boolean }>(sql`select
        exists (select 1 from ${invoices} where organization_id = ${organizationId} and contact_id = ${contactId}
          and state_id <> ${INVOICE_STATE_IDS.DRAFT})
        or exists (select 1 from ${quotes} where organization_id = ${organizationId} and contact_id = ${contactId}
          and state_id <> ${QUOTE_STATE_IDS.DRAFT}) as used`)
        .then((result) => result.rows)
      return Boolean(row?.used)
    },
  }
}
export type ContactDocumentUsage = ReturnType<typeof createContactDocumentUsage>
