import { JOURNAL_TYPE_IDS } from '@app/domain'
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { journals, journalTypes, transactions } from '../../db/schema/index'

export type JournalRow = typeof journals.$inferSelect
export type JournalValues = Omit<typeof journals.$inferInsert, 'organizationId' | 'id'>
export type JournalListOptions = { typeCodes?: string[]; isActive?: boolean; limit: number; offset: number }

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

export function createJournalRepo(db: DbOrTx) {
  const select = (organizationId: number) => {
    const moves = movements(db, organizationId)
    return db
      .select({
        journal: journals,
        journalType: { id: journalTypes.id, code: journalTypes.code, name: journalTypes.name },
        balance: sql<string>`(${journals.startingValue} + coalesce(${moves.total}, 0))::numeric(15,2)::text`,
        transactionsCount: sql<number>`coalesce(${moves.count}, 0)`,
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
  }
}
