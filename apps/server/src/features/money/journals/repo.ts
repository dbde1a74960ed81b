import { JOURNAL_TYPE_IDS } from '@app/domain'
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { lockForOrganization } from '../../../db/locks'
import { journals, journalTypes, transactionAllocations, transactions } from '../../../db/schema/index'

export type JournalRow = typeof journals.$inferSelect
export type JournalValues = Omit<typeof journals.$inferInsert, 'organizationId' | 'id'>
export type JournalListOptions = {
  typeCodes?: string[]
  isActive?: boolean
  /** Found in the name, the code (BQ1) or the IBAN (spaces aside), case and accents aside. */
  search?: string
  limit: number
  offset: number
}

/** `%text%` for LIKE, its own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Per journal: the sum of its transactions and their count, for the balance (startingValue + movements). */
const movements = (db: DbOrTx, organizationId: number) =>
  db
    .select({
      journalId: transactions.journalId,
      total: sql<string>`sum(${transactions.amount})`.as('total'),
      count: sql<number>`count(*)::int`.as('count'),
    })
    .from(transactions)
    .where(eq(transactions.organizationId, organizationId))
    .groupBy(transactions.journalId)
    .as('movements')

/**
 * What the organisation owes an associate or the operator (accounts with their own category): the starting value,
 * the account's expense notes, and the splits of other journals' lines on its category (a bank payment to them of
 * -120 lowers it, a contribution of +1000 raises it). Null for the other accounts.
 */
const owedOf = (moves: ReturnType<typeof movements>) =>
  sql<string | null>`case when ${journals.accountingEntryId} is null then null else (${journals.startingValue}
    + coalesce(${moves.total}, 0)
    + coalesce((select sum(a.amount) from ${transactionAllocations} a
        join ${transactions} t on t.organization_id = a.organization_id and t.id = a.transaction_id
        where a.organization_id = ${journals.organizationId} and a.accounting_entry_id = ${journals.accountingEntryId}
          and t.journal_id <> ${journals.id}), 0))::numeric(15,2)::text end`

