import {
  parseMoneyInput,
  RECEIPT_STATE_IDS,
  type ReceiptDto,
  type ReceiptUpdateBody,
  receiptMergedSchema,
  subtract,
  toCents,
} from '@app/domain'
import { zodValidate } from '../../../../lib/form'

/** The editor's fields as its inputs hold them: ids as strings, amounts as typed ("12,50"), the date as YYYY-MM-DD. */
export type ReceiptValues = {
  reference: string
  description: string
  contactId: string | null
  /** The supplier read on the receipt (or typed): made a supplier on validation when no contact is chosen. */
  supplierName: string
  datedAt: string
  currencyId: string | null
  taxExcluded: string
  taxIncluded: string
}

/** "12.50" as a French input shows it: "12,50". */
const frenchAmount = (value: string | null) => (value ?? '').replace('.', ',')

export const valuesOf = (receipt: ReceiptDto): ReceiptValues => ({
  reference: receipt.reference ?? '',
  description: receipt.description ?? '',
  contactId: receipt.contactId === null ? null : String(receipt.contactId),
  supplierName: receipt.supplierName ?? '',
  datedAt: receipt.datedAt?.slice(0, 10) ?? '',
  currencyId: String(receipt.currencyId),
  taxExcluded: frenchAmount(receipt.taxExcluded),
  taxIncluded: frenchAmount(receipt.taxIncluded),
})

/** An amount as sent: none when empty, to the cent when it reads ("12,5" → "12.50"), as typed otherwise (refused). */
function amountOf(text: string): string | null {
  if (text.trim() === '') return null
  const parsed = parseMoneyInput(text)
  return parsed === null ? text : toCents(parsed)
}

/** PATCH /receipts/{id}'s body for "Enregistrer et passer au suivant": the fields, and the state VALIDATED. */
export const bodyOf = (values: ReceiptValues) =>
  ({
    reference: values.reference.trim() || null,
    description: values.description.trim() || null,
    contactId: values.contactId ? Number(values.contactId) : null,
    supplierName: values.supplierName.trim() || null,
    datedAt: values.datedAt || null,
    currencyId: values.currencyId ? Number(values.currencyId) : null,
    taxExcluded: amountOf(values.taxExcluded),
    taxIncluded: amountOf(values.taxIncluded),
    stateId: RECEIPT_STATE_IDS.VALIDATED,
  }) satisfies ReceiptUpdateBody

/**
 * The same checks as the server's (domain receiptMergedSchema): amounts not negative, HT not above TTC, and what
 * validating needs (the date, the TTC amount). Errors keyed by the form's fields.
 */
export const validateReceipt = (values: ReceiptValues) => zodValidate(receiptMergedSchema)(bodyOf(values))

/** The VAT shown beside the amounts: TTC − HT, when both read (spec/money.md §3: computed on save the same way). */
export function vatOf(values: Pick<ReceiptValues, 'taxExcluded' | 'taxIncluded'>): string | null {
  const excluded = parseMoneyInput(values.taxExcluded)
  const included = parseMoneyInput(values.taxIncluded)
  if (excluded === null || included === null) return null
  return toCents(subtract(included, excluded))
}
