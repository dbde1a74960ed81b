import {
  allocationMessages,
  editVat,
  isNegative,
  type TaxChoice,
  type TransactionDto,
  type TransactionSuggestionDto,
  taxForCategory,
  transactionUpdateSchema,
} from '@app/domain'
import { useState } from 'react'
import type { Category } from '../../../../components/transactions/categorySearch'
import {
  adjustLine,
  amountOf,
  bodyOf,
  type DraftLine,
  linesOf,
  newLine,
  snapshotOf,
  sumMessage,
  taxOfRow,
  withAmount,
  withAutomaticVat,
  withCategory,
  withSplitVat,
} from '../../../../components/transactions/detail/allocationDraft'
import { useFieldErrors } from '../../../../components/transactions/detail/useFieldErrors'
import { ApiError } from '../../../../lib/api'
import { zodValidate } from '../../../../lib/form'
import { toastSuccess } from '../../../../lib/toast'

export type SplitContext = { taxes: readonly TaxChoice[]; taxFree: boolean; taxAreaId: number | null }

const validate = zodValidate(transactionUpdateSchema)
const lineField = (index: number, field: string) => `allocations.${index}.${field}`
const refOf = (category: { id: number; code: string; name: string }) => ({
  id: category.id,
  code: category.code,
  name: category.name,
})

/** What the form starts from: the stored name and split, and whether they may change. */
const versionOf = (transaction: TransactionDto) =>
  JSON.stringify([transaction.name, transaction.isChecked, transaction.isValidated, transaction.transactionAllocations])

/** Errors about lines are keyed by position: once a line goes, they no longer point at the right one. */
const withoutLineErrors = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => !key.startsWith('allocations')))

/**
 * The detail drawer's form: the transaction's name and its split, started from the stored transaction and started
 * again whenever that changes. Per-field errors are keyed as the server keys them
 * ("allocations.0.amount"), so that its 422 answers land on the same fields.
 */
export function useSplitForm(transaction: TransactionDto, context: SplitContext) {
  const [name, setName] = useState(transaction.name)
  const [lines, setStoredLines] = useState<DraftLine[]>(() => linesOf(transaction))
  // Every change of the lines goes through the split's VAT: one line's amount or tax moves the others' at its rate.
  const setLines = (update: DraftLine[] | ((current: DraftLine[]) => DraftLine[])) =>
    setStoredLines((current) => withSplitVat(typeof update === 'function' ? update(current) : update))
  const { errors, setErrors, clear } = useFieldErrors()
  const [initial, setInitial] = useState(() => snapshotOf(transaction.name, linesOf(transaction)))
  const [version, setVersion] = useState(() => versionOf(transaction))

  // Saved, checked, unlocked…: the form starts again from what the server now holds (nothing unsaved is lost, since
  // the toggles wait for a saved form).
  if (versionOf(transaction) !== version) {
    setVersion(versionOf(transaction))
    setName(transaction.name)
    setStoredLines(linesOf(transaction))
    setErrors({})
    setInitial(snapshotOf(transaction.name, linesOf(transaction)))
  }

  const change = (index: number, update: (line: DraftLine) => DraftLine) =>
    setLines((current) => current.map((line, position) => (position === index ? update(line) : line)))

  const taxFor = (category: Pick<Category, 'taxTypeId' | 'taxRateId'>, amount: string) => {
    const tax = taxForCategory(category, context.taxes, {
      taxAreaId: context.taxAreaId,
      isTaxFree: context.taxFree,
      isIncome: !isNegative(amount),
    })
    return tax ? taxOfRow(tax) : null
  }

  const lineErrors = (index: number) => ({
    name: errors[lineField(index, 'name')],
    amount: errors[lineField(index, 'amount')],
    // A category without a known tax is refused by the server on taxId: it is the category's fault.
    category: errors[lineField(index, 'accountingEntryId')] ?? errors[lineField(index, 'taxId')],
  })

  return {
    name,
    lines,
    errors,
    lineErrors,
    dirty: snapshotOf(name, lines) !== initial,
    /** The sum rule's message while the lines do not add up to the transaction's amount. */
    gapMessage: sumMessage(transaction.amount, lines),

    rename(value: string) {
      setName(value)
      clear('name')
    },
    setLineName(index: number, value: string) {
      change(index, (line) => ({ ...line, name: value }))
      clear(lineField(index, 'name'))
    },
    setLineAmount(index: number, value: string) {
      change(index, (line) => withAmount(line, value))
      clear(lineField(index, 'amount'), 'allocations')
    },
    setLineCategory(index: number, category: Category) {
      change(index, (line) => withCategory(line, refOf(category), taxFor(category, amountOf(line))))
      clear(lineField(index, 'accountingEntryId'), lineField(index, 'taxId'))
    },
    /** Picking a category for an uncategorised transaction: one line for the whole amount. */
    categorize(category: Category) {
      const line = newLine(transaction, [])
      setLines([withCategory(line, refOf(category), taxFor(category, amountOf(line)))])
      setErrors(withoutLineErrors)
    },
    /** A suggestion fills the single line (made for the whole amount when there is none yet). */
    applySuggestion(suggestion: TransactionSuggestionDto) {
      const row = context.taxes.find((tax) => tax.id === suggestion.taxId)
      const tax = row ? taxOfRow(row) : null
      setLines((current) => [
        withCategory(current[0] ?? newLine(transaction, []), refOf(suggestion.accountingEntry), tax),
      ])
      setErrors(withoutLineErrors)
    },
    /** A VAT typed on the single line: kept as manual when valid, else the field shows the VAT it had. */
    commitVat(index: number, typed: string) {
      const line = lines[index]
      if (!line || lines.length !== 1) return
      const edit = editVat(amountOf(line), line.taxAmount, typed)
      if (edit.kind !== 'manual') return
      change(index, (current) => ({ ...current, taxManual: true, taxAmount: edit.taxAmount }))
      toastSuccess(allocationMessages.vatEdited)
    },
    resetVat(index: number) {
      change(index, withAutomaticVat)
    },
    adjust(index: number) {
      setLines((current) => adjustLine(transaction.amount, current, index))
      clear(lineField(index, 'amount'), 'allocations')
    },
    addLine() {
      setLines((current) => [...current, newLine(transaction, current)])
      clear('allocations')
    },
    removeLine(index: number) {
      setLines((current) => current.filter((_, position) => position !== index))
      setErrors(withoutLineErrors)
    },

    /** The body to PATCH once every field and the sum rule pass; null (errors shown) otherwise. */
    check() {
      const body = bodyOf(name, lines)
      const found = validate(body)
      const gap = sumMessage(transaction.amount, lines)
      if (gap) found.allocations = gap
      setErrors(found)
      return Object.keys(found).length === 0 ? body : null
    },
    /** The server's field errors (422) on their fields; false when the error is not about fields. */
    showServerErrors(error: unknown) {
      if (!(error instanceof ApiError) || Object.keys(error.fieldErrors).length === 0) return false
      setErrors(error.fieldErrors)
      return true
    },
  }
}

export type SplitForm = ReturnType<typeof useSplitForm>
