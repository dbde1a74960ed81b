import type { HistoryLine } from '@app/domain'
import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { accountingEntries, transactionAllocations, transactions } from '../../../db/schema/index'
import { isActiveFor, visibleTo } from '../../../lib/category-visibility'
import { containsPattern } from '../../../lib/text-search'

/** How many earlier lines a suggestion reads, the most recent first: enough for habits, bounded for a big history. */
const HISTORY_LIMIT = 500

/** What the suggestions read of the organisation's books (features/money/transactions/suggestions.ts). */
export function createSuggestionRepo(db: DbOrTx) {
  return {
    /**
     * The categorised lines of the same direction that may be like this one, one row per category given: the same
     * folded label, the same folded counterparty, or a label holding one of its significant words (the trigram index
     * on name_key serves these); the domain then says how alike each is.
     */
    async history(
      organizationId: number,
      line: { id: number; income: boolean; nameKey: string; counterpartyKey: string; words: readonly string[] },
    ): Promise<HistoryLine[]> {
      const alike = or(
        eq(transactions.nameKey, line.nameKey),
        line.counterpartyKey ? eq(transactions.counterpartyKey, line.counterpartyKey) : undefined,
        ...line.words.map((word) => sql`${transactions.nameKey} like ${containsPattern(word)}`),
      )
      return db
        .selectDistinct({
          categoryId: transactionAllocations.accountingEntryId,
          label: transactions.name,
          counterparty: transactions.counterparty,
          datedAt: transactions.datedAt,
          id: transactions.id,
        })
        .from(transactions)
        .innerJoin(
          transactionAllocations,
          and(
            eq(transactionAllocations.organizationId, transactions.organizationId),
            eq(transactionAllocations.transactionId, transactions.id),
          ),
        )
        .where(
          and(
            eq(transactions.organizationId, organizationId),
            eq(transactions.isCategorized, true),
            ne(transactions.id, line.id),
            line.income ? sql`${transactions.amount} > 0` : sql`${transactions.amount} < 0`,
            alike,
          ),
        )
        .orderBy(desc(transactions.datedAt), desc(transactions.id))
        .limit(HISTORY_LIMIT)
    },

    /**
     * The categories the organisation sees among these ids or with these account codes, with whether it can pick them
     * (active, shown in the pickers); the general category of a code before the organisation's own.
     */
    async categories(organizationId: number, ids: readonly number[], codes: readonly string[]) {
      if (ids.length === 0 && codes.length === 0) return []
      return db
        .select({
          id: accountingEntries.id,
          code: accountingEntries.code,
          name: accountingEntries.name,
          taxTypeId: accountingEntries.taxTypeId,
          taxRateId: accountingEntries.taxRateId,
          isDisplayed: accountingEntries.isDisplayed,
          isActive: isActiveFor(organizationId),
        })
        .from(accountingEntries)
        .where(
          and(
            visibleTo(organizationId),
            or(
              ids.length > 0 ? inArray(accountingEntries.id, [...ids]) : undefined,
              codes.length > 0 ? inArray(accountingEntries.code, [...codes]) : undefined,
            ),
          ),
        )
        .orderBy(sql`${accountingEntries.organizationId} nulls first`, accountingEntries.id)
    },
  }
}
