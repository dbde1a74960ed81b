import {
  amountToCents,
  CONDITION_FUNCTION_IDS,
  CONDITION_TARGET_IDS,
  conditionError,
  formatEuro,
  messages,
  type RuleCreateBody,
  type RuleDto,
  type RulePreviewBody,
  type RuleProposalDto,
  ruleCreateSchema,
} from '@app/domain'
import type { ConditionChoice } from '../../../components/rules/ruleQueries'
import { zodValidate } from '../../../lib/form'

const m = messages.rules

/** What a condition's value is: text (labels, counterparty), a signed amount, or a bank account's id. */
export type ValueType = 'text' | 'number' | 'journal'

const T = CONDITION_TARGET_IDS
const F = CONDITION_FUNCTION_IDS

/** The seeded lists (reference/ids.ts), for when /condition-targets and /condition-functions are not loaded yet. */
export const DEFAULT_TARGETS: ConditionChoice[] = [
  { id: T.NAME, code: 'NAME', name: 'Libellé', valueType: 'text' },
  { id: T.RAW_NAME, code: 'RAW_NAME', name: "Libellé bancaire d'origine", valueType: 'text' },
  { id: T.AMOUNT, code: 'AMOUNT', name: 'Montant', valueType: 'number' },
  { id: T.COUNTERPARTY, code: 'COUNTERPARTY', name: 'Contrepartie', valueType: 'text' },
  { id: T.JOURNAL, code: 'JOURNAL', name: 'Compte bancaire', valueType: 'journal' },
]
export const DEFAULT_FUNCTIONS: ConditionChoice[] = [
  { id: F.LIKE, code: 'LIKE', name: 'contient', valueType: 'text' },
  { id: F.NOT_LIKE, code: 'NOT_LIKE', name: 'ne contient pas', valueType: 'text' },
  { id: F.START_LIKE, code: 'START_LIKE', name: 'commence par', valueType: 'text' },
  { id: F.END_LIKE, code: 'END_LIKE', name: 'se termine par', valueType: 'text' },
  { id: F['='], code: '=', name: 'est égal à', valueType: 'any' },
  { id: F['>'], code: '>', name: 'est supérieur à', valueType: 'number' },
  { id: F['<'], code: '<', name: 'est inférieur à', valueType: 'number' },
  { id: F.BETWEEN, code: 'BETWEEN', name: 'est compris entre', valueType: 'number' },
]

export const valueTypeOf = (targetId: number, targets: readonly ConditionChoice[] = DEFAULT_TARGETS): ValueType => {
  const type = (targets.find((target) => target.id === targetId) ?? DEFAULT_TARGETS.find((t) => t.id === targetId))
    ?.valueType
  return type === 'number' || type === 'journal' ? type : 'text'
}

/**
 * The operations a target offers: text targets contient / ne contient pas / commence par / se termine par / est égal
 * à; the amount est égal à / est supérieur à / est inférieur à / est compris entre; the bank account est égal à.
 */
export function functionsFor(
  targetId: number,
  targets: readonly ConditionChoice[] = DEFAULT_TARGETS,
  functions: readonly ConditionChoice[] = DEFAULT_FUNCTIONS,
): ConditionChoice[] {
  const type = valueTypeOf(targetId, targets)
  return functions.filter((fn) => fn.valueType === type || fn.valueType === 'any')
}

export const isBetween = (functionId: number | string) => Number(functionId) === F.BETWEEN

/** A line of the conditions editor; ids as the selects hold them (strings). */
export type ConditionLine = { key: string; conditionTargetId: string; conditionFunctionId: string; value: string }
/** A head line of the split template: a category and its share, a percentage or a fixed amount. */
export type SplitLine = { key: string; accountingEntryId: number | null; mode: 'percentage' | 'amount'; share: string }
export type Direction = 'all' | 'credit' | 'debit'

