import {
  CONDITION_FUNCTION_IDS,
  CONDITION_TARGET_IDS,
  type GlobalRuleDto,
  messages,
  type RuleApplicationPlanDto,
  type RuleConditionDto,
  type RuleDto,
  type RuleMatchDto,
  type RuleProposalDto,
} from '@app/domain'
import { bodiesSent, fakeServer, jsonResponse, type Route } from '../../../components/test-utils'
import { journal } from '../../../test-support/fakeJournalsApi'
import { CATEGORIES } from '../../../test-support/fakeTransactionsApi'
import { DEFAULT_FUNCTIONS, DEFAULT_TARGETS } from './ruleForm'

const T = CONDITION_TARGET_IDS
const F = CONDITION_FUNCTION_IDS

/** A condition as the API answers it, its target and function named. */
export const condition = (targetId: number, functionId: number, value: string, id = 1): RuleConditionDto => {
  const target = DEFAULT_TARGETS.find((item) => item.id === targetId) ?? DEFAULT_TARGETS[0]
  const fn = DEFAULT_FUNCTIONS.find((item) => item.id === functionId) ?? DEFAULT_FUNCTIONS[0]
  return {
    id,
    position: id,
    conditionTargetId: targetId,
    conditionTarget: { id: targetId, code: target?.code ?? '', name: target?.name ?? '' },
    conditionFunctionId: functionId,
    conditionFunction: { id: functionId, code: fn?.code ?? '', name: fn?.name ?? '' },
    value,
  }
}

const ref = (entry: { id: number; code: string; name: string }) => ({
  id: entry.id,
  code: entry.code,
  name: entry.name,
})

/** A rule as GET /rules answers it: "Orange" → Frais postaux et de télécommunications, active, first. */
export const rule = (overrides: Partial<RuleDto> = {}): RuleDto => ({
  id: 1,
  name: 'Orange',
  isActive: true,
  position: 1,
  specificity: 10,
  accountingEntryId: CATEGORIES.phone.id,
  accountingEntry: ref(CATEGORIES.phone),
  conditions: [condition(T.NAME, F.LIKE, 'orange')],
  creditOnly: false,
  debitOnly: true,
  stopProcessing: false,
  splits: [],
  newName: null,
  hasNoReceipt: false,
  globalRuleId: null,
  createdAt: '2026-03-01T10:00:00Z',
  updatedAt: '2026-03-01T10:00:00Z',
  ...overrides,
})

export const match = (overrides: Partial<RuleMatchDto> = {}): RuleMatchDto => ({
  id: 11,
  name: 'Orange',
  rawName: 'PRLV ORANGE SA',
  datedAt: '2026-03-05',
  amount: '-39.99',
  journalId: 1,
  categories: [],
  ...overrides,
})

export const globalRule = (overrides: Partial<GlobalRuleDto> = {}): GlobalRuleDto => ({
  id: 1,
  name: 'Frais bancaires',
  description: 'Les commissions et frais de tenue de compte de ta banque.',
  accountingEntryId: CATEGORIES.phone.id,
  accountingEntry: ref(CATEGORIES.phone),
  conditions: [{ conditionTargetId: T.NAME, conditionFunctionId: F.LIKE, value: 'frais' }],
  creditOnly: false,
  debitOnly: true,
  hasNoReceipt: true,
  adopted: false,
  ...overrides,
})

export const proposal = (overrides: Partial<RuleProposalDto> = {}): RuleProposalDto => ({
  key: 'boulangerie martin',
  name: 'Boulangerie Martin',
  count: 3,
  accountingEntryId: CATEGORIES.food.id,
  accountingEntry: ref(CATEGORIES.food),
  rule: {
    name: 'Boulangerie Martin',
    accountingEntryId: CATEGORIES.food.id,
    conditions: [{ conditionTargetId: T.NAME, conditionFunctionId: F['='], value: 'Boulangerie Martin' }],
    creditOnly: false,
    debitOnly: true,
  },
  ...overrides,
})

export type FakeRules = {
  rules: RuleDto[]
  global?: GlobalRuleDto[]
  proposals?: RuleProposalDto[]
  /** What the preview and the application plan answer. */
  matches?: RuleMatchDto[]
  plan?: RuleApplicationPlanDto
}

const json = jsonResponse
const list = (data: unknown[]) => json(200, { data, meta: { total: data.length, page: 1, pageSize: 9999 } })
const categories = Object.values(CATEGORIES)

/**
 * Stubs fetch with a small rules server over copies of `initial`: the list in order, creation (placed last),
 * PATCH (fields, or a move that renumbers), delete, sort (by specificity), the preview and the application plan
 * (`matches`), apply and undo, the platform's rules and the proposals; categories, bank accounts and the conditions'
 * reference lists. `routes` answer first. Returns the fetch spy.
 */
