import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import {
  defaultAccountingEntries,
  journals,
  journalTypes,
  taxes,
  taxRates,
  taxTypes,
  transactionAllocations,
  transactions,
} from '../../db/schema/index'
import { containsPattern } from '../contacts/repo'

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
  journalTypeCode?: string
  today: string
  limit: number
  offset: number
}

const hasAllocations = sql`exists (select 1 from ${transactionAllocations} where ${transactionAllocations.organizationId} = ${transactions.organizationId} and ${transactionAllocations.transactionId} = ${transactions.id})`

export function createTransactionRepo(db: DbOrTx) {
  const select = () =>
    db
      .select({
        transaction: transactions,
        journal: { id: journals.id, name: journals.name, code: journals.code, journalTypeCode: journalTypes.code },
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
          ? sql`(${transactions.name} ilike ${containsPattern(options.search)} or ${transactions.rawName} ilike ${containsPattern(options.search)})`
          : undefined,
        options.datedAfter ? gte(transactions.datedAt, options.datedAfter) : undefined,
        options.datedBefore ? lte(transactions.datedAt, options.datedBefore) : undefined,
        options.amountMin === undefined ? undefined : gte(transactions.amount, options.amountMin),
        options.amountMax === undefined ? undefined : lte(transactions.amount, options.amountMax),
        options.journalId === undefined ? undefined : eq(transactions.journalId, options.journalId),
        options.accountingEntryId === undefined
          ? undefined
          : sql`exists (select 1 from ${transactionAllocations} where ${transactionAllocations.organizationId} = ${transactions.organizationId} and ${transactionAllocations.transactionId} = ${transactions.id} and ${transactionAllocations.accountingEntryId} = ${options.accountingEntryId})`,
        options.whereType === 'credit' ? sql`${transactions.amount} > 0` : undefined,
        options.whereType === 'debit' ? sql`${transactions.amount} < 0` : undefined,
        options.uncategorized === undefined
          ? undefined
          : options.uncategorized
            ? sql`not ${hasAllocations}`
            : hasAllocations,
        options.isChecked === undefined ? undefined : eq(transactions.isChecked, options.isChecked),
        options.isValidated === undefined ? undefined : eq(transactions.isValidated, options.isValidated),
        options.journalTypeCode === undefined ? undefined : eq(journalTypes.code, options.journalTypeCode),
      )
      const rows = await select()
        .where(where)
        .orderBy(
          desc(sql`${transactions.datedAt} > ${options.today}`),
          desc(transactions.datedAt),
          desc(transactions.id),
        )
        .limit(options.limit)
        .offset(options.offset)
      const [total] = await db
        .select({ total: count() })
        .from(transactions)
        .innerJoin(
          journals,
          and(eq(journals.organizationId, transactions.organizationId), eq(journals.id, transactions.journalId)),
        )
        .innerJoin(journalTypes, eq(journalTypes.id, journals.journalTypeId))
        .where(where)
      return { rows, total: total?.total ?? 0 }
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
            id: defaultAccountingEntries.id,
            code: defaultAccountingEntries.code,
            name: defaultAccountingEntries.name,
          },
        })
        .from(transactionAllocations)
        .innerJoin(taxes, eq(taxes.id, transactionAllocations.taxId))
        .innerJoin(taxTypes, eq(taxTypes.id, taxes.taxTypeId))
        .innerJoin(taxRates, eq(taxRates.id, taxes.taxRateId))
        .innerJoin(defaultAccountingEntries, eq(defaultAccountingEntries.id, transactionAllocations.accountingEntryId))
        .where(
          and(
            eq(transactionAllocations.organizationId, organizationId),
            inArray(transactionAllocations.transactionId, transactionIds),
          ),
        )
        .orderBy(asc(transactionAllocations.transactionId), asc(transactionAllocations.position))
    },

    async countUncategorized(organizationId: number) {
      const [row] = await db
        .select({ total: count() })
        .from(transactions)
        .where(and(eq(transactions.organizationId, organizationId), sql`not ${hasAllocations}`))
      return row?.total ?? 0
    },

    async insert(organizationId: number, values: TransactionValues) {
      const [created] = await db
        .insert(transactions)
        .values({ ...values, organizationId })
        .returning({ id: transactions.id })
      if (!created) throw new Error('transaction insert returned nothing')
      return created.id
    },

    async update(organizationId: number, id: number, values: Partial<TransactionValues>) {
      await db
        .update(transactions)
        .set({ ...values, updatedAt: sql`now()` })
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
    async entriesByIds(ids: number[]) {
      if (ids.length === 0) return []
      return db
        .select({ id: defaultAccountingEntries.id, code: defaultAccountingEntries.code })
        .from(defaultAccountingEntries)
        .where(inArray(defaultAccountingEntries.id, ids))
    },
    async journalOf(organizationId: number, journalId: number) {
      const [row] = await db
        .select({ id: journals.id })
        .from(journals)
        .where(and(eq(journals.organizationId, organizationId), eq(journals.id, journalId)))
      return row
    },
  }
}
