import { searchKey } from '../contacts/search-key'
import { messages } from '../messages/index'
import { toCents } from '../money/arithmetic'
import { readUserNumber } from '../money/parse'
import { CONDITION_FUNCTION_IDS, CONDITION_TARGET_IDS } from '../reference/ids'
import { automaticVat, type SplitShare, splitTotal } from './allocations'

/**
 * Assignment rules (spec/money.md §3, §4, §5; issue 14): conditions are data, read here and nowhere else. The same
 * functions decide the rule editor's preview, the retroactive run and the categorisation of imported lines.
 * Text is compared on searchKey (case, accents, ligatures and spaces folded) and always literally: no pattern or
 * expression from a user reaches a regular-expression or SQL engine. Amounts are compared in integer cents, signed
 * (negative for money out).
 */

export const RULE_NAME_MAX = 255
export const RULE_VALUE_MAX = 255
export const RULE_CONDITIONS_MAX = 50
/** The rules list shows this many conditions, then "+ N conditions" (spec/money.md §5). */
export const RULE_CONDITIONS_SHOWN = 12
/** Head lines of a split template (the last line, the rule's own category, takes the remainder). */
export const RULE_SPLITS_MAX = 9

export type RuleCondition = { conditionTargetId: number; conditionFunctionId: number; value: string }

/** What a rule reads of a transaction. */
export type RuleTransaction = {
  name: string
  rawName: string
  counterparty: string | null
  /** Signed decimal string, negative for money out. */
  amount: string
  journalId: number
}

export type MatchableRule = { conditions: readonly RuleCondition[]; creditOnly: boolean; debitOnly: boolean }

type TextField = 'name' | 'rawName' | 'counterparty'
type TextOp = 'contains' | 'notContains' | 'starts' | 'ends' | 'equals'

export type CompiledCondition =
  | { kind: 'text'; field: TextField; op: TextOp; needle: string }
  | { kind: 'amount'; op: 'eq' | 'gt' | 'lt' | 'between'; cents: number; upperCents: number }
  | { kind: 'journal'; journalId: number }

const F = CONDITION_FUNCTION_IDS
const T = CONDITION_TARGET_IDS

const TEXT_FIELDS: Record<number, TextField> = {
  [T.NAME]: 'name',
  [T.RAW_NAME]: 'rawName',
  [T.COUNTERPARTY]: 'counterparty',
}
const TEXT_OPS: Record<number, TextOp> = {
  [F.LIKE]: 'contains',
  [F.NOT_LIKE]: 'notContains',
  [F.START_LIKE]: 'starts',
  [F.END_LIKE]: 'ends',
  [F['=']]: 'equals',
}
const AMOUNT_OPS: Record<number, 'eq' | 'gt' | 'lt' | 'between'> = {
  [F['=']]: 'eq',
  [F['>']]: 'gt',
  [F['<']]: 'lt',
  [F.BETWEEN]: 'between',
}

const MAX_CENTS = 9_999_999_999

/**
 * A typed amount in integer cents ("-49,90" → -4990, "1 234.5" → 123450); null when it is not a number, has more than
 * two decimals that are not zeros, or is out of the spec's bounds. Cents fit a JavaScript number exactly.
 */
export function amountToCents(value: string): number | null {
  const parsed = readUserNumber(value)
  if (!parsed) return null
  const cents = parsed.times(100)
  if (!cents.isInteger() || cents.abs().greaterThan(MAX_CENTS)) return null
  return cents.toNumber()
}

/** The bounds of a "between" value, "min;max" (decimal comma or dot), min not above max. */
function betweenBounds(value: string): [number, number] | null {
  const parts = value.split(';')
  if (parts.length !== 2) return null
  const low = amountToCents(parts[0] ?? '')
  const high = amountToCents(parts[1] ?? '')
  if (low === null || high === null || low > high) return null
  return [low, high]
}

