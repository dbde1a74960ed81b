import {
  ACCOUNTING_FOLDER_CODE,
  CONDITION_TARGET_IDS,
  compileRule,
  type GlobalRuleDto,
  messages,
  type Paging,
  type RuleCreateBody,
  type RuleDto,
  type RuleInput,
  type RulePreviewBody,
  type RuleUpdateBody,
  rankRules,
  ruleCreateSchema,
  ruleMergedSchema,
  rulePreviewSchema,
  ruleSpecificity,
  searchedPageOfList,
} from '@app/domain'
import type { Db } from '../../../db/client'
import { fieldError, notFound, unprocessable } from '../../../lib/errors'
import { mergePatch } from '../../../lib/patch'
import type { Tenant } from '../../../lib/tenant'
import type { Books } from '../../books/ledger/books'
import { categoriesAmong } from '../accounting-entries/queries'
import { createRuleApplications } from './application'
import { previewRule } from './preview'
import { createRuleProposals } from './proposals'
import { createRuleRepo, runnableOf, type StoredRule } from './repo'

const m = messages.rules

function present(stored: StoredRule, position: number): RuleDto {
  const { rule, accountingEntry, conditions, splits } = stored
  const runnable = runnableOf(stored)
  return {
    id: rule.id,
    name: rule.name,
    isActive: rule.isActive,
    position,
    specificity: ruleSpecificity(runnable),
    accountingEntryId: rule.accountingEntryId,
    accountingEntry,
    conditions: conditions.map((condition, index) => ({
      id: index + 1,
      position: condition.position,
      conditionTargetId: condition.conditionTargetId,
      conditionTarget: condition.target,
      conditionFunctionId: condition.conditionFunctionId,
      conditionFunction: condition.fn,
      value: condition.value,
    })),
    creditOnly: rule.creditOnly,
    debitOnly: rule.debitOnly,
    stopProcessing: rule.stopProcessing,
    splits: splits.map((split) => ({
      accountingEntryId: split.accountingEntryId,
      accountingEntry: split.accountingEntry,
      percentage: split.percentage,
      amount: split.amount,
    })),
    newName: rule.newName,
    hasNoReceipt: rule.hasNoReceipt,
    globalRuleId: rule.globalRuleId,
    createdAt: rule.createdAt,
    updatedAt: rule.updatedAt,
  }
}

/**
 * Assignment rules (spec/money.md §3–§5, §7; issue 14): kept in an explicit order, a new rule placed by its
 * specificity; previewed on the transactions already there; run on every import and sync (rules/engine.ts).
 */
