import { z } from 'zod'
import { compileCondition, RULE_CONDITIONS_MAX, RULE_NAME_MAX, RULE_SPLITS_MAX, RULE_VALUE_MAX } from '../ledger/rules'
import { messages } from '../messages/index'
import { compare, sum } from '../money/arithmetic'
import { moneyString } from '../money/schema'
import { idField, optionalText } from './common'
import { patchBodyOf } from './patch'

const m = messages.rules

/**
 * One line of a rule (spec/money.md §5): what it looks at, how, and the value (at most 255 characters). The value is
 * checked against its target and function by the very function that will match it (ledger/rules.ts), so a value the
 * engine cannot read never reaches the database.
 */
export const ruleConditionSchema = z
  .strictObject({
    conditionTargetId: idField(m.targetRequired),
    conditionFunctionId: idField(m.functionRequired),
    value: z
      .string({ error: m.valueRequired })
      .trim()
      .min(1, { error: m.valueRequired })
      .max(RULE_VALUE_MAX, { error: m.valueTooLong }),
  })
  .superRefine((condition, ctx) => {
    // An empty or too long value has its message from the field already (zod runs this refinement anyway).
    if (condition.value.length === 0 || condition.value.length > RULE_VALUE_MAX) return
    const compiled = compileCondition(condition)
    if ('error' in compiled)
      ctx.addIssue({
        code: 'custom',
        path: [compiled.error === m.functionNotForTarget ? 'conditionFunctionId' : 'value'],
        message: compiled.error,
      })
  })
export type RuleConditionBody = z.input<typeof ruleConditionSchema>

const percentage = moneyString({ maxDecimals: 2 }).nullish()
const fixedAmount = moneyString({ maxDecimals: 2 }).nullish()

/** A head line of a split template: its category and a percentage of the amount or a fixed (positive) amount. */
export const ruleSplitSchema = z
  .strictObject({
    accountingEntryId: idField(m.categoryRequired),
    percentage,
    amount: fixedAmount,
  })
  .superRefine((split, ctx) => {
    const hasPercentage = split.percentage != null
    const hasAmount = split.amount != null
    if (hasPercentage === hasAmount) {
      ctx.addIssue({ code: 'custom', path: ['percentage'], message: m.splitShareRequired })
      return
    }
    if (split.percentage != null && (compare(split.percentage, '0') <= 0 || compare(split.percentage, '100') >= 0))
      ctx.addIssue({ code: 'custom', path: ['percentage'], message: m.splitPercentInvalid })
    if (split.amount != null && compare(split.amount, '0') <= 0)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: m.splitAmountInvalid })
  })
  .transform((split) => ({
    accountingEntryId: split.accountingEntryId,
    percentage: split.percentage ?? null,
    amount: split.amount ?? null,
  }))
export type RuleSplitBody = z.input<typeof ruleSplitSchema>

const conditions = z
  .array(ruleConditionSchema, { error: m.conditionsRequired })
  .min(1, { error: m.conditionsRequired })
  .max(RULE_CONDITIONS_MAX)

/**
 * An assignment rule (spec/money.md §3, §5), with what issue 14 adds: the order (position), the stop flag, a split
 * template (head lines; the rule's category takes the remainder), a new label and the no-receipt flag.
 * organizationId, which the spec's client sends, is accepted and ignored: a rule belongs to the current organisation.
 */
export const ruleFields = z.strictObject({
  name: z
    .string({ error: messages.validation.required })
    .trim()
    .min(1, { error: messages.validation.required })
    .max(RULE_NAME_MAX, { error: m.nameTooLong }),
  isActive: z.boolean({ error: messages.validation.required }).default(false),
  accountingEntryId: idField(m.categoryInvalid).optional(),
  conditions,
  creditOnly: z.boolean({ error: messages.validation.required }).default(false),
  debitOnly: z.boolean({ error: messages.validation.required }).default(false),
  stopProcessing: z.boolean({ error: messages.validation.required }).default(false),
  splits: z.array(ruleSplitSchema).max(RULE_SPLITS_MAX).default([]),
  newName: optionalText(),
  hasNoReceipt: z.boolean({ error: messages.validation.required }).default(false),
  organizationId: idField().optional(),
})

const wholeRule = (
  rule: {
    accountingEntryId?: number | undefined
    creditOnly: boolean
    debitOnly: boolean
    splits: { percentage?: string | null }[]
  },
  ctx: z.RefinementCtx,
) => {
  if (rule.accountingEntryId === undefined)
    ctx.addIssue({ code: 'custom', path: ['accountingEntryId'], message: m.categoryRequired })
  if (rule.creditOnly && rule.debitOnly)
    ctx.addIssue({ code: 'custom', path: ['debitOnly'], message: m.creditAndDebit })
  const percentages = rule.splits.flatMap((split) => (typeof split?.percentage === 'string' ? [split.percentage] : []))
  if (percentages.length > 0 && compare(sum(percentages), '100') >= 0)
    ctx.addIssue({ code: 'custom', path: ['splits'], message: m.splitPercentTotal })
}

export const ruleCreateSchema = ruleFields.superRefine(wholeRule)
export type RuleCreateBody = z.input<typeof ruleCreateSchema>
export type RuleInput = z.output<typeof ruleCreateSchema>

/** PATCH /rules/{id}: any field, and the rule's place in the order (1 = first). */
export const ruleUpdateSchema = patchBodyOf(
  ruleFields.extend({ position: z.coerce.number({ error: messages.validation.required }).int().positive() }),
)
export type RuleUpdateBody = z.input<typeof ruleUpdateSchema>
export const ruleMergedSchema = ruleFields.superRefine(wholeRule)

/** POST /rules/preview: the transactions the conditions match, before saving. */
export const rulePreviewSchema = z.strictObject({
  conditions,
  creditOnly: z.boolean().default(false),
  debitOnly: z.boolean().default(false),
  organizationId: idField().optional(),
})
export type RulePreviewBody = z.input<typeof rulePreviewSchema>

/** POST /rules/global: adopt platform rules by id (spec: "rules: list of ids"). */
export const ruleGlobalAdoptSchema = z.strictObject({
  rules: z.array(idField()).min(1, { error: m.globalNothing }).max(100),
})
export type RuleGlobalAdoptBody = z.input<typeof ruleGlobalAdoptSchema>

/** POST /rules/proposals/decline: never propose this label and category again. */
export const ruleProposalDeclineSchema = z.strictObject({
  key: z
    .string({ error: messages.validation.required })
    .trim()
    .min(1, { error: messages.validation.required })
    .max(RULE_VALUE_MAX, { error: messages.validation.tooLong(RULE_VALUE_MAX) }),
  accountingEntryId: idField(m.categoryInvalid),
})
export type RuleProposalDeclineBody = z.input<typeof ruleProposalDeclineSchema>