export type RuleValues = {
  name: string
  accountingEntryId: number | null
  conditions: ConditionLine[]
  direction: Direction
  stopProcessing: boolean
  newName: string
  hasNoReceipt: boolean
  withSplits: boolean
  splits: SplitLine[]
  isActive: boolean
}

let nextKey = 0
const newKey = () => {
  nextKey += 1
  return `line-${nextKey}`
}

/** A new condition: "Libellé contient …". */
export const newCondition = (): ConditionLine => ({
  key: newKey(),
  conditionTargetId: String(T.NAME),
  conditionFunctionId: String(F.LIKE),
  value: '',
})
export const newSplit = (): SplitLine => ({ key: newKey(), accountingEntryId: null, mode: 'percentage', share: '' })

/** "80.00" → "80", "12.50" → "12,5": a stored decimal as a person types it. */
const typed = (value: string) =>
  (value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value).replace('.', ',')

const conditionLines = (
  conditions: readonly RuleDto['conditions'][number][] | RuleProposalDto['rule']['conditions'],
) =>
  conditions.length > 0
    ? conditions.map((condition) => ({
        key: newKey(),
        conditionTargetId: String(condition.conditionTargetId),
        conditionFunctionId: String(condition.conditionFunctionId),
        value: condition.value,
      }))
    : [newCondition()]

const directionOf = (rule: { creditOnly: boolean; debitOnly: boolean }): Direction =>
  rule.creditOnly ? 'credit' : rule.debitOnly ? 'debit' : 'all'

/** What the form starts from: a new rule (active by default), a stored one, or a proposal's prefilled rule. */
export function valuesOf(source: { rule: RuleDto } | { proposal: RuleProposalDto['rule'] } | null): RuleValues {
  if (source && 'rule' in source) {
    const { rule } = source
    return {
      name: rule.name,
      accountingEntryId: rule.accountingEntryId,
      conditions: conditionLines(rule.conditions),
      direction: directionOf(rule),
      stopProcessing: rule.stopProcessing,
      newName: rule.newName ?? '',
      hasNoReceipt: rule.hasNoReceipt,
      withSplits: rule.splits.length > 0,
      splits: rule.splits.map((split) => ({
        key: newKey(),
        accountingEntryId: split.accountingEntryId,
        mode: split.percentage !== null ? 'percentage' : 'amount',
        share: typed(split.percentage ?? split.amount ?? ''),
      })),
      isActive: rule.isActive,
    }
  }
  const proposal = source?.proposal
  return {
    name: proposal?.name ?? '',
    accountingEntryId: proposal?.accountingEntryId ?? null,
    conditions: proposal ? conditionLines(proposal.conditions) : [newCondition()],
    direction: proposal ? directionOf(proposal) : 'all',
    stopProcessing: false,
    newName: '',
    hasNoReceipt: false,
    withSplits: false,
    splits: [],
    isActive: true,
  }
}

/** Nothing typed in any line: the rule has no condition yet. */
const noCondition = (values: Pick<RuleValues, 'conditions'>) =>
  values.conditions.every((line) => line.value.trim() === '')

const conditionsOf = (values: Pick<RuleValues, 'conditions'>) =>
  noCondition(values)
    ? []
    : values.conditions.map((line) => ({
        conditionTargetId: line.conditionTargetId,
        conditionFunctionId: line.conditionFunctionId,
        value: line.value,
      }))

/** The body as typed, for ruleCreateSchema (the one the server checks); saved inactive, as the spec wants. */
export const bodyOf = (values: RuleValues): RuleCreateBody => ({
  name: values.name,
  isActive: false,
  accountingEntryId: values.accountingEntryId ?? undefined,
  conditions: conditionsOf(values),
  creditOnly: values.direction === 'credit',
  debitOnly: values.direction === 'debit',
  stopProcessing: values.stopProcessing,
  splits: values.withSplits
    ? values.splits.map((split) => ({
        accountingEntryId: split.accountingEntryId ?? '',
        percentage: split.mode === 'percentage' ? split.share : null,
        amount: split.mode === 'amount' ? split.share : null,
      }))
    : [],
  newName: values.newName,
  hasNoReceipt: values.hasNoReceipt,
})