export function createRuleService(deps: {
  db: Db
  books: Books
  clock: () => Date
  /** After a retroactive run or undo of many lines (rules/application.ts). */
  afterBulkWrite?: () => Promise<void>
}) {
  const repo = createRuleRepo(deps.db)
  const applications = createRuleApplications(deps)
  const proposals = createRuleProposals(deps)

  const all = async (tenant: Tenant) => repo.list(tenant.organizationId)
  const presentAll = (rules: StoredRule[]) => rules.map((rule, index) => present(rule, index + 1))
  const stored = async (tenant: Tenant, id: number) => {
    const [found] = await repo.list(tenant.organizationId, [id])
    if (!found) throw notFound()
    return found
  }
  const read = async (tenant: Tenant, id: number) => {
    const rules = await all(tenant)
    const index = rules.findIndex((stored) => stored.rule.id === id)
    if (index < 0) throw notFound()
    return present(rules[index] as StoredRule, index + 1)
  }

  /** Categories the organisation may give (visible, active, not a folder) and bank accounts it owns. */
  async function check(tenant: Tenant, input: RuleInput, kept: Set<number>) {
    const ids = [input.accountingEntryId as number, ...input.splits.map((split) => split.accountingEntryId)]
    const found = await categoriesAmong(deps.db, tenant.organizationId, ids)
    const checkEntry = (id: number, field: string) => {
      const entry = found.find((candidate) => candidate.id === id)
      if (!entry) throw fieldError(field, m.categoryInvalid)
      if (entry.code === ACCOUNTING_FOLDER_CODE) throw fieldError(field, messages.transactions.folderNotCategory)
      if (!entry.isActive && !kept.has(id)) throw fieldError(field, messages.accountingEntries.inactive)
    }
    checkEntry(input.accountingEntryId as number, 'accountingEntryId')
    for (const [index, split] of input.splits.entries())
      checkEntry(split.accountingEntryId, `splits.${index}.accountingEntryId`)
    const journalIds = input.conditions.flatMap((condition, index) =>
      condition.conditionTargetId === CONDITION_TARGET_IDS.JOURNAL ? [[index, Number(condition.value)] as const] : [],
    )
    if (journalIds.length > 0) {
      const owned = await repo.ownedJournalIds(
        tenant.organizationId,
        journalIds.map(([, id]) => id),
      )
      for (const [index, id] of journalIds)
        if (!owned.has(id)) throw fieldError(`conditions.${index}.value`, m.journalInvalid)
    }
  }

  const valuesOf = (input: RuleInput) => ({
    name: input.name,
    isActive: input.isActive,
    accountingEntryId: input.accountingEntryId as number,
    creditOnly: input.creditOnly,
    debitOnly: input.debitOnly,
    stopProcessing: input.stopProcessing,
    newName: input.newName,
    hasNoReceipt: input.hasNoReceipt,
  })

  /** Puts the rule at `position` (1 first) and renumbers the others in their order. */
  async function move(tenant: Tenant, id: number, position: number) {
    const order = (await all(tenant)).map((stored) => stored.rule.id).filter((other) => other !== id)
    const index = Math.min(Math.max(position, 1), order.length + 1) - 1
    order.splice(index, 0, id)
    await repo.reorder(tenant.organizationId, order)
  }

  /** Where a new rule goes: before the first rule less specific than it, so the order stays "most specific first". */
  async function rankedPosition(tenant: Tenant, input: RuleInput) {
    const specificity = ruleSpecificity(input)
    const rules = await all(tenant)
    const index = rules.findIndex((stored) => ruleSpecificity(runnableOf(stored)) < specificity)
    return index < 0 ? rules.length + 1 : index + 1
  }

  const storedInput = (stored: StoredRule) => {
    const runnable = runnableOf(stored)
    return {
      name: stored.rule.name,
      isActive: stored.rule.isActive,
      accountingEntryId: stored.rule.accountingEntryId,
      conditions: [...runnable.conditions],
      creditOnly: stored.rule.creditOnly,
      debitOnly: stored.rule.debitOnly,
      stopProcessing: stored.rule.stopProcessing,
      splits: [...runnable.splits],
      newName: stored.rule.newName,
      hasNoReceipt: stored.rule.hasNoReceipt,
    }
  }

  return {
    /** In their order of application; `search` is found in the name, the category or a condition's value. */
    async list(tenant: Tenant, query: Paging & { search?: string }) {
      return searchedPageOfList(presentAll(await all(tenant)), query, (rule) => [
        rule.name,
        rule.accountingEntry.code,
        rule.accountingEntry.name,
        ...rule.conditions.map((condition) => condition.value),
      ])
    },

    get: read,

    /** GET /rules/{id}/application: what applying the rule to the transactions already there would change. */
    async applicationPlan(tenant: Tenant, id: number) {
      return applications.plan(tenant, await stored(tenant, id))
    },

    /** POST /rules/{id}/apply: the run itself, kept as one step to undo. */
    async apply(tenant: Tenant, id: number) {
      return applications.apply(tenant, await stored(tenant, id))
    },

    undo: applications.undo,
    proposals: proposals.list,
    declineProposal: proposals.decline,

    async create(tenant: Tenant, body: RuleCreateBody) {
      const input = ruleCreateSchema.parse(body)
      await check(tenant, input, new Set())
      const position = await rankedPosition(tenant, input)
      const id = await deps.db.transaction(async (tx) => {
        const writer = createRuleRepo(tx)
        const created = await writer.insert(tenant.organizationId, { ...valuesOf(input), position: 1_000_000 })
        await writer.replaceLines(tenant.organizationId, created, input.conditions, input.splits)
        return created
      })
      await move(tenant, id, position)
      return read(tenant, id)
    },

    async update(tenant: Tenant, id: number, patch: RuleUpdateBody) {
      const stored = (await all(tenant)).find((candidate) => candidate.rule.id === id)
      if (!stored) throw notFound()
      const { position, ...fields } = patch
      const input = mergePatch(ruleMergedSchema, storedInput(stored), fields)
      const kept = new Set([stored.rule.accountingEntryId, ...stored.splits.map((split) => split.accountingEntryId)])
      await check(tenant, input, kept)
      await deps.db.transaction(async (tx) => {
        const writer = createRuleRepo(tx)
        await writer.update(tenant.organizationId, id, valuesOf(input))
        await writer.replaceLines(tenant.organizationId, id, input.conditions, input.splits)
      })
      if (position !== undefined && position !== null) await move(tenant, id, Number(position))
      return read(tenant, id)
    },

    async remove(tenant: Tenant, id: number) {
      await read(tenant, id)
      await repo.remove(tenant.organizationId, id)
      await repo.reorder(
        tenant.organizationId,
        (await all(tenant)).map((stored) => stored.rule.id),
      )
    },

    /** Back to the automatic order: the most specific rule first, ties by creation. */
    async sort(tenant: Tenant) {
      const rules = await all(tenant)
      const ranked = rankRules(rules.map(runnableOf))
      await repo.reorder(
        tenant.organizationId,
        ranked.map((rule) => rule.id),
      )
      return this.list(tenant, { page: 1, pageSize: 9999 })
    },

    async preview(tenant: Tenant, body: RulePreviewBody) {
      const input = rulePreviewSchema.parse(body)
      const compiled = compileRule(input)
      if (!compiled) throw unprocessable(m.conditionsRequired)
      return previewRule(deps.db, tenant.organizationId, compiled)
    },

    async globalRules(tenant: Tenant): Promise<GlobalRuleDto[]> {
      const [rows, adopted] = await Promise.all([repo.globalRules(), all(tenant)])
      const taken = new Set<number>(
        adopted.flatMap((stored) => (stored.rule.globalRuleId === null ? [] : [stored.rule.globalRuleId])),
      )
      return rows.map(({ rule, accountingEntry }) => ({
        id: rule.id,
        name: rule.name,
        description: rule.description,
        accountingEntryId: rule.accountingEntryId,
        accountingEntry,
        conditions: rule.conditions,
        creditOnly: rule.creditOnly,
        debitOnly: rule.debitOnly,
        hasNoReceipt: rule.hasNoReceipt,
        adopted: taken.has(rule.id),
      }))
    },

    /** Copies platform rules into the organisation's, active, each placed by its specificity; adopted ones are skipped. */
    async adoptGlobal(tenant: Tenant, ids: number[]) {
      const offered = await this.globalRules(tenant)
      for (const id of ids) if (!offered.some((rule) => rule.id === id)) throw fieldError('rules', m.globalUnknown)
      const created: number[] = []
      for (const rule of offered.filter((candidate) => ids.includes(candidate.id) && !candidate.adopted)) {
        const input = ruleCreateSchema.parse({
          name: rule.name,
          accountingEntryId: rule.accountingEntryId,
          conditions: rule.conditions,
          creditOnly: rule.creditOnly,
          debitOnly: rule.debitOnly,
          hasNoReceipt: rule.hasNoReceipt,
          isActive: true,
        })
        const position = await rankedPosition(tenant, input)
        const id = await repo.insert(tenant.organizationId, {
          ...valuesOf(input),
          globalRuleId: rule.id,
          position: 1_000_000,
        })
        await repo.replaceLines(tenant.organizationId, id, input.conditions, input.splits)
        await move(tenant, id, position)
        created.push(id)
      }
      return presentAll(await all(tenant)).filter((rule) => created.includes(rule.id))
    },
  }
}

export type RuleService = ReturnType<typeof createRuleService>
