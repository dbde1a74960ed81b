import { JOURNAL_TYPE_IDS } from '@app/domain'
import { and, asc, count, eq, inArray, isNotNull, isNull, lt, lte, max, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { bankConnections, journals, transactions } from '../../../db/schema/index'

export type BankConnectionRow = typeof bankConnections.$inferSelect
export type BankConnectionValues = Partial<Omit<typeof bankConnections.$inferInsert, 'organizationId' | 'id'>>

/** Rows written at once: a long history goes in slices, in one database transaction. */

/** A connection is listed once its provider's flow has come back (a pending one has no external id yet). */
const completed = isNotNull(bankConnections.externalId)

export function createBankConnectionRepo(db: DbOrTx) {
  return {
    /** `search`: found in the bank's name or the provider's (bridge, qonto), case and accents aside. */
    async list(organizationId: number, page: { limit: number; offset: number; search?: string }) {
      const pattern = page.search ? `%${page.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined
      const where = and(
        eq(bankConnections.organizationId, organizationId),
        completed,
        pattern
          ? sql`(search_fold(coalesce(${bankConnections.bankName}, '')) like search_fold(${pattern})
              or ${bankConnections.provider} like lower(${pattern}))`
          : undefined,
      )
      const rows = await db
        .select()
        .from(bankConnections)
        .where(where)
        .orderBy(asc(bankConnections.id))
        .limit(page.limit)
        .offset(page.offset)
      const [total] = await db.select({ total: count() }).from(bankConnections).where(where)
      return { rows, total: total?.total ?? 0 }
    },

    async find(organizationId: number, id: number) {
      const [row] = await db
        .select()
        .from(bankConnections)
        .where(and(eq(bankConnections.organizationId, organizationId), eq(bankConnections.id, id), completed))
      return row
    },

    /**
     * Marks, in one statement, the active connections whose 90 days end by `horizon` and whose members were not told
     * yet, and returns them: two processes never claim one twice (decision 0031).
     */
    async claimExpiring(horizon: string, at: string) {
      return db
        .update(bankConnections)
        .set({ expiryNotifiedAt: at })
        .where(
          and(
            completed,
            eq(bankConnections.isActive, true),
            isNull(bankConnections.expiryNotifiedAt),
            lte(bankConnections.expiresAt, horizon),
          ),
        )
        .returning({
          organizationId: bankConnections.organizationId,
          id: bankConnections.id,
          bankName: bankConnections.bankName,
          expiresAt: bankConnections.expiresAt,
        })
    },

    /** The connection waiting for this state: in this organisation only, so another's state finds nothing. */
    async findByState(organizationId: number, state: string) {
      const [row] = await db
        .select()
        .from(bankConnections)
        .where(and(eq(bankConnections.organizationId, organizationId), eq(bankConnections.pendingState, state)))
      return row
    },

    /** Another completed connection to the same provider's item or organisation (connected twice). */
    async findSameExternal(organizationId: number, provider: string, externalId: string, exceptId: number) {
      const [row] = await db
        .select()
        .from(bankConnections)
        .where(
          and(
            eq(bankConnections.organizationId, organizationId),
            eq(bankConnections.provider, provider),
            eq(bankConnections.externalId, externalId),
            sql`${bankConnections.id} <> ${exceptId}`,
          ),
        )
      return row
    },

    async insertPending(
      organizationId: number,
      values: { provider: string; pendingState: string; externalUserId: string | null },
    ) {
      const [created] = await db
        .insert(bankConnections)
        .values({ ...values, organizationId })
        .returning({ id: bankConnections.id })
      if (!created) throw new Error('bank connection insert returned nothing')
      return created.id
    },

    async update(organizationId: number, id: number, values: BankConnectionValues) {
      await db
        .update(bankConnections)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(bankConnections.organizationId, organizationId), eq(bankConnections.id, id)))
    },

    /** Connections whose user never came back from the provider's page. */
    async deleteStalePending(organizationId: number, before: Date) {
      await db
        .delete(bankConnections)
        .where(
          and(
            eq(bankConnections.organizationId, organizationId),
            isNull(bankConnections.externalId),
            lt(bankConnections.createdAt, before.toISOString()),
          ),
        )
    },

    async delete(organizationId: number, id: number) {
      await db
        .delete(bankConnections)
        .where(and(eq(bankConnections.organizationId, organizationId), eq(bankConnections.id, id)))
    },

    /** The bank journals fed by these connections, with their balance (starting value + transactions). */
    async journalsOf(organizationId: number, connectionIds: number[]) {
      if (connectionIds.length === 0) return []
      const moves = db
        .select({
          journalId: transactions.journalId,
          total: sql<string>`sum(${transactions.amount})`.as('total'),
        })
        .from(transactions)
        .where(eq(transactions.organizationId, organizationId))
        .groupBy(transactions.journalId)
        .as('moves')
      return db
        .select({
          id: journals.id,
          bankConnectionId: journals.bankConnectionId,
          externalAccountId: journals.externalAccountId,
          name: journals.name,
          code: journals.code,
          iban: journals.iban,
          isActive: journals.isActive,
          balance: sql<string>`(${journals.startingValue} + coalesce(${moves.total}, 0))::numeric(15,2)::text`,
        })
        .from(journals)
        .leftJoin(moves, eq(moves.journalId, journals.id))
        .where(and(eq(journals.organizationId, organizationId), inArray(journals.bankConnectionId, connectionIds)))
        .orderBy(asc(journals.sequence))
    },

    /** A bank account of the organisation that no connection feeds yet, by its IBAN: the account to link. */
    async unlinkedBankJournalByIban(organizationId: number, iban: string) {
      const [row] = await db
        .select({ id: journals.id })
        .from(journals)
        .where(
          and(
            eq(journals.organizationId, organizationId),
            eq(journals.journalTypeId, JOURNAL_TYPE_IDS.BQ),
            eq(journals.iban, iban),
            isNull(journals.bankConnectionId),
          ),
        )
        .orderBy(asc(journals.sequence))
        .limit(1)
      return row
    },

    async linkJournal(
      organizationId: number,
      journalId: number,
      link: { bankConnectionId: number; externalAccountId: string },
    ) {
      await db
        .update(journals)
        .set({ ...link, updatedAt: sql`now()` })
        .where(and(eq(journals.organizationId, organizationId), eq(journals.id, journalId)))
    },

    /** The connection's accounts stay, with their transactions: they are only no longer fed. */
    async unlinkJournals(organizationId: number, connectionId: number) {
      await db
        .update(journals)
        .set({ bankConnectionId: null, externalAccountId: null, updatedAt: sql`now()` })
        .where(and(eq(journals.organizationId, organizationId), eq(journals.bankConnectionId, connectionId)))
    },

    /** The latest date a journal holds, and the sum of its transactions. */
    async movementsOf(organizationId: number, journalId: number) {
      const [row] = await db
        .select({
          latest: max(transactions.datedAt),
          total: sql<string>`coalesce(sum(${transactions.amount}), 0)::text`,
        })
        .from(transactions)
        .where(and(eq(transactions.organizationId, organizationId), eq(transactions.journalId, journalId)))
      return { latest: row?.latest ?? null, total: row?.total ?? '0' }
    },
  }
}
