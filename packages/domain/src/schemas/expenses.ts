import { z } from 'zod'
import { allocationMessages } from '../ledger/allocations'
import { messages } from '../messages/index'
import { moneyString } from '../money/schema'
import { idField, optionalText } from './common'
import { businessDateField, optionalIsoDateField } from './date-fields'
import { moneySearchFields, pagingFields } from './lists'
import { ALLOCATIONS_MAX, allocationFields } from './transactions'

const m = messages.expenses

/**
 * One line of an expense note (spec/money.md §5 "Expense and cash forms"): as a split's part, but its amount is
 * forced positive by the server, and a mileage line needs neither amount (the barème's) nor category (6251
 * "Voyages et déplacements" unless given).
 */
export const expenseLineFields = allocationFields
  .extend({
    amount: moneyString({ maxDecimals: 2, nonZero: true }).nullish(),
    accountingEntryId: idField(allocationMessages.categoryRequired).nullish(),
  })
  .superRefine((line, ctx) => {
    if (line.mileage) return
    if (line.amount == null) ctx.addIssue({ code: 'custom', path: ['amount'], message: messages.validation.required })
    if (line.accountingEntryId == null)
      ctx.addIssue({ code: 'custom', path: ['accountingEntryId'], message: allocationMessages.categoryRequired })
  })
export type ExpenseLineBody = z.input<typeof expenseLineFields>
export type ExpenseLineInput = z.output<typeof expenseLineFields>

/**
 * POST /expenses: an expense note typed from scratch. Without journalId it goes to the organisation's associate
 * account (operator account for EI, PL, ME); without a name it is "Note de frais du {DD/MM/YYYY}"; its amount is the
 * sum of its lines, at least one.
 */
export const expenseCreateSchema = z.strictObject({
  journalId: idField(messages.validation.choiceInvalid).nullish(),
  name: optionalText(),
  datedAt: businessDateField(),
  allocations: z.array(expenseLineFields).min(1, { error: m.linesRequired }).max(ALLOCATIONS_MAX),
  hasNoReceipt: z.boolean({ error: messages.validation.required }).default(false),
})
export type ExpenseCreateBody = z.input<typeof expenseCreateSchema>
export type ExpenseCreateInput = z.output<typeof expenseCreateSchema>

/** GET /expenses: the notes of the associate and operator accounts, newest first. */
export const expenseListQuerySchema = z.strictObject({
  ...pagingFields(),
  ...moneySearchFields(),
  'filter[datedAfter]': optionalIsoDateField().optional(),
  'filter[datedBefore]': optionalIsoDateField().optional(),
  'filter[journalId]': idField(messages.validation.choiceInvalid).optional(),
})
export type ExpenseListQuery = z.output<typeof expenseListQuerySchema>
