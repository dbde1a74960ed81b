import { JOURNAL_TYPE_IDS } from '@app/domain'
import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { journals, transactions } from '../../../db/schema/index'

const CASH = JOURNAL_TYPE_IDS.CAI

/** The cash boxes' balances, computed by the database in numeric (decision 0018: never a float). */
export function createCashRepo(db: DbOrTx) {
  return {
    /** A cash journal (CAI) of the organisation, or undefined. */
    async cashJournal(organizationId: number, journalId: number) {
      const [row] = await db
        .select({ id: journals.id })
        .from(journals)
        .where(
          and(
            eq(journals.organizationId, organizationId),
            eq(journals.id, journalId),
            eq(journals.journalTypeId, CASH),
          ),
        )
      return row
    },

    /**
     * The balance of the organisation's cash boxes (all of them, or one): their starting values plus every movement,
     * whatever its date.
     */
    async balance(organizationId: number, journalId?: number): Promise<string> {
      const oneBox = journalId === undefined ? sql`true` : sql`j.id = ${journalId}`
      const result = await db.execute<{ balance: string }>(sql`
        select (
          coalesce((select sum(j.starting_value) from ${journals} j
            where j.organization_id = ${organizationId} and j.journal_type_id = ${CASH} and ${oneBox}), 0)
          + coalesce((select sum(t.amount) from ${transactions} t
            join ${journals} j on j.organization_id = t.organization_id and j.id = t.journal_id
            where t.organization_id = ${organizationId} and j.journal_type_id = ${CASH} and ${oneBox}), 0)
        )::numeric(15,2)::text as balance`)
      return result.rows[0]?.balance ?? '0.00'
    },

    /**
     * The lowest end-of-day balance of one cash box from `date` on (its starting value plus every movement up to
     * that day), or null when it has no movement from that date. A cash box cannot hold less than nothing on any
     * day, so a later entry does not make an earlier hole right.
     */
    async lowestBalanceFrom(organizationId: number, journalId: number, date: string): Promise<string | null> {
      const result = await db.execute<{ lowest: string | null }>(sql`
        with days as (
          select ${transactions.datedAt} as dated_at, sum(${transactions.amount}) as moved
          from ${transactions}
          where ${transactions.organizationId} = ${organizationId} and ${transactions.journalId} = ${journalId}
          group by ${transactions.datedAt}
        ), running as (
          select dated_at, sum(moved) over (order by dated_at) as total from days
        )
        select ((select starting_value from ${journals}
                 where organization_id = ${organizationId} and id = ${journalId})
                + (select min(total) from running where dated_at >= ${date}))::numeric(15,2)::text as lowest`)
      return result.rows[0]?.lowest ?? null
    },
  }
}

export type CashRepo = ReturnType<typeof createCashRepo>