export function createJournalRepo(db: DbOrTx) {
  const select = (organizationId: number) => {
    const moves = movements(db, organizationId)
    return db
      .select({
        journal: journals,
        journalType: { id: journalTypes.id, code: journalTypes.code, name: journalTypes.name },
        balance: sql<string>`(${journals.startingValue} + coalesce(${moves.total}, 0))::numeric(15,2)::text`,
        transactionsCount: sql<number>`coalesce(${moves.count}, 0)`,
        owed: owedOf(moves),
      })
      .from(journals)
      .innerJoin(journalTypes, eq(journalTypes.id, journals.journalTypeId))
      .leftJoin(moves, eq(moves.journalId, journals.id))
  }

  return {
    async list(organizationId: number, options: JournalListOptions) {
      const where: SQL | undefined = and(
        eq(journals.organizationId, organizationId),
        options.typeCodes ? inArray(journalTypes.code, options.typeCodes) : undefined,
        options.isActive === undefined ? undefined : eq(journals.isActive, options.isActive),
        options.search
          ? sql`(search_fold(${journals.name}) like search_fold(${containing(options.search)})
              or lower(${journals.code}) like lower(${containing(options.search)})
              or ${journals.iban} like ${containing(options.search.replace(/\s+/g, '').toUpperCase())})`
          : undefined,
      )
      const rows = await select(organizationId)
        .where(where)
        .orderBy(asc(journals.journalTypeId), asc(journals.sequence))
        .limit(options.limit)
        .offset(options.offset)
      const [total] = await db
        .select({ total: count() })
        .from(journals)
        .innerJoin(journalTypes, eq(journalTypes.id, journals.journalTypeId))
        .where(where)
      return { rows, total: total?.total ?? 0 }
    },

    async find(organizationId: number, id: number) {
      const [row] = await select(organizationId).where(
        and(eq(journals.organizationId, organizationId), eq(journals.id, id)),
      )
      return row
    },

    /** Locks the organisation's journals of a type, so that two creations do not take the same sequence. */
    async nextSequence(organizationId: number, journalTypeId: number) {
      const rows = await db
        .select({ sequence: journals.sequence })
        .from(journals)
        .where(and(eq(journals.organizationId, organizationId), eq(journals.journalTypeId, journalTypeId)))
        .for('update')
      return rows.reduce((max, row) => Math.max(max, row.sequence), 0) + 1
    },

    async typeOf(journalTypeId: number) {
      const [row] = await db
        .select({ code: journalTypes.code, accountCode: journalTypes.accountCode })
        .from(journalTypes)
        .where(eq(journalTypes.id, journalTypeId))
      return row
    },

    /** The active associate or operator accounts (CC, EX) whose category is one of `accountingEntryIds`. */
    async activeAccountsOfCategories(organizationId: number, accountingEntryIds: number[]) {
      if (accountingEntryIds.length === 0) return []
      return db
        .select({ id: journals.id, accountingEntryId: journals.accountingEntryId, journalTypeCode: journalTypes.code })
        .from(journals)
        .innerJoin(journalTypes, eq(journalTypes.id, journals.journalTypeId))
        .where(
          and(
            eq(journals.organizationId, organizationId),
            eq(journals.isActive, true),
            inArray(journals.journalTypeId, [JOURNAL_TYPE_IDS.CC, JOURNAL_TYPE_IDS.EX]),
            inArray(journals.accountingEntryId, accountingEntryIds),
          ),
        )
    },

    /** Associate and operator accounts written before their categories existed (migration 0017), all organisations. */
    async accountsWithoutCategory() {
      return db
        .select({
          organizationId: journals.organizationId,
          id: journals.id,
          journalTypeId: journals.journalTypeId,
          accountCode: journals.accountCode,
          name: journals.name,
        })
        .from(journals)
        .where(
          and(
            inArray(journals.journalTypeId, [JOURNAL_TYPE_IDS.CC, JOURNAL_TYPE_IDS.EX]),
            isNull(journals.accountingEntryId),
          ),
        )
    },

    async hasActiveBank(organizationId: number) {
      const [row] = await db
        .select({ id: journals.id })
        .from(journals)
        .where(
          and(
            eq(journals.organizationId, organizationId),
            eq(journals.journalTypeId, JOURNAL_TYPE_IDS.BQ),
            eq(journals.isActive, true),
          ),
        )
        .limit(1)
      return row !== undefined
    },

    /**
     * The bank details an invoice paid by transfer prints when the payment modes hold none: the organisation's bank
     * accounts with an IBAN, the active and default ones first.
     */
    async bankDetails(organizationId: number) {
      const [row] = await db
        .select({ iban: journals.iban, bic: journals.bic, name: journals.name })
        .from(journals)
        .where(
          and(
            eq(journals.organizationId, organizationId),
            eq(journals.journalTypeId, JOURNAL_TYPE_IDS.BQ),
            sql`coalesce(trim(${journals.iban}), '') <> ''`,
          ),
        )
        .orderBy(sql`${journals.isActive} desc`, sql`${journals.isDefault} desc`, asc(journals.id))
        .limit(1)
      return row ?? null
    },

    async insert(organizationId: number, values: JournalValues) {
      const [created] = await db
        .insert(journals)
        .values({ ...values, organizationId })
        .returning({ id: journals.id })
      if (!created) throw new Error('journal insert returned nothing')
      return created.id
    },

    async update(organizationId: number, id: number, values: Partial<JournalValues>) {
      await db
        .update(journals)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(journals.organizationId, organizationId), eq(journals.id, id)))
    },

    /** Only one default account per type: setting one clears the others. */
    async clearDefault(organizationId: number, journalTypeId: number, exceptId: number) {
      await db
        .update(journals)
        .set({ isDefault: false })
        .where(
          and(
            eq(journals.organizationId, organizationId),
            eq(journals.journalTypeId, journalTypeId),
            sql`${journals.id} <> ${exceptId}`,
          ),
        )
    },

    async delete(organizationId: number, id: number) {
      await db.delete(journals).where(and(eq(journals.organizationId, organizationId), eq(journals.id, id)))
    },

    /** The active journal of a type that takes operations when none is named: the default one, else the first. */
    async activeOfType(organizationId: number, journalTypeId: number) {
      const [row] = await db
        .select({ id: journals.id })
        .from(journals)
        .where(
          and(
            eq(journals.organizationId, organizationId),
            eq(journals.journalTypeId, journalTypeId),
            eq(journals.isActive, true),
          ),
        )
        .orderBy(sql`${journals.isDefault} desc`, asc(journals.sequence))
        .limit(1)
      return row?.id
    },

    /** Held until the end of the transaction: one journal creation at a time in an organisation. */
    async lockOrganization(organizationId: number) {
      await lockForOrganization(db, 'journal-creation', organizationId)
    },
  }
}
