import {
  ALLOCATION_NAME_MAX,
  type CompiledRunnableRule,
  compileRules,
  type PreparedTransaction,
  prepareTransaction,
  type RuleOutcome,
  type RunnableRule,
  ruleParts,
  runRules,
  taxForCategory,
} from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import type { taxes } from '../../../db/schema/index'
import { insertSplits } from '../transactions/insert-splits'
import type { AllocationValues } from '../transactions/writes'
import { createEngineRepo } from './engine-repo'
import { createRuleRepo, runnableOf } from './repo'

const CHUNK = 1000

type TaxRow = typeof taxes.$inferSelect

/**
 * What running rules needs, read before the writing transaction opens (on PGlite the one connection is the
 * transaction's while it is open): the rules compiled in their order, the taxes, and the categories' tax kinds.
 */
export type RuleRun = {
  rules: CompiledRunnableRule[]
  /** The split a rule gives a transaction, as stored; null when a category has no tax that fits. */
  partsFor(
    outcome: Pick<RuleOutcome, 'accountingEntryId' | 'splits'>,
    amount: string,
    name: string,
  ): AllocationValues[] | null
}

/** The organisation's active rules, compiled: what a bank line's suggestions ask of the rules (wired in app.ts). */
export const activeRulesOf = (db: DbOrTx) => ({
  activeOf: async (organizationId: number) => (await prepareRuleRun(db, organizationId))?.rules ?? [],
})

/** Prepares a run of the organisation's active rules, or of the rules given; null when there is none. */
export async function prepareRuleRun(
  db: DbOrTx,
  organizationId: number,
  only?: RunnableRule[],
): Promise<RuleRun | null> {
  const runnable =
    only ?? (await createRuleRepo(db).list(organizationId)).filter((row) => row.rule.isActive).map(runnableOf)
  const rules = compileRules(runnable)
  if (rules.length === 0) return null
  const entryIds = [
    ...new Set(rules.flatMap((rule) => [rule.accountingEntryId, ...rule.splits.map((s) => s.accountingEntryId)])),
  ]
  const [entries, allTaxes, [organization]] = await createEngineRepo(db).taxContext(organizationId, entryIds)
  const isTaxFree = organization?.regime === 'FREE'
  const taxOf = (entryId: number, isIncome: boolean): TaxRow | null => {
    const entry = entries.find((candidate) => candidate.id === entryId)
    if (!entry) return null
    return taxForCategory(entry, allTaxes, { taxAreaId: organization?.taxAreaId, isTaxFree, isIncome })
  }
  // Per category and direction, once per run: 10,000 imported lines look up a handful of categories.
  const taxByEntry = new Map<string, TaxRow | null>()
  return {
    rules,
    partsFor(outcome, amount, name) {
      const isIncome = !amount.startsWith('-')
      const tax = (entryId: number) => {
        const key = `${entryId}:${isIncome}`
        if (!taxByEntry.has(key)) taxByEntry.set(key, taxOf(entryId, isIncome))
        return taxByEntry.get(key) ?? null
      }
      const parts = ruleParts(outcome, amount, (entryId) => (isTaxFree ? null : (tax(entryId)?.amount ?? null)))
      const values: AllocationValues[] = []
      for (const [position, part] of parts.entries()) {
        const partTax = tax(part.accountingEntryId)
        if (!partTax) return null
        values.push({
          position,
          name: name.slice(0, ALLOCATION_NAME_MAX),
          amount: part.amount,
          taxAmount: isTaxFree ? '0.00' : part.taxAmount,
          taxManual: false,
          taxId: partTax.id,
          accountingEntryId: part.accountingEntryId,
        })
      }
      return values
    },
  }
}

export type RuleTarget = {
  id: number
  name: string
  rawName: string
  counterparty: string | null
  amount: string
  journalId: number
}

/** What the rules would do to each transaction: its new split, label and no-receipt flag. */
export type PlannedChange = { transaction: RuleTarget; outcome: RuleOutcome; parts: AllocationValues[] }

/** What the rules give one transaction: null when none matches or a category has no tax that fits. */
export function decide(
  run: RuleRun,
  transaction: Omit<RuleTarget, 'id'>,
  prepared: PreparedTransaction = prepareTransaction(transaction),
) {
  const outcome = runRules(run.rules, prepared)
  if (!outcome) return null
  const parts = run.partsFor(outcome, transaction.amount, outcome.newName ?? transaction.name)
  return parts ? { outcome, parts } : null
}

export function planRules<T extends RuleTarget>(run: RuleRun, targets: readonly T[]) {
  const changes: (PlannedChange & { transaction: T })[] = []
  for (const transaction of targets) {
    const decided = decide(run, transaction)
    if (decided) changes.push({ transaction, ...decided })
  }
  return changes
}

/**
 * Writes planned changes in the caller's transaction: each split replaced whole, the label renamed when a rule says
 * so, the no-receipt flag set when a rule says so and nothing is attached. Returns the ids changed.
 */
export async function writeChanges(tx: DbOrTx, organizationId: number, changes: PlannedChange[]): Promise<number[]> {
  const ids = changes.map((change) => change.transaction.id)
  const repo = createEngineRepo(tx)
  for (let start = 0; start < changes.length; start += CHUNK) {
    const chunk = changes.slice(start, start + CHUNK)
    const chunkIds = chunk.map((change) => change.transaction.id)
    await repo.deleteSplits(organizationId, chunkIds)
    await insertSplits(
      tx,
      organizationId,
      chunk.flatMap((change) => change.parts.map((part) => ({ ...part, transactionId: change.transaction.id }))),
    )
    await repo.markCategorized(organizationId, chunkIds)
  }
  const renamed = new Map<string, number[]>()
  for (const change of changes) {
    const newName = change.outcome.newName
    if (newName && newName !== change.transaction.name)
      renamed.set(newName, [...(renamed.get(newName) ?? []), change.transaction.id])
  }
  for (const [name, renamedIds] of renamed) await repo.rename(organizationId, name, renamedIds)
  const noReceipt = changes.filter((change) => change.outcome.hasNoReceipt).map((change) => change.transaction.id)
  if (noReceipt.length > 0) await repo.markNoReceipt(organizationId, noReceipt)
  return ids
}
