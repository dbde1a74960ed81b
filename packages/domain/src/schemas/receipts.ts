import { z } from 'zod'
import { messages } from '../messages/index'
import { compare, isNegative } from '../money/arithmetic'
import { moneyString } from '../money/schema'
import { RECEIPT_MAX_FILES_FOR_TRANSACTION } from '../receipts/files'
import { RECEIPT_STATE_IDS } from '../reference/ids'
import { idField, optionalText } from './common'
import { optionalBusinessDateField, optionalIsoDateField } from './date-fields'
import { booleanQueryField, moneySearchFields, pagingFields } from './lists'
import { patchBodyOf } from './patch'

const m = messages.receipts
const amountBound = moneyString({ maxDecimals: 2 })

/** GET /receipts: the tabs (to validate: not validated yet; to associate: validated, attached to nothing), filters. */
export const receiptListQuerySchema = z.strictObject({
  ...pagingFields(),
  ...moneySearchFields(),
  'filter[toValidate]': booleanQueryField().optional(),
  'filter[toAssociate]': booleanQueryField().optional(),
  'filter[stateId]': idField(messages.validation.choiceInvalid).optional(),
  'filter[datedAfter]': optionalIsoDateField().optional(),
  'filter[datedBefore]': optionalIsoDateField().optional(),
  'filter[amountMin]': amountBound.optional(),
  'filter[amountMax]': amountBound.optional(),
})
export type ReceiptListQuery = z.output<typeof receiptListQuerySchema>

/**
 * The receipt editor's fields (spec/money.md §2 "Receipt editor"): amounts are positive (what was paid), the VAT is
 * TTC − HT, computed on save. Validating (stateId VALIDATED) needs the date and the TTC amount.
 */
export const receiptFields = z.strictObject({
  reference: optionalText(),
  description: optionalText(),
  contactId: idField(messages.validation.choiceInvalid).nullish(),
  /** The supplier read on the file, as corrected: made a supplier contact on validation when no contact is chosen. */
  supplierName: optionalText(),
  datedAt: optionalBusinessDateField(),
  currencyId: idField(messages.validation.choiceInvalid).nullish(),
  taxExcluded: moneyString({ maxDecimals: 2 }).nullish(),
  taxIncluded: moneyString({ maxDecimals: 2 }).nullish(),
  stateId: idField(messages.validation.choiceInvalid).optional(),
})

/** The merged receipt, checked whole: amounts not negative, HT ≤ TTC, what validating needs. */
export const receiptMergedSchema = receiptFields.superRefine((receipt, ctx) => {
  for (const field of ['taxExcluded', 'taxIncluded'] as const) {
    const value = receipt[field]
    if (value != null && isNegative(value))
      ctx.addIssue({ code: 'custom', path: [field], message: messages.validation.invalidData })
  }
  if (
    receipt.taxExcluded != null &&
    receipt.taxIncluded != null &&
    compare(receipt.taxExcluded, receipt.taxIncluded) > 0
  )
    ctx.addIssue({ code: 'custom', path: ['taxExcluded'], message: m.taxExcludedAboveIncluded })
  if (receipt.stateId === RECEIPT_STATE_IDS.VALIDATED) {
    if (!receipt.datedAt) ctx.addIssue({ code: 'custom', path: ['datedAt'], message: m.dateRequired })
    if (receipt.taxIncluded == null) ctx.addIssue({ code: 'custom', path: ['taxIncluded'], message: m.amountRequired })
  }
})
export const receiptUpdateSchema = patchBodyOf(receiptFields)
export type ReceiptUpdateBody = z.input<typeof receiptUpdateSchema>

/** POST /transactions/{id}/receipts: receipts already uploaded, attached to the transaction. */
export const transactionReceiptsSchema = z.strictObject({
  receipts: z
    .array(idField())
    .min(1, { error: messages.validation.required })
    .max(RECEIPT_MAX_FILES_FOR_TRANSACTION * 10),
})
export type TransactionReceiptsBody = z.input<typeof transactionReceiptsSchema>

export const transactionReceiptParams = z.object({ id: idField(), receiptId: idField() })

/** POST /receipts/{id}/matches/{transactionId}/confirm and …/decline: a suggested pair (no body). */
export const receiptMatchParams = z.object({ id: idField(), transactionId: idField() })