/** Compiles one condition, or tells in French what is wrong with it. */
export function compileCondition(condition: RuleCondition): CompiledCondition | { error: string } {
  const m = messages.rules
  const { conditionTargetId: target, conditionFunctionId: fn } = condition
  const value = condition.value.trim()
  if (value.length === 0) return { error: m.valueRequired }
  if (value.length > RULE_VALUE_MAX) return { error: m.valueTooLong }
  const field = TEXT_FIELDS[target]
  if (field) {
    const op = TEXT_OPS[fn]
    if (!op) return { error: m.functionNotForTarget }
    const needle = searchKey(value)
    if (needle.length === 0) return { error: m.textEmpty }
    return { kind: 'text', field, op, needle }
  }
  if (target === T.AMOUNT) {
    const op = AMOUNT_OPS[fn]
    if (!op) return { error: m.functionNotForTarget }
    if (op === 'between') {
      const bounds = betweenBounds(value)
      if (!bounds) return { error: m.betweenInvalid }
      return { kind: 'amount', op, cents: bounds[0], upperCents: bounds[1] }
    }
    const cents = amountToCents(value)
    if (cents === null) return { error: m.amountInvalid }
    return { kind: 'amount', op, cents, upperCents: cents }
  }
  if (target === T.JOURNAL) {
    if (fn !== F['=']) return { error: m.functionNotForTarget }
    const journalId = /^\d{1,15}$/.test(value) ? Number(value) : 0
    if (!(journalId > 0)) return { error: m.journalInvalid }
    return { kind: 'journal', journalId }
  }
  return { error: m.targetRequired }
}

export const conditionError = (condition: RuleCondition): string | null => {
  const compiled = compileCondition(condition)
  return 'error' in compiled ? compiled.error : null
}

/** A transaction read once for every rule: its texts folded, its amount in cents. */
export type PreparedTransaction = {
  name: string
  rawName: string
  counterparty: string
  cents: number
  journalId: number
}

export function prepareTransaction(transaction: RuleTransaction): PreparedTransaction {
  return {
    name: searchKey(transaction.name),
    rawName: searchKey(transaction.rawName),
    counterparty: searchKey(transaction.counterparty ?? ''),
    cents: amountToCents(transaction.amount) ?? 0,
    journalId: transaction.journalId,
  }
}

export type CompiledRule = { conditions: CompiledCondition[]; creditOnly: boolean; debitOnly: boolean }

/** Compiles a stored rule; a condition that no longer compiles (it was checked on save) makes the rule match nothing. */
export function compileRule(rule: MatchableRule): CompiledRule | null {
  const conditions: CompiledCondition[] = []
  for (const condition of rule.conditions) {
    const compiled = compileCondition(condition)
    if ('error' in compiled) return null
    conditions.push(compiled)
  }
  if (conditions.length === 0) return null
  return { conditions, creditOnly: rule.creditOnly, debitOnly: rule.debitOnly }
}

function conditionHolds(condition: CompiledCondition, transaction: PreparedTransaction): boolean {
  switch (condition.kind) {
    case 'text': {
      const text = transaction[condition.field]
      switch (condition.op) {
        case 'contains':
          return text.includes(condition.needle)
        case 'notContains':
          return !text.includes(condition.needle)
        case 'starts':
          return text.startsWith(condition.needle)
        case 'ends':
          return text.endsWith(condition.needle)
        case 'equals':
          return text === condition.needle
      }
      return false
    }
    case 'amount':
      switch (condition.op) {
        case 'eq':
          return transaction.cents === condition.cents
        case 'gt':
          return transaction.cents > condition.cents
        case 'lt':
          return transaction.cents < condition.cents
        case 'between':
          return transaction.cents >= condition.cents && transaction.cents <= condition.upperCents
      }
      return false
    case 'journal':
      return transaction.journalId === condition.journalId
  }
}

