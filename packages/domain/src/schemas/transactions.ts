import { z } from 'zod'
import { ALLOCATION_NAME_MAX, allocationMessages, sumRuleError } from '../ledger/allocations'
import { messages } from '../messages/index'
import { moneyString } from '../money/index'
import { idField, requiredText } from './common'
import { businessDateField, optionalIsoDateField } from './date-fields'
import { JOURNAL_TYPE_CODES } from './journals'
import { booleanQueryField, moneySearchFields, pagingFields } from './lists'
import { mileageFields } from './mileage'
import { patchBodyOf } from './patch'

/** A split has at most this many parts: more is a mistake, not a need. */
export const ALLOCATIONS_MAX = 50

/**
 * One part of a transaction's split (spec/money.md §5): a name, a non-zero tax-included amount with the
 * transaction's sign, a category and a tax. The VAT inside it is computed from the tax's rate unless typed by hand
 * (taxManual with taxAmount). Without taxId, the category's own tax (its VAT type and rate in the organisation's area)
 * is taken, so that a script or a category picker need not know the tax table.
 */
export const allocationFields = z.strictObject({
  name: requiredText(ALLOCATION_NAME_MAX),
  amount: moneyString({ maxDecimals: 2, nonZero: true }),
  accountingEntryId: idField(allocationMessages.categoryRequired),
  taxId: idField().nullish(),
  taxManual: z.boolean({ error: messages.validation.required }).default(false),
  taxAmount: moneyString({ maxDecimals: 2 }).nullish(),
  /**
   * A mileage-allowance line of an expense note: its amount is the barème kilométrique's for these inputs at the
   * note's date, whatever was sent, without VAT.
   */
  mileage: mileageFields.nullish(),
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
export const transactionFields = z.strictObject({
  journalId: idField(),
  name: requiredText(),
  datedAt: businessDateField(),
  amount: moneyString({ maxDecimals: 2, nonZero: true }),
  allocations: z.array(allocationFields).max(ALLOCATIONS_MAX).default([]),
  hasNoReceipt: z.boolean({ error: messages.validation.required }).default(false),
})
export const transactionCreateSchema = transactionFields.superRefine(sumRule)
export type TransactionCreateBody = z.input<typeof transactionCreateSchema>
export type TransactionInput = z.output<typeof transactionCreateSchema>

/** PATCH /transactions/{id}: name, date, amount, split, no-receipt flag; merged and checked whole (the sum rule too). */
const transactionPatchFields = patchBodyOf(transactionFields.omit({ journalId: true }))
/**
 * The split may come back under the name GET gives it (`transactionAllocations`, a script sending back what it read):
 * the same parts, saved as `allocations`; both at once is refused rather than one of them dropped.
 */
export const transactionUpdateSchema = transactionPatchFields
  .extend({
    transactionAllocations: transactionPatchFields.shape.allocations.meta({
      description: 'Autre nom de `allocations` (celui de GET) ; pas les deux à la fois',
    }),
  })
  .superRefine((value, ctx) => {
    if (value.allocations !== undefined && value.transactionAllocations !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['transactionAllocations'],
        message: messages.transactions.allocationsTwice,
      })
  })
  .transform(({ transactionAllocations, ...fields }) =>
    transactionAllocations === undefined ? fields : { ...fields, allocations: transactionAllocations },
  )
export const transactionMergedSchema = transactionFields.omit({ journalId: true }).superRefine(sumRule)
export type TransactionUpdateBody = z.input<typeof transactionUpdateSchema>

const amountBound = moneyString({ maxDecimals: 2 })

/** GET /transactions: the filters of spec/money.md §2 plus API.md's journalTypeCode and uncategorized. */
export const transactionListQuerySchema = z.strictObject({
  ...pagingFields(),
  ...moneySearchFields(),
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
  /** One journal type code or several separated by commas (spec/money.md §7: BQ, "CC,EX"). */
  'filter[journalTypeCode]': z
    .string()
    .transform((value) => value.split(',').map((code) => code.trim()))
    .pipe(z.array(z.enum(JOURNAL_TYPE_CODES, { error: messages.journals.typeInvalid })).min(1))
    .optional(),
  /** With a receipt or an invoice attached (true), or without any (false). */
  'filter[withReceipt]': booleanQueryField().optional(),
  /** The "À justifier" tab: nothing attached and not flagged as without receipt. */
  'filter[toJustify]': booleanQueryField().optional(),
  'filter[withComment]': booleanQueryField().optional(),
  /** Dated before the current fiscal year (true) or within it and after (false). */
  'filter[isArchived]': booleanQueryField().optional(),
  /** The other transactions with the same cleaned label as this one (the similar-transactions modal). */
  'filter[sameAs]': idField(messages.validation.choiceInvalid).optional(),
  /** The other transactions whose single category is this transaction's category. */
  'filter[withTheSameCategory]': idField(messages.validation.choiceInvalid).optional(),
})
export type TransactionListQuery = z.output<typeof transactionListQuerySchema>

/** Selections of the bulk bar are at most this long: a page of the list. */
export const BULK_MAX = 500

/**
 * POST /transactions/bulk (spec/money.md §4 "Grouped actions", §5): validate, one category for all, or without
 * receipt; all or nothing.
 */
export const transactionBulkSchema = z
  .strictObject({
    action: z.enum(['validate', 'categorize', 'no-receipt'], { error: messages.validation.choiceInvalid }),
    ids: z.array(idField()).min(1, messages.validation.required).max(BULK_MAX),
    accountingEntryId: idField(messages.transactions.bulkCategoryRequired).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.action === 'categorize' && value.accountingEntryId === undefined)
      ctx.addIssue({ code: 'custom', path: ['accountingEntryId'], message: messages.transactions.bulkCategoryRequired })
  })
export type TransactionBulkBody = z.input<typeof transactionBulkSchema>
export type TransactionBulkInput = z.output<typeof transactionBulkSchema>

/** POST /transactions/{id}/invoices: a validated sales invoice paid by this incoming transfer. */
export const transactionInvoiceAttachSchema = z.strictObject({ invoiceId: idField() })
export const transactionInvoiceParams = z.object({ id: idField(), invoiceId: idField() })
export type TransactionInvoiceAttachBody = z.input<typeof transactionInvoiceAttachSchema>