/**
 * Errors keyed as the schema (and the server's 422) say, put where the form shows them: the split's percentage or
 * amount under its share, the empty rule's under the conditions with the editor's own text (spec/money.md §5).
 */
export function formErrorsOf(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [path, message] of Object.entries(errors)) {
    const split = /^splits\.(\d+)\.(percentage|amount)$/.exec(path)
    const key = split ? `splits.${split[1]}.share` : path
    const text = path === 'conditions' && message === m.conditionsRequired ? m.conditionsRequiredEditor : message
    if (!(key in out)) out[key] = text
  }
  return out
}

const validateBody = zodValidate(ruleCreateSchema)

/** The form's check: the shared schema, then formErrorsOf. */
export const validateRule = (values: RuleValues) => formErrorsOf(validateBody(bodyOf(values)))

/** What is sent: the schema's output (values trimmed, amounts canonical, blanks as null). */
export const requestOf = (values: RuleValues) => ruleCreateSchema.parse(bodyOf(values))

/**
 * The preview's question (POST /rules/preview), once every typed condition reads (ledger/rules.ts decides, as the
 * server will); null while a condition is incomplete or there is none.
 */
export function previewBodyOf(values: Pick<RuleValues, 'conditions' | 'direction'>): RulePreviewBody | null {
  if (noCondition(values)) return null
  const conditions = values.conditions.map((line) => ({
    conditionTargetId: Number(line.conditionTargetId),
    conditionFunctionId: Number(line.conditionFunctionId),
    value: line.value.trim(),
  }))
  if (conditions.some((condition) => conditionError(condition) !== null)) return null
  return { conditions, creditOnly: values.direction === 'credit', debitOnly: values.direction === 'debit' }
}

/** "-49.9" → "-49,90 €"; what cannot be read stays as typed. */
const euros = (value: string) => {
  const cents = amountToCents(value)
  return cents === null ? value : formatEuro(cents / 100)
}

export type ConditionLike = { conditionTargetId: number; conditionFunctionId: number; value: string }

/**
 * A condition as a sentence: "Libellé contient « orange »", "Montant est compris entre -50,00 € et -10,00 €",
 * "Compte bancaire est égal à Compte pro". Names come from the reference lists (or the rule's own), the bank
 * account's from `journalName`.
 */
export function conditionSentence(
  condition: ConditionLike & { conditionTarget?: { name: string }; conditionFunction?: { name: string } },
  {
    targets = DEFAULT_TARGETS,
    functions = DEFAULT_FUNCTIONS,
    journalName,
  }: {
    targets?: readonly ConditionChoice[]
    functions?: readonly ConditionChoice[]
    journalName?: (id: number) => string | undefined
  } = {},
): string {
  const target =
    condition.conditionTarget?.name ??
    targets.find((item) => item.id === condition.conditionTargetId)?.name ??
    DEFAULT_TARGETS.find((item) => item.id === condition.conditionTargetId)?.name ??
    '?'
  const fn =
    condition.conditionFunction?.name ??
    functions.find((item) => item.id === condition.conditionFunctionId)?.name ??
    DEFAULT_FUNCTIONS.find((item) => item.id === condition.conditionFunctionId)?.name ??
    '?'
  const type = valueTypeOf(condition.conditionTargetId, targets)
  let value: string
  if (type === 'number' && isBetween(condition.conditionFunctionId)) {
    const [low = '', high = ''] = condition.value.split(';')
    value = `${euros(low.trim())} et ${euros(high.trim())}`
  } else if (type === 'number') value = euros(condition.value)
  else if (type === 'journal') {
    const id = Number(condition.value)
    value = journalName?.(id) ?? `le compte n°${condition.value}`
  } else value = `« ${condition.value} »`
  return `${target} ${fn} ${value}`
}