export function stubRulesApi(initial: FakeRules, routes: Route[] = []) {
  let rules = initial.rules.map((item) => structuredClone(item))
  const global = (initial.global ?? []).map((item) => structuredClone(item))
  let proposals = (initial.proposals ?? []).map((item) => structuredClone(item))
  const matches = initial.matches ?? []
  const renumber = () => {
    rules.sort((a, b) => a.position - b.position)
    rules.forEach((item, index) => {
      item.position = index + 1
    })
  }
  const fromBody = (body: Record<string, unknown>, base: RuleDto): RuleDto => {
    const entry = categories.find((item) => item.id === (body.accountingEntryId ?? base.accountingEntryId))
    const conditions = (
      body.conditions as { conditionTargetId: number; conditionFunctionId: number; value: string }[] | undefined
    )?.map((line, index) => condition(line.conditionTargetId, line.conditionFunctionId, line.value, index + 1))
    const splits = (
      body.splits as { accountingEntryId: number; percentage: string | null; amount: string | null }[] | undefined
    )?.map((split) => {
      const head = categories.find((item) => item.id === split.accountingEntryId) ?? CATEGORIES.food
      return { ...split, accountingEntry: ref(head) }
    })
    return {
      ...base,
      ...(body as Partial<RuleDto>),
      accountingEntry: entry ? ref(entry) : base.accountingEntry,
      conditions: conditions ?? base.conditions,
      splits: splits ?? base.splits,
    }
  }
  const spy = fakeServer(routes, async ({ method, path, body }) => {
    if (path === '/accounting-entries') return list(categories)
    if (path === '/journals') return list([journal()])
    if (path === '/condition-targets') return list(DEFAULT_TARGETS)
    if (path === '/condition-functions') return list(DEFAULT_FUNCTIONS)
    if (path === '/rules' && method === 'GET') return list([...rules].sort((a, b) => a.position - b.position))
    if (path === '/rules' && method === 'POST') {
      const created = fromBody(
        body,
        rule({ id: Math.max(0, ...rules.map((item) => item.id)) + 1, position: rules.length + 1 }),
      )
      rules.push(created)
      return json(201, { data: created })
    }
    if (path === '/rules/sort' && method === 'POST') {
      rules.sort((a, b) => b.specificity - a.specificity || a.id - b.id)
      rules.forEach((item, index) => {
        item.position = index + 1
      })
      return list(rules)
    }
    if (path === '/rules/preview' && method === 'POST')
      return json(200, { data: { total: matches.length, transactions: matches } })
    if (path === '/rules/global' && method === 'GET') return list(global)
    if (path === '/rules/global' && method === 'POST') {
      const created = (body.rules as number[]).map((id) => {
        const source = global.find((item) => item.id === id)
        if (source) source.adopted = true
        const adopted = rule({
          id: Math.max(0, ...rules.map((item) => item.id)) + 1,
          name: source?.name ?? '?',
          position: rules.length + 1,
          conditions: (source?.conditions ?? []).map((line, index) =>
            condition(line.conditionTargetId, line.conditionFunctionId, line.value, index + 1),
          ),
          globalRuleId: id,
        })
        rules.push(adopted)
        return adopted
      })
      return json(201, { data: created })
    }
    if (path === '/rules/proposals' && method === 'GET') return list(proposals)
    if (path === '/rules/proposals/decline' && method === 'POST') {
      proposals = proposals.filter((item) => item.key !== body.key)
      return json(204, null)
    }
    const undo = /^\/rule-applications\/(\d+)\/undo$/.exec(path)
    if (undo) return json(200, { data: { restored: matches.length, skipped: 0 } })
    const found = /^\/rules\/(\d+)(\/application|\/apply)?$/.exec(path)
    const target = found ? rules.find((item) => item.id === Number(found[1])) : undefined
    if (!found || !target) return json(404, { message: 'Ressource introuvable.', code: 'NOT_FOUND' })
    if (found[2] === '/application')
      return json(200, { data: initial.plan ?? { count: matches.length, sample: matches } })
    if (found[2] === '/apply') {
      if (!target.isActive) return json(409, { message: messages.rules.inactiveNoApply, code: 'CONFLICT' })
      const count = (initial.plan ?? { count: matches.length }).count
      return json(201, {
        data: { id: 77, ruleId: target.id, count, createdAt: '2026-03-06T10:00:00Z', undoneAt: null },
      })
    }
    if (method === 'DELETE') {
      rules = rules.filter((item) => item !== target)
      renumber()
      return json(204, null)
    }
    if (method === 'PATCH') {
      if (typeof body.position === 'number') {
        const others = rules.filter((item) => item !== target).sort((a, b) => a.position - b.position)
        others.splice(body.position - 1, 0, target)
        others.forEach((item, index) => {
          item.position = index + 1
        })
        return json(200, { data: target })
      }
      Object.assign(target, fromBody(body, target))
      return json(200, { data: target })
    }
    return json(200, { data: target })
  })
  return spy
}

/** The methods and paths called, in order, without GETs and previews (which change nothing): the save flow's steps. */
export const writes = (spy: ReturnType<typeof stubRulesApi>) =>
  spy.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') !== 'GET')
    .map(
      ([input, init]) =>
        `${init?.method} ${new URL(String(input), 'http://localhost').pathname.replace('/api/v1', '')}`,
    )
    .filter((call) => call !== 'POST /rules/preview')

export { bodiesSent }
