import { INVOICE_STATE_IDS, QUOTE_STATE_IDS } from '@app/domain'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { comments, contacts, invoices, quoteStates, quotes, users } from '../../../db/schema/index'
import { joinedDocumentReads } from '../documents/joined-reads'
import { allOf, type DocumentListOptions, documentListConditions } from '../documents/list'
import { createDocumentRowRepo } from '../documents/rows'

export type QuoteRow = typeof quotes.$inferSelect
export type QuoteInsert = Omit<typeof quotes.$inferInsert, 'organizationId' | 'id'>

export type QuoteListOptions = DocumentListOptions

const joinedSelect = (db: DbOrTx) =>
  db
    .select({
      quote: quotes,
      state: { id: quoteStates.id, code: quoteStates.code, name: quoteStates.name, color: quoteStates.color },
      contact: { id: contacts.id, name: contacts.name, contactTypeId: contacts.contactTypeId },
      user: { id: users.id, firstname: users.firstname, lastname: users.lastname },
      invoiceId: sql<
        number | null
      >`(select min(i.id) from ${invoices} i where i.organization_id = ${quotes.organizationId}
        and i.quote_id = ${quotes.id} and i.is_deposit = false and i.state_id <> ${INVOICE_STATE_IDS.CANCELED})`.mapWith(
        Number,
      ),
      depositsCount: sql<number>`(select count(*) from ${invoices} i where i.organization_id = ${quotes.organizationId}
        and i.quote_id = ${quotes.id} and i.is_deposit = true)`.mapWith(Number),
      commentsCount: sql<number>`(select count(*) from ${comments} c where c.organization_id = ${quotes.organizationId}
        and c.subject_type = 'quote' and c.subject_id = ${quotes.id})`.mapWith(Number),
    })
    .from(quotes)
    .innerJoin(quoteStates, eq(quoteStates.id, quotes.stateId))
    .leftJoin(contacts, and(eq(contacts.organizationId, quotes.organizationId), eq(contacts.id, quotes.contactId)))
    .leftJoin(users, eq(users.id, quotes.userId))

const quoteReads = joinedDocumentReads('quote', quotes, joinedSelect)

export function createQuoteRepo(db: DbOrTx) {
  const conditions = (organizationId: number, o: QuoteListOptions) =>
    allOf(documentListConditions(quotes, organizationId, o))

  const reads = quoteReads(db)

  return {
    ...createDocumentRowRepo(db, quotes),
    list: (organizationId: number, options: QuoteListOptions) =>
      reads.page(organizationId, conditions(organizationId, options), options),
    find: reads.find,

    async deleteDraft(organizationId: number, id: number) {
      const rows = await db
        .delete(quotes)
        .where(
          and(eq(quotes.organizationId, organizationId), eq(quotes.id, id), eq(quotes.stateId, QUOTE_STATE_IDS.DRAFT)),
        )
        .returning({ id: quotes.id })
      return rows.length > 0
    },

    async states() {
      return db
        .select({ id: quoteStates.id, code: quoteStates.code, name: quoteStates.name, color: quoteStates.color })
        .from(quoteStates)
        .orderBy(asc(quoteStates.position))
    },
  }
}
