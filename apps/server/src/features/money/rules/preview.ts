import { type CompiledRule, compiledRuleMatches, prepareTransaction } from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import { categoriesOf, matchingTransactions } from './preview-repo'

export const PREVIEW_SIZE = 50

/**
 * The transactions a rule's conditions match (the rule editor's preview): how many, and the latest ones, each checked
 * again by the engine itself before it is shown.
 */
export async function previewRule(db: DbOrTx, organizationId: number, rule: CompiledRule) {
  const [rows, [count]] = await matchingTransactions(db, organizationId, rule, PREVIEW_SIZE)
  const matching = rows.filter((row) => compiledRuleMatches(rule, prepareTransaction(row)))
  const categories = await categoriesOf(
    db,
    organizationId,
    matching.map((row) => row.id),
  )
  return {
    total: count?.total ?? 0,
    transactions: matching.map(({ counterparty: _counterparty, ...row }) => ({
      ...row,
      categories: categories.get(row.id) ?? [],
    })),
  }
}
