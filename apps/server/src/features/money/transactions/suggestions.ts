import {
  CATEGORY_SUGGESTIONS_MAX,
  type CompiledRunnableRule,
  compiledRuleMatches,
  compiledRuleNearlyMatches,
  keywordAccounts,
  mergeSuggestions,
  prepareTransaction,
  rankHistory,
  searchKey,
  significantWords,
  suggestableFor,
  type TransactionSuggestionDto,
} from '@app/domain'
import type { Db } from '../../../db/client'
import type { Tenant } from '../../../lib/tenant'
import type { OrganizationService } from '../../account/organizations/service'
import { categoryTaxId } from './category-tax'
import { createTransactionRepo } from './repo'
import { createSuggestionRepo } from './suggestions-repo'

/** What the suggestions need of the rules (made by the rules feature, wired in app.ts): the active ones, compiled. */
export type ActiveRules = {
  activeOf(organizationId: number): Promise<CompiledRunnableRule[]>
}

/** The words of a label the history looks for in other labels: the longest say the most. */
const SEARCHED_WORDS = 3

export type SuggestedLine = {
  id: number
  name: string
  rawName: string
  counterparty: string | null
  amount: string
  journalId: number
  datedAt: string
}

/**
 * Up to three categories for an uncategorised line (spec/money.md §4, §9), told by that line: the organisation's rules
 * that match it or almost do, its own history of lines alike (label, then counterparty; how many and how recent), the
 * line's own words (the domain's keyword table, on the accounts of the organisation's chart). Only categories the
 * organisation can pick and that fit the line's direction; none when nothing fits, never the same few for every line.
 */
export function createTransactionSuggestions(deps: {
  db: Db
  organizations: OrganizationService
  activeRules: ActiveRules
}) {
  const suggestionRepo = createSuggestionRepo(deps.db)

  /** The categories of the rules that match the line, then of those that almost do, in the organisation's order. */
  async function fromRules(organizationId: number, line: SuggestedLine) {
    const rules = await deps.activeRules.activeOf(organizationId)
    const prepared = prepareTransaction(line)
    const matches: number[] = []
    const nearMisses: number[] = []
    for (const rule of rules) {
      if (compiledRuleMatches(rule.compiled, prepared)) matches.push(rule.accountingEntryId)
      else if (compiledRuleNearlyMatches(rule.compiled, prepared)) nearMisses.push(rule.accountingEntryId)
    }
    return { matches, nearMisses }
  }

  return async function suggestions(tenant: Tenant, line: SuggestedLine): Promise<TransactionSuggestionDto[]> {
    const organizationId = tenant.organizationId
    const income = !line.amount.startsWith('-')
    const words = [...new Set(significantWords(line.name))].sort((a, b) => b.length - a.length).slice(0, SEARCHED_WORDS)
    const [history, rules] = await Promise.all([
      suggestionRepo.history(organizationId, {
        id: line.id,
        income,
        nameKey: searchKey(line.name),
        counterpartyKey: searchKey(line.counterparty ?? ''),
        words,
      }),
      fromRules(organizationId, line),
    ])
    const ranked = rankHistory({ label: line.name, counterparty: line.counterparty }, history, line.datedAt)
    const codes = keywordAccounts(line.name, income)
    const categories = await suggestionRepo.categories(
      organizationId,
      [...ranked.map((entry) => entry.categoryId), ...rules.matches, ...rules.nearMisses],
      codes,
    )
    const usable = categories.filter(
      (category) => category.isActive && category.isDisplayed && suggestableFor(category.code, income),
    )
    const usableIds = new Set(usable.map((category) => category.id))
    const keep = (id: number) => usableIds.has(id)
    const merged = mergeSuggestions(
      {
        ruleMatches: rules.matches.filter(keep),
        history: ranked.filter((entry) => keep(entry.categoryId)),
        nearMisses: rules.nearMisses.filter(keep),
        // The words' accounts in the table's order; a code's general category before the organisation's own.
        keywords: codes.flatMap((code) => usable.filter((category) => category.code === code).map((c) => c.id)),
      },
      // More than shown: a category whose VAT has no tax in the organisation's area is dropped below.
      Number.POSITIVE_INFINITY,
    )

    const repo = createTransactionRepo(deps.db)
    const taxFree = await deps.organizations.isTaxFree(organizationId)
    const out: TransactionSuggestionDto[] = []
    for (const { categoryId, source } of merged) {
      const category = usable.find((candidate) => candidate.id === categoryId)
      if (!category) continue
      const taxId = await categoryTaxId(repo, organizationId, category, line.amount, taxFree)
      if (taxId === null) continue
      out.push({ accountingEntry: { id: category.id, code: category.code, name: category.name }, taxId, source })
      if (out.length === CATEGORY_SUGGESTIONS_MAX) break
    }
    return out
  }
}
