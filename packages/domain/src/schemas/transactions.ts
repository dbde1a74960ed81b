import { z } from 'zod'
import { ALLOCATION_NAME_MAX, allocationMessages, sumRuleError } from '../ledger/allocations'
import { messages } from '../messages/index'
import { moneyString } from '../money/index'
import { idField, requiredText, TEXT_MAX } from './common'
import { isoDateField, optionalIsoDateField } from './date-fields'
import { JOURNAL_TYPE_CODES } from './journals'
import { booleanQueryField, pagingFields } from './lists'
import { patchBodyOf } from './patch'

/** A split has at most this many parts: more is a mistake, not a need. */
export const ALLOCATIONS_MAX = 50

/**
 * One part of a transaction's split (spec/money.md §5): a name, a non-zero tax-included amount with the
 * transaction's sign, a category and a tax. The VAT inside it is computed from the tax's rate unless typed by hand
 * (taxManual with taxAmount).
 */
export const allocationFields = z.object({
  name: requiredText(ALLOCATION_NAME_MAX),
  amount: moneyString({ maxDecimals: 2, nonZero: true }),
  accountingEntryId: idField(allocationMessages.categoryRequired),
  taxId: idField(),
  taxManual: z.boolean({ error: messages.validation.required }).default(false),
  taxAmount: moneyString({ maxDecimals: 2 }).nullish(),
})
export type AllocationBody = z.input<typeof allocationFields>
export type AllocationInput = z.output<typeof allocationFields>

/** The parts add up to the transaction's amount, to the cent; the message names the gap (spec/money.md §5). */
const sumRule = (value: { amount: string; allocations: { amount: string }[] }, ctx: z.RefinementCtx) => {
  if (value.allocations.length === 0) return
  const error = sumRuleError(
    value.amount,
    value.allocations.map((part) => part.amount),
  )
  if (error) ctx.addIssue({ code: 'custom', path: ['allocations'], message: error })
}

/**
 * A transaction typed by hand (POST /transactions): the amount is signed (negative for money out) and non-zero; its
 * split may come later (no allocations: to categorise).
 */
export const transactionFields = z.object({
  journalId: idField(),
  name: requiredText(),
  datedAt: isoDateField(),
  amount: moneyString({ maxDecimals: 2, nonZero: true }),
  allocations: z.array(allocationFields).max(ALLOCATIONS_MAX).default([]),
  hasNoReceipt: z.boolean({ error: messages.validation.required }).default(false),
})
export const transactionCreateSchema = transactionFields.superRefine(sumRule)
export type TransactionCreateBody = z.input<typeof transactionCreateSchema>
export type TransactionInput = z.output<typeof transactionCreateSchema>

/** PATCH /transactions/{id}: name, date, amount, split, no-receipt flag; merged and checked whole (the sum rule too). */
export const transactionUpdateSchema = patchBodyOf(transactionFields.omit({ journalId: true }))
export const transactionMergedSchema = transactionFields.omit({ journalId: true }).superRefine(sumRule)
export type TransactionUpdateBody = z.input<typeof transactionUpdateSchema>

const amountBound = moneyString({ maxDecimals: 2 })

/** GET /transactions: the filters of spec/money.md §2 plus API.md's journalTypeCode and uncategorized. */
export const transactionListQuerySchema = z.strictObject({
  ...pagingFields(),
  'filter[search]': z.string().trim().max(TEXT_MAX).optional(),
  'filter[datedAfter]': optionalIsoDateField().optional(),
  'filter[datedBefore]': optionalIsoDateField().optional(),
  'filter[amountMin]': amountBound.optional(),
  'filter[amountMax]': amountBound.optional(),
  'filter[journalId]': idField(messages.validation.choiceInvalid).optional(),
  'filter[accountingEntryId]': idField(messages.validation.choiceInvalid).optional(),
  'filter[whereType]': z.enum(['all', 'credit', 'debit']).optional(),
  'filter[uncategorized]': booleanQueryField().optional(),
  'filter[isChecked]': booleanQueryField().optional(),
  'filter[isValidated]': booleanQueryField().optional(),
  'filter[journalTypeCode]': z.enum(JOURNAL_TYPE_CODES).optional(),
})
export type TransactionListQuery = z.output<typeof transactionListQuerySchema>