/** Every condition holds (they are joined by "and"), and the direction when the rule restricts it. */
export function compiledRuleMatches(rule: CompiledRule, transaction: PreparedTransaction): boolean {
  if (rule.creditOnly && transaction.cents <= 0) return false
  if (rule.debitOnly && transaction.cents >= 0) return false
  return rule.conditions.every((condition) => conditionHolds(condition, transaction))
}

/**
 * A rule that almost matches: its words are all in the line (at least one condition says what the label, raw label or
 * counterparty holds, and none of its text conditions fails) but its amount or its account does not fit, as a rule for
 * "URSSAF" under 500 € seen on a line of 620 €. The direction must fit: a rule for money out says nothing of money in.
 * Its category is worth suggesting, never applying.
 */
export function compiledRuleNearlyMatches(rule: CompiledRule, transaction: PreparedTransaction): boolean {
  if (rule.creditOnly && transaction.cents <= 0) return false
  if (rule.debitOnly && transaction.cents >= 0) return false
  const texts = rule.conditions.filter((condition) => condition.kind === 'text')
  if (!texts.some((condition) => condition.op !== 'notContains')) return false
  if (!texts.every((condition) => conditionHolds(condition, transaction))) return false
  return rule.conditions.some((condition) => condition.kind !== 'text' && !conditionHolds(condition, transaction))
}

export function ruleMatches(rule: MatchableRule, transaction: RuleTransaction): boolean {
  const compiled = compileRule(rule)
  return compiled !== null && compiledRuleMatches(compiled, prepareTransaction(transaction))
}

/**
 * How precise a condition is: an exact label beats a label's start or end, which beats "contains", which beats any
 * amount condition; "does not contain" and the journal only narrow. A rule's specificity is the sum of its
 * conditions', so that "contains X and amount < 0" ranks above "contains X".
 */
export function conditionSpecificity(condition: RuleCondition): number {
  const compiled = compileCondition(condition)
  if ('error' in compiled) return 0
  if (compiled.kind === 'text')
    return { equals: 1000, starts: 100, ends: 100, contains: 10, notContains: 1 }[compiled.op]
  if (compiled.kind === 'amount') return compiled.op === 'eq' ? 3 : 2
  return 1
}

export const ruleSpecificity = (rule: MatchableRule): number =>
  rule.conditions.reduce((total, condition) => total + conditionSpecificity(condition), 0) +
  (rule.creditOnly || rule.debitOnly ? 1 : 0)

/** Automatic order: the most specific rule first; ties by creation (the older first). */
export function rankRules<R extends MatchableRule & { id: number }>(rules: readonly R[]): R[] {
  return [...rules].sort((a, b) => ruleSpecificity(b) - ruleSpecificity(a) || a.id - b.id)
}

/** A head line of a rule's split template: a percentage of the amount, or a fixed amount (positive). */
export type RuleSplit = { accountingEntryId: number; percentage: string | null; amount: string | null }

/** A rule as the engine runs it, in the organisation's order. */
export type RunnableRule = MatchableRule & {
  id: number
  accountingEntryId: number
  splits: readonly RuleSplit[]
  /** Rename the transaction's label (its raw bank label never changes). */
  newName: string | null
  /** Flag the transaction as having no receipt to expect (bank fees, taxes). */
  hasNoReceipt: boolean
  /** When this rule matches, the rules after it are not looked at. */
  stopProcessing: boolean
}

export type RuleOutcome = {
  /** The rule that gave the category: the first matching one in the order. */
  ruleId: number
  accountingEntryId: number
  splits: readonly RuleSplit[]
  newName: string | null
  hasNoReceipt: boolean
  /** Every rule that matched, in order, until a stop. */
  matchedRuleIds: number[]
}

export type CompiledRunnableRule = RunnableRule & { compiled: CompiledRule }

/** Compiles the organisation's active rules once, keeping their order; rules that cannot compile are left out. */
export function compileRules(rules: readonly RunnableRule[]): CompiledRunnableRule[] {
  const compiledRules: CompiledRunnableRule[] = []
  for (const rule of rules) {
    const compiled = compileRule(rule)
    if (compiled) compiledRules.push({ ...rule, compiled })
  }
  return compiledRules
}

