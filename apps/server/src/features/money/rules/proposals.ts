import {
  ACCOUNTING_FOLDER_CODE,
  addDays,
  CONDITION_FUNCTION_IDS,
  CONDITION_TARGET_IDS,
  compileRules,
  messages,
  prepareTransaction,
  RULE_NAME_MAX,
  type RuleProposalDeclineBody,
  type RuleProposalDto,
  runRules,
  todayInParis,
} from '@app/domain'
import type { Db } from '../../../db/client'
import { fieldError } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import { categoriesAmong } from '../accounting-entries/queries'
import { createProposalsRepo } from './proposals-repo'
import { createRuleRepo, runnableOf } from './repo'

/** Three identical categorisations make a habit worth a rule (issue 14). */
export { PROPOSAL_THRESHOLD } from './proposals-repo'

const PROPOSALS_MAX = 20
const HABIT_DAYS = 366

type Habit = { key: string; entryId: number; sign: number; count: number; latestId: number }

/**
 * Rule proposals: a label (folded as the rules compare it) that the organisation put three times or more in the same
 * single category, with the same direction, that no rule of its own matches yet and that it has not declined. The
 * proposal is a prefilled rule; nothing is created until the user saves it.
 */
export function createRuleProposals(deps: { db: Db; clock: () => Date }) {
  /** The habits, most frequent first: one category on the whole split, the holding account and folders aside. */
  async function habits(organizationId: number): Promise<Habit[]> {
    // A habit is a recent one: the last twelve months (on 100,000 transactions over four years, the whole history
    // took 230 ms a call, and the drawer asks after every categorisation).
    const since = addDays(todayInParis(deps.clock()), -HABIT_DAYS)
    const rows = await createProposalsRepo(deps.db).habits(organizationId, since)
    return (rows as Habit[]).map((row) => ({
      ...row,
      entryId: Number(row.entryId),
      latestId: Number(row.latestId),
    }))
  }

  return {
    async list(tenant: Tenant): Promise<RuleProposalDto[]> {
      const { organizationId } = tenant
      const found = await habits(organizationId)
      if (found.length === 0) return []
      const [latest, rules, categories] = await Promise.all([
        createProposalsRepo(deps.db).transactionsAmong(
          organizationId,
          found.map((habit) => habit.latestId),
        ),
        createRuleRepo(deps.db).list(organizationId),
        categoriesAmong(deps.db, organizationId, [...new Set(found.map((habit) => habit.entryId))]),
      ])
      // Any rule of the organisation that already takes this label, active or not, answers the habit.
      const compiled = compileRules(rules.map((stored) => ({ ...runnableOf(stored), stopProcessing: true })))
      const proposals: RuleProposalDto[] = []
      for (const habit of found) {
        const transaction = latest.find((row) => row.id === habit.latestId)
        const category = categories.find((entry) => entry.id === habit.entryId)
        if (!transaction || !category?.isActive || category.code === ACCOUNTING_FOLDER_CODE) continue
        if (runRules(compiled, prepareTransaction(transaction))) continue
        const name = transaction.name.trim()
        proposals.push({
          key: habit.key,
          name,
          count: habit.count,
          accountingEntryId: category.id,
          accountingEntry: { id: category.id, code: category.code, name: category.name },
          rule: {
            name: name.slice(0, RULE_NAME_MAX),
            accountingEntryId: category.id,
            conditions: [
              {
                conditionTargetId: CONDITION_TARGET_IDS.NAME,
                conditionFunctionId: CONDITION_FUNCTION_IDS['='],
                value: name.slice(0, 255),
              },
            ],
            creditOnly: habit.sign > 0,
            debitOnly: habit.sign < 0,
          },
        })
        if (proposals.length === PROPOSALS_MAX) break
      }
      return proposals
    },

    async decline(tenant: Tenant, body: RuleProposalDeclineBody) {
      const [category] = await categoriesAmong(deps.db, tenant.organizationId, [body.accountingEntryId as number])
      if (!category) throw fieldError('accountingEntryId', messages.rules.categoryInvalid)
      await createProposalsRepo(deps.db).decline(tenant.organizationId, body.key.trim(), category.id)
    },
  }
}

export type RuleProposals = ReturnType<typeof createRuleProposals>
