import { INVOICE_STATE_IDS, QUOTE_STATE_IDS } from '@app/domain'
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { comments, contacts, invoices, quoteStates, quotes, users } from '../../../db/schema/index'
import { allOf, type DocumentListOptions, documentListConditions, documentListOrder } from '../documents/list'

export type QuoteRow = typeof quotes.$inferSelect
export type QuoteInsert = Omit<typeof quotes.$inferInsert, 'organizationId' | 'id'>

export type QuoteListOptions = DocumentListOptions

export function createQuoteRepo(db: DbOrTx) {
  const select = () =>
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
        depositsCount:
          sql<number>`(select count(*) from ${invoices} i where i.organization_id = ${quotes.organizationId}
          and i.quote_id = ${quotes.id} and i.is_deposit = true)`.mapWith(Number),
        commentsCount:
          sql<number>`(select count(*) from ${comments} c where c.organization_id = ${quotes.organizationId}
          and c.subject_type = 'quote' and c.subject_id = ${quotes.id})`.mapWith(Number),
      })
      .from(quotes)
      .innerJoin(quoteStates, eq(quoteStates.id, quotes.stateId))
      .leftJoin(contacts, and(eq(contacts.organizationId, quotes.organizationId), eq(contacts.id, quotes.contactId)))
      .leftJoin(users, eq(users.id, quotes.userId))

  const conditions = (organizationId: number, o: QuoteListOptions) =>
    allOf(documentListConditions(quotes, organizationId, o))

  return {
    async list(organizationId: number, options: QuoteListOptions) {
      const where = conditions(organizationId, options)
      const order = documentListOrder(quotes, options.sort)
      // The page's ids first on the quotes table alone, then the joins for those rows only (as for invoices).
      const page = await db
        .select({ id: quotes.id })
        .from(quotes)
        .where(where)
        .orderBy(...order)
        .limit(options.limit)
        .offset(options.offset)
      const ids = page.map((row) => row.id)
      const rows =
        ids.length === 0
          ? []
          : await select()
              .where(and(eq(quotes.organizationId, organizationId), inArray(quotes.id, ids)))
              .orderBy(...order)
      const [total] = await db.select({ total: count() }).from(quotes).where(where)
      return { rows, total: total?.total ?? 0 }
    },

    async find(organizationId: number, id: number) {
      const [row] = await select().where(and(eq(quotes.organizationId, organizationId), eq(quotes.id, id)))
      return row
    },

    async lock(organizationId: number, id: number) {
      const [row] = await db
        .select()
        .from(quotes)
        .where(and(eq(quotes.organizationId, organizationId), eq(quotes.id, id)))
        .for('update')
      return row
    },

    async insert(organizationId: number, values: QuoteInsert): Promise<number> {
      const [created] = await db
        .insert(quotes)
        .values({ ...values, organizationId })
        .returning({ id: quotes.id })
      if (!created) throw new Error('quote insert returned nothing')
      return created.id
    },

    async update(organizationId: number, id: number, values: Partial<QuoteInsert>) {
      await db
        .update(quotes)
        .set(values)
        .where(and(eq(quotes.organizationId, organizationId), eq(quotes.id, id)))
    },

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