/**
 * Runs the rules, in order, on one transaction: the first matching rule gives the category (and its split); a later
 * matching rule can still rename the label or mark it without receipt when no earlier one did, unless a matching rule
 * said to stop there. Null when no rule matches.
 */
export function runRules(rules: readonly CompiledRunnableRule[], transaction: PreparedTransaction): RuleOutcome | null {
  let outcome: RuleOutcome | null = null
  for (const rule of rules) {
    if (!compiledRuleMatches(rule.compiled, transaction)) continue
    if (!outcome)
      outcome = {
        ruleId: rule.id,
        accountingEntryId: rule.accountingEntryId,
        splits: rule.splits,
        newName: rule.newName,
        hasNoReceipt: rule.hasNoReceipt,
        matchedRuleIds: [rule.id],
      }
    else {
      outcome.matchedRuleIds.push(rule.id)
      outcome.newName ??= rule.newName
      outcome.hasNoReceipt ||= rule.hasNoReceipt
    }
    if (rule.stopProcessing) break
  }
  return outcome
}

/** A part of the split a rule gives a transaction: its category, its amount and the VAT inside it. */
export type RulePart = { accountingEntryId: number; amount: string; taxAmount: string }

/**
 * The parts a matching rule gives a transaction of this amount: the template's head lines, then the rule's own
 * category with the remainder (splitTotal: each part rounded to the cent, VAT from each category's rate, the VAT
 * remainder on the last line when one rate applies). A head line that rounds to nothing is left out; a template that
 * does not fit (fixed amounts reaching the whole amount) gives the whole amount to the rule's category.
 */
export function ruleParts(
  outcome: Pick<RuleOutcome, 'accountingEntryId' | 'splits'>,
  amount: string,
  ratePercentOf: (accountingEntryId: number) => string | null,
): RulePart[] {
  // The whole amount to one category: splitTotal's one-part case, without its arithmetic (an import runs this per line).
  const single = (): RulePart[] => [
    {
      accountingEntryId: outcome.accountingEntryId,
      amount: toCents(amount),
      taxAmount: automaticVat(amount, ratePercentOf(outcome.accountingEntryId)),
    },
  ]
  if (outcome.splits.length === 0) return single()
  const entries = [...outcome.splits.map((split) => split.accountingEntryId), outcome.accountingEntryId]
  const shares: SplitShare[] = outcome.splits.map((split) =>
    split.percentage !== null ? { percent: split.percentage } : { fixed: split.amount ?? '0' },
  )
  const parts = splitTotal(amount, [
    ...shares.map((share, index) => ({ share, ratePercent: ratePercentOf(entries[index] ?? 0) })),
    { share: { percent: '0' }, ratePercent: ratePercentOf(outcome.accountingEntryId) },
  ])
  const totalCents = amountToCents(amount) ?? 0
  const remainderCents = amountToCents(parts[parts.length - 1]?.amount ?? '0') ?? 0
  if (remainderCents === 0 || Math.sign(remainderCents) !== Math.sign(totalCents)) return single()
  const heads = parts.slice(0, -1).map((part, index) => ({ ...part, accountingEntryId: entries[index] ?? 0 }))
  if (heads.some((part) => amountToCents(part.amount) === 0)) {
    const kept = outcome.splits.filter((_, index) => amountToCents(parts[index]?.amount ?? '0') !== 0)
    return ruleParts({ accountingEntryId: outcome.accountingEntryId, splits: kept }, amount, ratePercentOf)
  }
  const last = parts[parts.length - 1] ?? { amount, taxAmount: '0.00' }
  return [...heads, { accountingEntryId: outcome.accountingEntryId, ...last }].map((part) => ({
    accountingEntryId: part.accountingEntryId,
    amount: part.amount,
    taxAmount: part.taxAmount,
  }))
}
