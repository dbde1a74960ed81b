import { INVOICE_STATE_IDS, QUOTE_STATE_IDS, type QuoteStateCode } from '@app/domain'
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { contacts, invoices, quoteStates, quotes, users } from '../../db/schema/index'
import { containsPattern } from '../contacts/repo'

export type QuoteRow = typeof quotes.$inferSelect
export type QuoteInsert = Omit<typeof quotes.$inferInsert, 'organizationId' | 'id'>

export type QuoteListOptions = {
  id?: number
  states?: QuoteStateCode[]
  amountMin?: string
  amountMax?: string
  datedAfter?: string
  datedBefore?: string
  contactId?: number
  name?: string
  search?: string
  sort: '-datedAt' | 'datedAt' | '-createdAt' | 'createdAt' | '-amount' | 'amount'
  limit: number
  offset: number
}

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
      })
      .from(quotes)
      .innerJoin(quoteStates, eq(quoteStates.id, quotes.stateId))
      .leftJoin(contacts, and(eq(contacts.organizationId, quotes.organizationId), eq(contacts.id, quotes.contactId)))
      .leftJoin(users, eq(users.id, quotes.userId))

  function conditions(organizationId: number, o: QuoteListOptions): SQL | undefined {
    return and(
      eq(quotes.organizationId, organizationId),
      o.id === undefined ? undefined : eq(quotes.id, o.id),
      o.states
        ? inArray(
            quotes.stateId,
            o.states.map((code) => QUOTE_STATE_IDS[code]),
          )
        : undefined,
      o.amountMin === undefined ? undefined : gte(quotes.amount, o.amountMin),
      o.amountMax === undefined ? undefined : lte(quotes.amount, o.amountMax),
      o.datedAfter === undefined ? undefined : gte(quotes.datedAt, o.datedAfter),
      o.datedBefore === undefined ? undefined : lte(quotes.datedAt, o.datedBefore),
      o.contactId === undefined ? undefined : eq(quotes.contactId, o.contactId),
      o.name ? ilike(quotes.name, containsPattern(o.name)) : undefined,
      o.search
        ? or(
            ilike(quotes.name, containsPattern(o.search)),
            ilike(quotes.reference, containsPattern(o.search)),
            sql`exists (select 1 from ${contacts} c where c.organization_id = ${quotes.organizationId}
              and c.id = ${quotes.contactId} and c.name ilike ${containsPattern(o.search)})`,
          )
        : undefined,
    )
  }

  return {
    async list(organizationId: number, options: QuoteListOptions) {
      const where = conditions(organizationId, options)
      const order = {
        '-datedAt': [desc(quotes.datedAt), desc(quotes.id)],
        datedAt: [asc(quotes.datedAt), asc(quotes.id)],
        '-createdAt': [desc(quotes.createdAt), desc(quotes.id)],
        createdAt: [asc(quotes.createdAt), asc(quotes.id)],
        '-amount': [desc(quotes.amount), desc(quotes.id)],
        amount: [asc(quotes.amount), asc(quotes.id)],
      }[options.sort]
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
