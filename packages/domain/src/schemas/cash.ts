import { z } from 'zod'
import { ALLOCATION_NAME_MAX } from '../ledger/allocations'
import { cashSaleLineKind, cashSaleTotals, isCashLineName } from '../ledger/cash'
import { messages } from '../messages/index'
import { moneyString } from '../money/index'
import { idField, optionalText, requiredText } from './common'
import { businessDateField, optionalIsoDateField } from './date-fields'
import { moneySearchFields, pagingFields } from './lists'
import { patchBodyOf } from './patch'
import { ALLOCATIONS_MAX, allocationFields } from './transactions'

const v = messages.validation

/** A line's money and category, as a bank split's part (amount non-zero, category, tax or the category's own). */
const lineMoneyFields = allocationFields.pick({
  amount: true,
  accountingEntryId: true,
  taxId: true,
  taxManual: true,
  taxAmount: true,
})

/**
 * One line of a cash operation (spec/money.md §3): named "Entrée" or "Sortie" (or starting with them), its amount
 * typed with any sign, stored with the sign its name gives (exit negative, entry positive: ledger/cash.ts).
 */
export const cashLineFields = lineMoneyFields.extend({
  name: requiredText(ALLOCATION_NAME_MAX).refine(isCashLineName, { error: messages.cash.lineNameInvalid }),
})

/**
 * POST /cash-operations (spec/money.md §2 "Expense and cash forms"): datedAt, name, the lines, and the cash journal
 * (the organisation's cash box when none is named, created on first use). The amount is the sum of the signed lines.
 */
export const cashOperationFields = z.strictObject({
  journalId: idField(messages.cash.journalInvalid).optional(),
  name: requiredText(),
  datedAt: businessDateField(),
  allocations: z
    .array(cashLineFields, { error: v.required })
    .min(1, { error: messages.cash.linesRequired })
    .max(ALLOCATIONS_MAX),
})
export const cashOperationCreateSchema = cashOperationFields
export type CashOperationCreateBody = z.input<typeof cashOperationCreateSchema>
export type CashOperationInput = z.output<typeof cashOperationCreateSchema>

/** PATCH /cash-operations/{id}: name, date, lines; merged into the stored operation and checked whole. */
export const cashOperationMergedSchema = cashOperationFields.omit({ journalId: true })
export const cashOperationUpdateSchema = patchBodyOf(cashOperationMergedSchema)
export type CashOperationUpdateBody = z.input<typeof cashOperationUpdateSchema>

/** The filters of a cash or cash-sales list: those of /transactions that make sense for one journal type. */
const journalListFilters = {
  ...pagingFields(),
  ...moneySearchFields(),
  'filter[datedAfter]': optionalIsoDateField().optional(),
  'filter[datedBefore]': optionalIsoDateField().optional(),
}

/** GET /cash-operations: newest first; `filter[journalId]` narrows to one cash box (all of them by default). */
export const cashOperationListQuerySchema = z.strictObject({
  ...journalListFilters,
  'filter[journalId]': idField(v.choiceInvalid).optional(),
})
export type CashOperationListQuery = z.output<typeof cashOperationListQuerySchema>

/** One line of a cash sale: its name says whether it is takings ("Vente…") or how they came in ("Encaissement…"). */
export const cashSaleLineFields = lineMoneyFields.extend({
  name: requiredText(ALLOCATION_NAME_MAX).refine((name) => cashSaleLineKind(name) !== null, {
    error: messages.cashSales.lineNameInvalid,
  }),
})

/** At least one sale line and one receipt line; each group adds up to the takings (spec/money.md §5). */
const cashSaleRules = (
  value: { amount?: string | null; allocations: { name: string; amount: string }[] },
  ctx: z.RefinementCtx,
) => {
  const kinds = value.allocations.map((line) => cashSaleLineKind(line.name))
  if (!kinds.includes('sale'))
    return ctx.addIssue({ code: 'custom', path: ['allocations'], message: messages.cashSales.saleRequired })
  if (!kinds.includes('receipt'))
    return ctx.addIssue({ code: 'custom', path: ['allocations'], message: messages.cashSales.receiptRequired })
  const totals = cashSaleTotals(value.allocations, value.amount ?? undefined)
  for (const gap of [totals.salesGap, totals.receiptsGap])
    if (gap) ctx.addIssue({ code: 'custom', path: ['allocations'], message: gap })
}

/**
 * POST /cash-sales: the day's takings (spec/money.md §2, /app/sales/money). name defaults to "Ventes au comptant du
 * {DD/MM/YYYY}"; amount, when given, is the takings both groups of lines must make; otherwise the sale lines make it.
 */
export const cashSaleFields = z.strictObject({
  name: optionalText(),
  datedAt: businessDateField(),
  amount: moneyString({ maxDecimals: 2, nonZero: true }).nullish(),
  allocations: z
    .array(cashSaleLineFields, { error: v.required })
    .min(1, { error: messages.cash.linesRequired })
    .max(ALLOCATIONS_MAX),
})
export const cashSaleCreateSchema = cashSaleFields.superRefine(cashSaleRules)
export type CashSaleCreateBody = z.input<typeof cashSaleCreateSchema>
export type CashSaleInput = z.output<typeof cashSaleCreateSchema>

/** PATCH /cash-sales/{id}: merged into the stored sale (its amount follows the lines unless one is sent). */
export const cashSaleUpdateSchema = patchBodyOf(cashSaleFields)
export const cashSaleMergedSchema = cashSaleCreateSchema
export type CashSaleUpdateBody = z.input<typeof cashSaleUpdateSchema>

/** GET /cash-sales: newest first. */
export const cashSaleListQuerySchema = z.strictObject(journalListFilters)
export type CashSaleListQuery = z.output<typeof cashSaleListQuerySchema>
