import { type Paging, pageOffset } from '@app/domain'
import { and, count, desc, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import {
  accountingEntries,
  activities,
  invoices,
  organizations,
  quotes,
  receipts,
  transactions,
  users,
} from '../../../db/schema/index'

/** What the history needs to name a document: its kind, number and name. */
export type SubjectRow = {
  kind: 'invoice' | 'creditNote' | 'quote' | 'receipt' | 'transaction'
  reference: string | null
  name: string
}

/**
 * How each model's document is found in the current organisation: one entry per model that has comments, notes and
 * a history.
 */
const SUBJECT_FINDERS: Record<string, (db: DbOrTx, organizationId: number, id: number) => Promise<SubjectRow | null>> =
  {
    invoice: async (db, organizationId, id) => {
      const [row] = await db
        .select({ reference: invoices.reference, name: invoices.name, isCreditNote: invoices.isCreditNote })
        .from(invoices)
        .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, id)))
      return row
        ? { kind: row.isCreditNote ? 'creditNote' : 'invoice', reference: row.reference, name: row.name }
        : null
    },
    quote: async (db, organizationId, id) => {
      const [row] = await db
        .select({ reference: quotes.reference, name: quotes.name })
        .from(quotes)
        .where(and(eq(quotes.organizationId, organizationId), eq(quotes.id, id)))
      return row ? { kind: 'quote', reference: row.reference, name: row.name } : null
    },
    receipt: async (db, organizationId, id) => {
      const [row] = await db
        .select({ reference: receipts.reference, name: receipts.name })
        .from(receipts)
        .where(and(eq(receipts.organizationId, organizationId), eq(receipts.id, id)))
      return row ? { kind: 'receipt', reference: row.reference, name: row.name } : null
    },
    transaction: async (db, organizationId, id) => {
      const [row] = await db
        .select({ name: transactions.name })
        .from(transactions)
        .where(and(eq(transactions.organizationId, organizationId), eq(transactions.id, id)))
      return row ? { kind: 'transaction', reference: null, name: row.name } : null
    },
  }

export function createActivityRepo(db: DbOrTx) {
  return {
    /** The document `subjectType`/`id` of the organisation, or null when there is none (another organisation's). */
    async subject(organizationId: number, subjectType: string, id: number) {
      const find = SUBJECT_FINDERS[subjectType]
      return find ? find(db, organizationId, id) : null
    },

    /** A page of a document's history, newest first, with its authors' names; and how many entries it has. */
    async list(organizationId: number, subjectType: string, subjectId: number, paging: Paging) {
      const where = and(
        eq(activities.organizationId, organizationId),
        eq(activities.subjectType, subjectType),
        eq(activities.subjectId, subjectId),
      )
      const rows = await db
        .select({
          id: activities.id,
          code: activities.code,
          isOperator: activities.isOperator,
          payload: activities.payload,
          createdAt: activities.createdAt,
          userId: users.id,
          firstname: users.firstname,
          lastname: users.lastname,
        })
        .from(activities)
        .leftJoin(users, eq(users.id, activities.userId))
        .where(where)
        .orderBy(desc(activities.id))
        .limit(paging.pageSize)
        .offset(pageOffset(paging))
      const [total] = await db.select({ total: count() }).from(activities).where(where)
      return { rows, total: total?.total ?? 0 }
    },

    /** The numbers of invoices named by history entries (a quote's final or deposit invoice). */
    async invoiceReferences(organizationId: number, ids: number[]) {
      if (ids.length === 0) return new Map<number, string | null>()
      const rows = await db
        .select({ id: invoices.id, reference: invoices.reference })
        .from(invoices)
        .where(and(eq(invoices.organizationId, organizationId), inArray(invoices.id, ids)))
      return new Map(rows.map((row) => [row.id, row.reference]))
    },

    /** The names and account numbers of categories a history entry names (ids already checked by the caller). */
    async categories(ids: number[]) {
      if (ids.length === 0) return []
      return db
        .select({ id: accountingEntries.id, name: accountingEntries.name, code: accountingEntries.code })
        .from(accountingEntries)
        .where(inArray(accountingEntries.id, ids))
    },

    /** The names of a transaction and of receipts, as entries about their link name the other party. */
    async transactionName(organizationId: number, id: number) {
      const [row] = await db
        .select({ name: transactions.name })
        .from(transactions)
        .where(and(eq(transactions.organizationId, organizationId), eq(transactions.id, id)))
      return row?.name ?? null
    },

    async receiptNames(organizationId: number, ids: number[]) {
      if (ids.length === 0) return new Map<number, string>()
      const rows = await db
        .select({ id: receipts.id, reference: receipts.reference, name: receipts.name })
        .from(receipts)
        .where(and(eq(receipts.organizationId, organizationId), inArray(receipts.id, ids)))
      return new Map(rows.map((row) => [row.id, row.reference || row.name]))
    },

    async platformCode(organizationId: number) {
      const [row] = await db
        .select({ code: organizations.platformCode })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
      return row?.code ?? null
    },
  }
}
