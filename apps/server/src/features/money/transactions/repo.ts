import { JOURNAL_TYPE_IDS, searchKey } from '@app/domain'
import { and, asc, count, desc, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { inIds } from '../../../db/ids'
import { linkedInvoice } from '../../../db/joins'
import { jsonRows } from '../../../db/json-rows'
import {
  accountingEntries,
  comments,
  invoices,
  journals,
  journalTypes,
  notes,
  organizations,
  taxes,
  taxRates,
  taxTypes,
  transactionAllocations,
  transactionInvoices,
  transactions,
} from '../../../db/schema/index'
import { isActiveFor, visibleTo } from '../../../lib/category-visibility'
import { containsPattern } from '../../../lib/text-search'
import { receiptsOfTransactions } from '../receipts/queries'
import {
  flag,
  hasAllocations,
  hasComment,
  hasDocument,
  journalsJoin,
  paysInvoices,
  sameCategoryAs,
  sameLabelAs,
} from './list-conditions'
import { matchKeys, nameKey } from './match-keys'

export type TransactionValues = Omit<typeof transactions.$inferInsert, 'organizationId' | 'id'>
export type AllocationValues = Omit<
  typeof transactionAllocations.$inferInsert,
  'organizationId' | 'id' | 'transactionId'
>

export type TransactionListOptions = {
  search?: string
  datedAfter?: string | null
  datedBefore?: string | null
  amountMin?: string
  amountMax?: string
  journalId?: number
  accountingEntryId?: number
  whereType?: 'all' | 'credit' | 'debit'
  uncategorized?: boolean
  isChecked?: boolean
  isValidated?: boolean
  journalTypeCode?: string[]
  withReceipt?: boolean
  toJustify?: boolean
  withComment?: boolean
  /** With `fiscalYearStart`: before it (true) or from it on (false). */
  isArchived?: boolean
  fiscalYearStart?: string
  sameAs?: number
  withTheSameCategory?: number
  limit: number
  offset: number
}

export function createTransactionRepo(db: DbOrTx) {
  const select = () =>
    db
      .select({
        transaction: transactions,
        journal: {
          id: journals.id,
          name: journals.name,
          code: journals.code,
          journalTypeCode: journalTypes.code,
          iban: journals.iban,
          bic: journals.bic,
        },
      })
      .from(transactions)
      .innerJoin(
        journals,
        and(eq(journals.organizationId, transactions.organizationId), eq(journals.id, transactions.journalId)),
      )
      .innerJoin(journalTypes, eq(journalTypes.id, journals.journalTypeId))

  return {
    /** Future transactions first (spec/money.md §2), then the newest. */
    async list(organizationId: number, options: TransactionListOptions) {
      const where: SQL | undefined = and(
        eq(transactions.organizationId, organizationId),
        options.search
          ? sql`(${transactions.nameKey} like ${containsPattern(searchKey(options.search))} or ${transactions.rawNameKey} like ${containsPattern(searchKey(options.search))})`
          : undefined,
        options.datedAfter ? gte(transactions.datedAt, options.datedAfter) : undefined,
        options.datedBefore ? lte(transactions.datedAt, options.datedBefore) : undefined,
        options.amountMin === undefined ? undefined : gte(transactions.amount, options.amountMin),
        options.amountMax === undefined ? undefined : lte(transactions.amount, options.amountMax),
        options.journalId === undefined ? undefined : eq(transactions.journalId, options.journalId),
        options.accountingEntryId === undefined
          ? undefined
          : sql`exists (select 1 from ${transactionAllocations} where ${transactionAllocations.organizationId} = ${organizationId} and ${transactionAllocations.transactionId} = ${transactions.id} and ${transactionAllocations.accountingEntryId} = ${options.accountingEntryId})`,
        options.whereType === 'credit' ? sql`${transactions.amount} > 0` : undefined,
        options.whereType === 'debit' ? sql`${transactions.amount} < 0` : undefined,
        options.uncategorized === undefined
          ? undefined
          : options.uncategorized
            ? sql`not ${hasAllocations} and not ${paysInvoices(organizationId)}`
            : sql`(${hasAllocations} or ${paysInvoices(organizationId)})`,
        options.isChecked === undefined ? undefined : eq(transactions.isChecked, options.isChecked),
        options.isValidated === undefined ? undefined : eq(transactions.isValidated, options.isValidated),
        options.journalTypeCode === undefined ? undefined : inArray(journalTypes.code, options.journalTypeCode),
        flag(options.withReceipt, hasDocument(organizationId)),
        options.toJustify === undefined
          ? undefined
          : options.toJustify
            ? sql`not ${hasDocument(organizationId)} and not ${transactions.hasNoReceipt}`
            : sql`(${hasDocument(organizationId)} or ${transactions.hasNoReceipt})`,
        flag(options.withComment, hasComment(organizationId)),
        options.isArchived === undefined || options.fiscalYearStart === undefined
          ? undefined
          : options.isArchived
            ? sql`${transactions.datedAt} < ${options.fiscalYearStart}`
            : gte(transactions.datedAt, options.fiscalYearStart),
        options.sameAs === undefined ? undefined : sameLabelAs(organizationId, options.sameAs),
        options.withTheSameCategory === undefined
          ? undefined
          : sameCategoryAs(organizationId, options.withTheSameCategory),
      )
      // The newest first puts the future ones (dated after today) first, as spec/money.md §2 wants.
      const order = [desc(transactions.datedAt), desc(transactions.id)]
      // The count joins the journals only when it filters on their type.
      const journalsJoined = options.journalTypeCode === undefined ? sql`` : journalsJoin
      if (options.search) {
        // A search reads every line of the organisation (no index serves its LIKE under row-level security, decision
        // 0053): the page and the total come from one reading of the lines it matches, not from two.
        const [found] = await jsonRows<{ total: number; ids: number[] | null }>(
          db,
          sql`with matched as materialized (
              select ${transactions.id} as id, ${transactions.datedAt} as dated_at
              from ${transactions}${journalsJoined} where ${where})
            select (select count(*)::int from matched) as total,
              (select json_agg(page.id) from (select id from matched order by dated_at desc, id desc
                limit ${options.limit} offset ${options.offset}) page) as ids`,
        )
        const ids = found?.ids ?? []
        const rows =
          ids.length === 0
            ? []
            : await select()
                .where(and(eq(transactions.organizationId, organizationId), inIds(transactions.id, ids)))
                .orderBy(...order)
        return { rows, total: found?.total ?? 0 }
      }
      const rows = await select()
        .where(where)
        .orderBy(...order)
        .limit(options.limit)
        .offset(options.offset)
      const { rows: counted } = await db.execute<{ total: number }>(
        sql`select count(*)::int as total from ${transactions}${journalsJoined} where ${where}`,
      )
      return { rows, total: Number(counted[0]?.total ?? 0) }
    },

    async find(organizationId: number, id: number) {
      const [row] = await select().where(and(eq(transactions.organizationId, organizationId), eq(transactions.id, id)))
      return row
    },

    /** The parts of some transactions, in order, with their tax and category. */
    async allocationsOf(organizationId: number, transactionIds: number[]) {
      if (transactionIds.length === 0) return []
      return db
        .select({
          allocation: transactionAllocations,
          tax: {
            id: taxes.id,
            code: taxes.code,
            name: taxes.name,
            amount: taxes.amount,
            taxTypeCode: taxTypes.code,
            taxRateCode: taxRates.code,
          },
          accountingEntry: {
            id: accountingEntries.id,
            code: accountingEntries.code,
            name: accountingEntries.name,
          },
        })
        .from(transactionAllocations)
        .innerJoin(taxes, eq(taxes.id, transactionAllocations.taxId))
        .innerJoin(taxTypes, eq(taxTypes.id, taxes.taxTypeId))
        .innerJoin(taxRates, eq(taxRates.id, taxes.taxRateId))
        .innerJoin(accountingEntries, eq(accountingEntries.id, transactionAllocations.accountingEntryId))
        .where(
          and(
            eq(transactionAllocations.organizationId, organizationId),
            inArray(transactionAllocations.transactionId, transactionIds),
          ),
        )
        .orderBy(asc(transactionAllocations.transactionId), asc(transactionAllocations.position))
    },

    /** What a list item shows beside its split: the invoices it paid, its comment count and its note. */
    async extrasOf(organizationId: number, transactionIds: number[]) {
      if (transactionIds.length === 0) return { invoices: [], receipts: [], commentCounts: [], notes: [] }
      // In turn: the list reads them in its transaction, one connection.
      const linked = await db
        .select({
          transactionId: transactionInvoices.transactionId,
          id: invoices.id,
          reference: invoices.reference,
          name: invoices.name,
          customer: invoices.customer,
          datedAt: invoices.datedAt,
          totalTaxIncluded: invoices.totalTaxIncluded,
          amount: invoices.amount,
        })
        .from(transactionInvoices)
        .innerJoin(invoices, linkedInvoice)
        .where(
          and(
            eq(transactionInvoices.organizationId, organizationId),
            inArray(transactionInvoices.transactionId, transactionIds),
          ),
        )
        .orderBy(asc(invoices.datedAt), asc(invoices.id))
      const receiptRows = await receiptsOfTransactions(db, organizationId, transactionIds)
      const commentCounts = await db
        .select({ subjectId: comments.subjectId, total: count() })
        .from(comments)
        .where(
          and(
            eq(comments.organizationId, organizationId),
            eq(comments.subjectType, 'transaction'),
            inArray(comments.subjectId, transactionIds),
          ),
        )
        .groupBy(comments.subjectId)
      const noteRows = await db
        .select({ subjectId: notes.subjectId, comment: notes.comment })
        .from(notes)
        .where(
          and(
            eq(notes.organizationId, organizationId),
            eq(notes.subjectType, 'transaction'),
            inArray(notes.subjectId, transactionIds),
          ),
        )
      return { invoices: linked, receipts: receiptRows, commentCounts, notes: noteRows }
    },

    async hasDocument(organizationId: number, transactionId: number) {
      const [row] = await db
        .select({ one: sql`1` })
        .from(transactions)
        .where(
          and(
            eq(transactions.organizationId, organizationId),
            eq(transactions.id, transactionId),
            hasDocument(organizationId),
          ),
        )
      return row !== undefined
    },

    async fiscalYearStartedAt(organizationId: number) {
      const [row] = await db
        .select({ startedAt: organizations.fiscalYearStartedAt })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
      return row?.startedAt ?? null
    },

    /** Bank transactions still to categorise: the "À catégoriser" tab of the bank list and the dashboard's card. */
    async countUncategorized(organizationId: number) {
      // All of the organisation's, less those of its other journals (cash, expenses: few): the first count reads the
      // partial index of uncategorised transactions alone (18 ms on 100,000), where a filter on the bank journals made
      // it a full scan (52 ms).
      const others = await db
        .select({ id: journals.id })
        .from(journals)
        .where(and(eq(journals.organizationId, organizationId), ne(journals.journalTypeId, JOURNAL_TYPE_IDS.BQ)))
      const uncategorized = (journalIds?: number[]) =>
        db
          .select({ total: count() })
          .from(transactions)
          .where(
            and(
              eq(transactions.organizationId, organizationId),
              sql`not ${hasAllocations} and not ${paysInvoices(organizationId)}`,
              journalIds ? inArray(transactions.journalId, journalIds) : undefined,
            ),
          )
      const [all] = await uncategorized()
      const [elsewhere] = others.length > 0 ? await uncategorized(others.map((journal) => journal.id)) : [{ total: 0 }]
      return (all?.total ?? 0) - (elsewhere?.total ?? 0)
    },

    async insert(organizationId: number, values: TransactionValues) {
      const [created] = await db
        .insert(transactions)
        .values({ ...values, ...matchKeys(values), organizationId })
        .returning({ id: transactions.id })
      if (!created) throw new Error('transaction insert returned nothing')
      return created.id
    },

    async update(organizationId: number, id: number, values: Partial<TransactionValues>) {
      await db
        .update(transactions)
        .set({ ...values, ...(values.name === undefined ? {} : nameKey(values.name)), updatedAt: sql`now()` })
        .where(and(eq(transactions.organizationId, organizationId), eq(transactions.id, id)))
    },

    /** The split is replaced whole: the parts have no identity of their own. */
    async replaceAllocations(organizationId: number, transactionId: number, parts: AllocationValues[]) {
      await db
        .delete(transactionAllocations)
        .where(
          and(
            eq(transactionAllocations.organizationId, organizationId),
            eq(transactionAllocations.transactionId, transactionId),
          ),
        )
      if (parts.length > 0)
        await db
          .insert(transactionAllocations)
          .values(parts.map((part) => ({ ...part, organizationId, transactionId })))
      await db
        .update(transactions)
        // updated_at moves with the split: a rule application's undo leaves alone what was recategorised since.
        .set({ isCategorized: parts.length > 0, updatedAt: sql`now()` })
        .where(and(eq(transactions.organizationId, organizationId), eq(transactions.id, transactionId)))
    },

    async delete(organizationId: number, id: number) {
      await db.delete(transactions).where(and(eq(transactions.organizationId, organizationId), eq(transactions.id, id)))
    },

    /** The taxes and categories a split names, to check them and to compute the VAT. */
    async taxesByIds(ids: number[]) {
      if (ids.length === 0) return []
      return db
        .select({ id: taxes.id, amount: taxes.amount, isCollected: taxes.isCollected })
        .from(taxes)
        .where(inArray(taxes.id, ids))
    },
    /** The categories among `ids` the organisation may use (general or its own), with its active state. */
    async entriesByIds(organizationId: number, ids: number[]) {
      if (ids.length === 0) return []
      return db
        .select({
          id: accountingEntries.id,
          code: accountingEntries.code,
          name: accountingEntries.name,
          taxTypeId: accountingEntries.taxTypeId,
          taxRateId: accountingEntries.taxRateId,
          isActive: isActiveFor(organizationId),
        })
        .from(accountingEntries)
        .where(and(inArray(accountingEntries.id, ids), visibleTo(organizationId)))
    },

    /** The taxes of one VAT type and rate, every area, and the organisation's area to choose among them. */
    async taxesOfKind(organizationId: number, taxTypeId: number, taxRateId: number) {
      const [rows, [organization]] = await Promise.all([
        db
          .select({
            id: taxes.id,
            amount: taxes.amount,
            isCollected: taxes.isCollected,
            taxTypeId: taxes.taxTypeId,
            taxRateId: taxes.taxRateId,
            taxAreaId: taxes.taxAreaId,
          })
          .from(taxes)
          .where(and(eq(taxes.taxTypeId, taxTypeId), eq(taxes.taxRateId, taxRateId)))
          .orderBy(asc(taxes.id)),
        db
          .select({ taxAreaId: organizations.taxAreaId })
          .from(organizations)
          .where(eq(organizations.id, organizationId)),
      ])
      return { taxes: rows, taxAreaId: organization?.taxAreaId ?? null }
    },
    async journalOf(organizationId: number, journalId: number) {
      const [row] = await db
        .select({ id: journals.id, journalTypeCode: journalTypes.code })
        .from(journals)
        .innerJoin(journalTypes, eq(journalTypes.id, journals.journalTypeId))
        .where(and(eq(journals.organizationId, organizationId), eq(journals.id, journalId)))
      return row
    },
  }
}
