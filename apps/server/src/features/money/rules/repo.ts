import type { RuleCondition, RuleSplit, RunnableRule } from '@app/domain'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import {
  accountingEntries,
  assignmentRuleConditions,
  assignmentRuleSplits,
  assignmentRules,
  conditionFunctions,
  conditionTargets,
  globalRules,
  journals,
} from '../../../db/schema/index'

export type RuleValues = {
  name: string
  isActive: boolean
  accountingEntryId: number
  creditOnly: boolean
  debitOnly: boolean
  stopProcessing: boolean
  newName: string | null
  hasNoReceipt: boolean
  globalRuleId?: number | null
}

const entryRef = { id: accountingEntries.id, code: accountingEntries.code, name: accountingEntries.name }

/** An organisation's assignment rules with their conditions and split lines, in their order. */
export function createRuleRepo(db: DbOrTx) {
  const rulesWhere = (organizationId: number, ids?: number[]) =>
    and(eq(assignmentRules.organizationId, organizationId), ids ? inArray(assignmentRules.id, ids) : undefined)

  return {
    async list(organizationId: number, ids?: number[]) {
      if (ids?.length === 0) return []
      const [rules, conditions, splits] = await Promise.all([
        db
          .select({ rule: assignmentRules, accountingEntry: entryRef })
          .from(assignmentRules)
          .innerJoin(accountingEntries, eq(accountingEntries.id, assignmentRules.accountingEntryId))
          .where(rulesWhere(organizationId, ids))
          .orderBy(asc(assignmentRules.position), asc(assignmentRules.id)),
        db
          .select({
            ruleId: assignmentRuleConditions.ruleId,
            position: assignmentRuleConditions.position,
            conditionTargetId: assignmentRuleConditions.conditionTargetId,
            conditionFunctionId: assignmentRuleConditions.conditionFunctionId,
            value: assignmentRuleConditions.value,
            target: { id: conditionTargets.id, code: conditionTargets.code, name: conditionTargets.name },
            fn: { id: conditionFunctions.id, code: conditionFunctions.code, name: conditionFunctions.name },
          })
          .from(assignmentRuleConditions)
          .innerJoin(conditionTargets, eq(conditionTargets.id, assignmentRuleConditions.conditionTargetId))
          .innerJoin(conditionFunctions, eq(conditionFunctions.id, assignmentRuleConditions.conditionFunctionId))
          .where(
            and(
              eq(assignmentRuleConditions.organizationId, organizationId),
              ids ? inArray(assignmentRuleConditions.ruleId, ids) : undefined,
            ),
          )
          .orderBy(asc(assignmentRuleConditions.ruleId), asc(assignmentRuleConditions.position)),
        db
          .select({
            ruleId: assignmentRuleSplits.ruleId,
            position: assignmentRuleSplits.position,
            accountingEntryId: assignmentRuleSplits.accountingEntryId,
            percentage: assignmentRuleSplits.percentage,
            amount: assignmentRuleSplits.amount,
            accountingEntry: entryRef,
          })
          .from(assignmentRuleSplits)
          .innerJoin(accountingEntries, eq(accountingEntries.id, assignmentRuleSplits.accountingEntryId))
          .where(
            and(
              eq(assignmentRuleSplits.organizationId, organizationId),
              ids ? inArray(assignmentRuleSplits.ruleId, ids) : undefined,
            ),
          )
          .orderBy(asc(assignmentRuleSplits.ruleId), asc(assignmentRuleSplits.position)),
      ])
      return rules.map(({ rule, accountingEntry }) => ({
        rule,
        accountingEntry,
        conditions: conditions.filter((condition) => condition.ruleId === rule.id),
        splits: splits.filter((split) => split.ruleId === rule.id),
      }))
    },

    /** The rules Carnet offers, in their order, with their category. */
    async globalRules() {
      return db
        .select({
          rule: globalRules,
          accountingEntry: { id: accountingEntries.id, code: accountingEntries.code, name: accountingEntries.name },
        })
        .from(globalRules)
        .innerJoin(accountingEntries, eq(accountingEntries.id, globalRules.accountingEntryId))
        .orderBy(asc(globalRules.position))
    },

    /** Which of these bank accounts the organisation owns (a rule's "bank account" condition names one). */
    async ownedJournalIds(organizationId: number, ids: number[]) {
      if (ids.length === 0) return new Set<number>()
      const rows = await db
        .select({ id: journals.id })
        .from(journals)
        .where(and(eq(journals.organizationId, organizationId), inArray(journals.id, ids)))
      return new Set(rows.map((row) => row.id))
    },

    async count(organizationId: number) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(assignmentRules)
        .where(eq(assignmentRules.organizationId, organizationId))
      return row?.n ?? 0
    },

    async insert(organizationId: number, values: RuleValues & { position: number }) {
      const [row] = await db
        .insert(assignmentRules)
        .values({ ...values, organizationId })
        .returning({ id: assignmentRules.id })
      return row?.id as number
    },

    async update(organizationId: number, id: number, values: Partial<RuleValues>) {
      await db
        .update(assignmentRules)
        .set({ ...values, updatedAt: sql`now()` })
        .where(rulesWhere(organizationId, [id]))
    },

    async replaceLines(organizationId: number, ruleId: number, conditions: RuleCondition[], splits: RuleSplit[]) {
      await db
        .delete(assignmentRuleConditions)
        .where(
          and(eq(assignmentRuleConditions.organizationId, organizationId), eq(assignmentRuleConditions.ruleId, ruleId)),
        )
      await db
        .delete(assignmentRuleSplits)
        .where(and(eq(assignmentRuleSplits.organizationId, organizationId), eq(assignmentRuleSplits.ruleId, ruleId)))
      await db.insert(assignmentRuleConditions).values(
        conditions.map((condition, position) => ({
          organizationId,
          ruleId,
          position,
          conditionTargetId: condition.conditionTargetId,
          conditionFunctionId: condition.conditionFunctionId,
          value: condition.value,
        })),
      )
      if (splits.length > 0)
        await db.insert(assignmentRuleSplits).values(
          splits.map((split, position) => ({
            organizationId,
            ruleId,
            position,
            accountingEntryId: split.accountingEntryId,
            percentage: split.percentage,
            amount: split.amount,
          })),
        )
    },

    async remove(organizationId: number, id: number) {
      await db.delete(assignmentRules).where(rulesWhere(organizationId, [id]))
    },

    /** Writes the order: ids[0] gets position 1. */
    async reorder(organizationId: number, ids: number[]) {
      for (const [index, id] of ids.entries())
        await db
          .update(assignmentRules)
          .set({ position: index + 1 })
          .where(rulesWhere(organizationId, [id]))
    },
  }
}

export type StoredRule = Awaited<ReturnType<ReturnType<typeof createRuleRepo>['list']>>[number]

/** A stored rule as the domain's engine runs it. */
export const runnableOf = ({ rule, conditions, splits }: StoredRule): RunnableRule => ({
  id: rule.id,
  conditions: conditions.map(({ conditionTargetId, conditionFunctionId, value }) => ({
    conditionTargetId,
    conditionFunctionId,
    value,
  })),
  creditOnly: rule.creditOnly,
  debitOnly: rule.debitOnly,
  accountingEntryId: rule.accountingEntryId,
  splits: splits.map(({ accountingEntryId, percentage, amount }) => ({ accountingEntryId, percentage, amount })),
  newName: rule.newName,
  hasNoReceipt: rule.hasNoReceipt,
  stopProcessing: rule.stopProcessing,
})
