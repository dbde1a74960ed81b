import { RECEIPT_STATE_IDS, type ReceiptListQuery, searchKey, searchTextOf } from '@app/domain'
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import {
  contacts,
  currencies,
  receiptStates,
  receipts,
  receiptTransactions,
  transactions,
} from '../../../db/schema/index'
import { containsPattern } from '../../../lib/text-search'

export type ReceiptValues = Omit<typeof receipts.$inferInsert, 'organizationId' | 'id'>

const linked = sql`exists (select 1 from ${receiptTransactions} rt where rt.organization_id = ${receipts.organizationId} and rt.receipt_id = ${receipts.id})`
const validated = eq(receipts.stateId, RECEIPT_STATE_IDS.VALIDATED)
/*
 * The same test as `linked`, uncorrelated: under an OR beside the contacts' outer join, the correlated form gives
 * PostgreSQL 15 a constant qual from the row-level policy that Citus refuses ("outer joins and pseudoconstant quals").
 */
const linkedIn = (organizationId: number) =>
  sql`${receipts.id} in (select rt.receipt_id from ${receiptTransactions} rt where rt.organization_id = ${organizationId})`

export function createReceiptRepo(db: DbOrTx) {
  const select = () =>
    db
      .select({
        receipt: receipts,
        state: { id: receiptStates.id, code: receiptStates.code, name: receiptStates.name },
        contact: { id: contacts.id, name: contacts.name },
      })
      .from(receipts)
      .innerJoin(receiptStates, eq(receiptStates.id, receipts.stateId))
      .leftJoin(
        contacts,
        and(eq(contacts.organizationId, receipts.organizationId), eq(contacts.id, receipts.contactId)),
      )

  return {
    async list(organizationId: number, query: ReceiptListQuery, offset: number) {
      const text = searchTextOf(query)
      const search = text ? searchKey(text) : ''
      const where = and(
        eq(receipts.organizationId, organizationId),
        query['filter[toValidate]'] === undefined
          ? undefined
          : query['filter[toValidate]']
            ? sql`not ${validated}`
            : validated,
        query['filter[toAssociate]'] === undefined
          ? undefined
          : query['filter[toAssociate]']
            ? and(validated, sql`not ${linked}`)
            : sql`(not ${validated} or ${linkedIn(organizationId)})`,
        query['filter[stateId]'] === undefined ? undefined : eq(receipts.stateId, query['filter[stateId]']),
        query['filter[datedAfter]'] ? gte(receipts.datedAt, query['filter[datedAfter]']) : undefined,
        query['filter[datedBefore]'] ? lte(receipts.datedAt, query['filter[datedBefore]']) : undefined,
        query['filter[amountMin]'] === undefined ? undefined : gte(receipts.taxIncluded, query['filter[amountMin]']),
        query['filter[amountMax]'] === undefined ? undefined : lte(receipts.taxIncluded, query['filter[amountMax]']),
        search
          ? sql`(${receipts.searchText} like ${containsPattern(search)} or coalesce(${contacts.searchText}, '') like ${containsPattern(search)})`
          : undefined,
      )
      const [rows, [total]] = await Promise.all([
        select().where(where).orderBy(desc(receipts.createdAt), desc(receipts.id)).limit(query.pageSize).offset(offset),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(receipts)
          .leftJoin(
            contacts,
            and(eq(contacts.organizationId, receipts.organizationId), eq(contacts.id, receipts.contactId)),
          )
          .where(where),
      ])
      return { rows, total: total?.n ?? 0 }
    },

    async find(organizationId: number, id: number) {
      const [row] = await select().where(and(eq(receipts.organizationId, organizationId), eq(receipts.id, id)))
      return row ?? null
    },

    async findMany(organizationId: number, ids: number[]) {
      if (ids.length === 0) return []
      return select()
        .where(and(eq(receipts.organizationId, organizationId), inArray(receipts.id, ids)))
        .orderBy(asc(receipts.id))
    },

    /** The transactions each receipt justifies. */
    async transactionsOf(organizationId: number, receiptIds: number[]) {
      if (receiptIds.length === 0) return []
      return db
        .select({
          receiptId: receiptTransactions.receiptId,
          id: transactions.id,
          name: transactions.name,
          datedAt: transactions.datedAt,
          amount: transactions.amount,
          journalId: transactions.journalId,
        })
        .from(receiptTransactions)
        .innerJoin(
          transactions,
          and(
            eq(transactions.organizationId, receiptTransactions.organizationId),
            eq(transactions.id, receiptTransactions.transactionId),
          ),
        )
        .where(
          and(
            eq(receiptTransactions.organizationId, organizationId),
            inArray(receiptTransactions.receiptId, receiptIds),
          ),
        )
        .orderBy(asc(transactions.datedAt), asc(transactions.id))
    },

    /** The receipts each transaction has, for the transactions' answers. */
    async receiptsOfTransactions(organizationId: number, transactionIds: number[]) {
      if (transactionIds.length === 0) return []
      return db
        .select({
          transactionId: receiptTransactions.transactionId,
          id: receipts.id,
          name: receipts.name,
          extension: receipts.extension,
          stateId: receipts.stateId,
          taxIncluded: receipts.taxIncluded,
        })
        .from(receiptTransactions)
        .innerJoin(
          receipts,
          and(
            eq(receipts.organizationId, receiptTransactions.organizationId),
            eq(receipts.id, receiptTransactions.receiptId),
          ),
        )
        .where(
          and(
            eq(receiptTransactions.organizationId, organizationId),
            inArray(receiptTransactions.transactionId, transactionIds),
          ),
        )
        .orderBy(asc(receiptTransactions.createdAt), asc(receipts.id))
    },

    async insert(organizationId: number, values: ReceiptValues) {
      const [row] = await db
        .insert(receipts)
        .values({ ...values, organizationId })
        .returning({ id: receipts.id })
      if (!row) throw new Error('receipt insert returned nothing')
      return row.id
    },

    async update(organizationId: number, id: number, values: Partial<ReceiptValues>) {
      await db
        .update(receipts)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(receipts.organizationId, organizationId), eq(receipts.id, id)))
    },

    /**
     * What a late reading found, written to a receipt still as it was uploaded (never saved since: updated_at is still
     * created_at); returns whether it was.
     */
    async fillUntouched(organizationId: number, id: number, values: Partial<ReceiptValues>) {
      const filled = await db
        .update(receipts)
        .set({ ...values, updatedAt: sql`now()` })
        .where(
          and(
            eq(receipts.organizationId, organizationId),
            eq(receipts.id, id),
            eq(receipts.stateId, RECEIPT_STATE_IDS.PENDING),
            sql`${receipts.updatedAt} = ${receipts.createdAt}`,
          ),
        )
        .returning({ id: receipts.id })
      return filled.length > 0
    },

    async remove(organizationId: number, id: number) {
      await db.delete(receipts).where(and(eq(receipts.organizationId, organizationId), eq(receipts.id, id)))
    },

    /** A supplier of the organisation whose name folds to `nameKey` (the supplier a receipt's text names). */
    async supplierNamed(organizationId: number, nameKey: string) {
      if (!nameKey) return null
      const [row] = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(
          and(
            eq(contacts.organizationId, organizationId),
            eq(contacts.isSupplier, true),
            sql`${contacts.searchText} like ${`${nameKey.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
          ),
        )
        .orderBy(asc(contacts.id))
        .limit(1)
      return row?.id ?? null
    },

    /** Whether a validated receipt names this supplier: it is then a document the contact cannot leave. */
    async supplierOfValidated(organizationId: number, contactId: number) {
      const [row] = await db
        .select({ id: receipts.id })
        .from(receipts)
        .where(and(eq(receipts.organizationId, organizationId), eq(receipts.contactId, contactId), validated))
        .limit(1)
      return row !== undefined
    },

    /** Receipts still being processed lose a supplier that is deleted. */
    async forgetSupplier(organizationId: number, contactId: number) {
      await db
        .update(receipts)
        .set({ contactId: null })
        .where(and(eq(receipts.organizationId, organizationId), eq(receipts.contactId, contactId)))
    },

    /** A currency's id from its ISO code (an e-invoice's BT-5), null when Carnet does not list it. */
    async currencyIdOf(code: string) {
      const [row] = await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, code))
      return row?.id ?? null
    },

    /** Whether the organisation has this transaction. */
    async hasTransaction(organizationId: number, transactionId: number) {
      const [row] = await db
        .select({ id: transactions.id })
        .from(transactions)
        .where(and(eq(transactions.organizationId, organizationId), eq(transactions.id, transactionId)))
      return row !== undefined
    },

    /**
     * Attaches receipts; a receipt justifies, so the transaction is no longer "without receipt". Returns the receipts
     * newly attached (those already were are left alone).
     */
    async attach(organizationId: number, transactionId: number, receiptIds: number[]): Promise<number[]> {
      if (receiptIds.length === 0) return []
      const added = await db
        .insert(receiptTransactions)
        .values(receiptIds.map((receiptId) => ({ organizationId, transactionId, receiptId })))
        .onConflictDoNothing()
        .returning({ receiptId: receiptTransactions.receiptId })
      await db
        .update(transactions)
        .set({ hasNoReceipt: false, updatedAt: sql`now()` })
        .where(and(eq(transactions.organizationId, organizationId), eq(transactions.id, transactionId)))
      return added.map((row) => row.receiptId)
    },

    /** Returns whether there was such a link. */
    async detach(organizationId: number, transactionId: number, receiptId: number) {
      const removed = await db
        .delete(receiptTransactions)
        .where(
          and(
            eq(receiptTransactions.organizationId, organizationId),
            eq(receiptTransactions.transactionId, transactionId),
            eq(receiptTransactions.receiptId, receiptId),
          ),
        )
        .returning({ id: receiptTransactions.receiptId })
      return removed.length > 0
    },
  }
}

export type ReceiptRepo = ReturnType<typeof createReceiptRepo>
export type ReceiptRow = NonNullable<Awaited<ReturnType<ReceiptRepo['find']>>>
