import { allocationMessages, editVat, type TaxChoice, type TransactionDto, taxForCategory } from '@app/domain'
import { useState } from 'react'
import type { Category } from '../../../components/transactions/categorySearch'
import {
  amountOf,
  taxOfRow,
  withAmount,
  withAutomaticVat,
  withCategory,
} from '../../../components/transactions/detail/allocationDraft'
import { useFieldErrors } from '../../../components/transactions/detail/useFieldErrors'
import { ApiError } from '../../../lib/api'
import { toastSuccess } from '../../../lib/toast'
import {
  draftOf,
  type ExpenseDraft,
  type ExpenseLine,
  errorsOf,
  type MileageDraft,
  newAmountLine,
  newMileageLine,
  redated,
  snapshotOf,
  withMileage,
} from './expenseForm'

export type DraftContext = {
  taxes: readonly TaxChoice[]
  taxFree: boolean
  taxAreaId: number | null
  /** 6251 "Voyages et déplacements": a new mileage line's category. */
  travel: ExpenseLine['category']
}

const lineField = (index: number, field: string) => `allocations.${index}.${field}`
const refOf = ({ id, code, name }: Pick<Category, 'id' | 'code' | 'name'>) => ({ id, code, name })
/** Errors about lines are keyed by position: once a line goes, they no longer point at the right one. */
const withoutLineErrors = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => !key.startsWith('allocations')))

/**
 * The expense note form's state: the note's fields and lines, started from the saved note (or a new one) and
 * started again from what the server answers after a save. Errors are keyed as the server keys them
 * ("allocations.0.amount"), so that its 422 answers land on the same fields.
 */
export function useExpenseDraft(
  note: TransactionDto | null,
  defaults: { datedAt: string; journalId: string },
  context: DraftContext,
) {
  const [draft, setDraft] = useState<ExpenseDraft>(() => draftOf(note, defaults))
  const [initial, setInitial] = useState(() => snapshotOf(draftOf(note, defaults)))
  const { errors, setErrors, clear } = useFieldErrors()

  const changeLine = (index: number, update: (line: ExpenseLine) => ExpenseLine) =>
    setDraft((current) => ({
      ...current,
      lines: current.lines.map((line, position) => (position === index ? update(line) : line)),
    }))

  // Money spent: a category's tax is its deductible one, whatever the line's (positive) sign.
  const taxFor = (category: Pick<Category, 'taxTypeId' | 'taxRateId'>) => {
    const tax = taxForCategory(category, context.taxes, {
      taxAreaId: context.taxAreaId,
      isTaxFree: context.taxFree,
      isIncome: false,
    })
    return tax ? taxOfRow(tax) : null
  }

  return {
    draft,
    errors,
    dirty: snapshotOf(draft) !== initial,
    lineErrors: (index: number) => ({
      name: errors[lineField(index, 'name')],
      amount: errors[lineField(index, 'amount')],
      category: errors[lineField(index, 'accountingEntryId')] ?? errors[lineField(index, 'taxId')],
      mileage: errors[lineField(index, 'mileage')],
      fiscalPower: errors[lineField(index, 'mileage.fiscalPower')],
      distanceKm: errors[lineField(index, 'mileage.distanceKm')],
      yearlyDistanceKm: errors[lineField(index, 'mileage.yearlyDistanceKm')],
    }),

    setDate(datedAt: string) {
      setDraft((current) => ({ ...current, datedAt, lines: redated(current.lines, datedAt) }))
      clear('datedAt')
    },
    setJournal(journalId: string) {
      setDraft((current) => ({ ...current, journalId }))
      clear('journalId')
    },
    setName(name: string) {
      setDraft((current) => ({ ...current, name }))
      clear('name')
    },
    setLineName(index: number, name: string) {
      changeLine(index, (line) => ({ ...line, name }))
      clear(lineField(index, 'name'))
    },
    setLineAmount(index: number, value: string) {
      changeLine(index, (line) => ({ ...withAmount(line, value), mileage: line.mileage }))
      clear(lineField(index, 'amount'))
    },
    setLineCategory(index: number, category: Category) {
      changeLine(index, (line) =>
        line.mileage
          ? { ...line, category: refOf(category) }
          : { ...withCategory(line, refOf(category), taxFor(category)), mileage: null },
      )
      clear(lineField(index, 'accountingEntryId'), lineField(index, 'taxId'))
    },
    setMileage(index: number, mileage: MileageDraft) {
      changeLine(index, (line) => withMileage(line, mileage, draft.datedAt))
      setErrors((current) =>
        Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith(lineField(index, 'mileage')))),
      )
    },
    /** A VAT typed on a line: kept as manual when valid, else the field shows the VAT it had. */
    commitVat(index: number, typed: string) {
      const line = draft.lines[index]
      if (!line) return
      const edit = editVat(amountOf(line), line.taxAmount, typed)
      if (edit.kind !== 'manual') return
      changeLine(index, (current) => ({ ...current, taxManual: true, taxAmount: edit.taxAmount }))
      toastSuccess(allocationMessages.vatEdited)
    },
    resetVat(index: number) {
      changeLine(index, (line) => ({ ...withAutomaticVat(line), mileage: line.mileage }))
    },
    addLine() {
      setDraft((current) => ({ ...current, lines: [...current.lines, newAmountLine()] }))
      clear('allocations')
    },
    addMileage() {
      setDraft((current) => ({ ...current, lines: [...current.lines, newMileageLine(context.travel)] }))
      clear('allocations')
    },
    removeLine(index: number) {
      setDraft((current) => ({ ...current, lines: current.lines.filter((_, position) => position !== index) }))
      setErrors(withoutLineErrors)
    },

    /** True when the note may be sent; its errors are shown otherwise. */
    check() {
      const found = errorsOf(draft)
      setErrors(found)
      return Object.keys(found).length === 0
    },
    /** The server's field errors (422) on their fields; false when the error is not about fields. */
    showServerErrors(error: unknown) {
      if (!(error instanceof ApiError) || Object.keys(error.fieldErrors).length === 0) return false
      setErrors(error.fieldErrors)
      return true
    },
    /** Saved: the form starts again from what the server holds. */
    restart(saved: TransactionDto) {
      const next = draftOf(saved, defaults)
      setDraft(next)
      setInitial(snapshotOf(next))
      setErrors({})
    },
  }
}

export type ExpenseDraftForm = ReturnType<typeof useExpenseDraft>
