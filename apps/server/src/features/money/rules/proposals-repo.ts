import { DEFAULT_ACCOUNTING_ENTRY_IDS } from '@app/domain'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { ruleProposalDeclines, transactions } from '../../../db/schema/index'

/** Three identical categorisations make a habit worth a rule (issue 14). */
export const PROPOSAL_THRESHOLD = 3

/** The queries of the rule proposals (proposals.ts). */
export function createProposalsRepo(db: DbOrTx) {
  return {
    /**
     * The labels put in one category (the holding account aside) at least PROPOSAL_THRESHOLD times since `since`,
     * with one direction, not declined: most frequent first, each with its latest transaction.
     */
    async habits(organizationId: number, since: string) {
      const result = await db.execute(sql`
        with single as (
          select t.id, t.name_key, t.dated_at, sign(t.amount)::int as sign, min(a.accounting_entry_id) as entry_id
          from transactions t
          join transaction_allocations a on a.organization_id = t.organization_id and a.transaction_id = t.id
          where t.organization_id = ${organizationId} and t.is_categorized and coalesce(t.name_key, '') <> ''
            and t.dated_at >= ${since}
          group by t.organization_id, t.id
          having count(distinct a.accounting_entry_id) = 1
        )
        select s.name_key as key, s.entry_id as "entryId", s.sign, count(*)::int as count,
          (array_agg(s.id order by s.dated_at desc, s.id desc))[1] as "latestId"
        from single s
        where s.entry_id <> ${DEFAULT_ACCOUNTING_ENTRY_IDS.HOLDING} and s.sign <> 0
          and not exists (select 1 from rule_proposal_declines d where d.organization_id = ${organizationId}
            and d.key = s.name_key and d.accounting_entry_id = s.entry_id)
        group by s.name_key, s.entry_id, s.sign
        having count(*) >= ${PROPOSAL_THRESHOLD}
        order by count(*) desc, s.name_key
        limit 200`)
      return result.rows
    },

    transactionsAmong(organizationId: number, ids: number[]) {
      return db
        .select({
          id: transactions.id,
          name: transactions.name,
          rawName: transactions.rawName,
          counterparty: transactions.counterparty,
          amount: transactions.amount,
          journalId: transactions.journalId,
        })
        .from(transactions)
        .where(and(eq(transactions.organizationId, organizationId), inArray(transactions.id, ids)))
    },

    async decline(organizationId: number, key: string, accountingEntryId: number) {
      await db.insert(ruleProposalDeclines).values({ organizationId, key, accountingEntryId }).onConflictDoNothing()
    },
  }
}
