import { type AccountingEntryDto, allocationMessages, editVat, isNegative, taxForCategory } from '@app/domain'
import type { UseFormReturnType } from '@mantine/form'
import { useMe } from '../../app/session'
import { toastSuccess } from '../../lib/toast'
import { amountOf, taxOfRow, withAutomaticVat, withCategory } from '../transactions/detail/allocationDraft'
import { useCategories, useTaxes } from '../transactions/transactionQueries'
import { emptyLine, type LineKinds, type MoneyLine, withKind, withSignedAmount } from './moneyLines'

/** A form whose lines are `allocations`, keyed as the server keys its errors ("allocations.0.amount"). */
export type LinesValues = { allocations: MoneyLine[] }

const lineField = (index: number, field: string) => `allocations.${index}.${field}`

/**
 * What the line editor does to a form's lines: kind, amount (signed by the kind), category (with its tax in the
 * organisation's area, collected or deductible by the amount's sign), VAT typed or automatic, add and remove. The
 * errors of a line go when it changes, the lines' sum error when any amount does.
 */
export function useMoneyLines<V extends LinesValues>(form: UseFormReturnType<V>, lines: LineKinds) {
  const organization = useMe().data?.currentOrganization
  const taxes = useTaxes()
  const categories = useCategories()
  const taxFree = organization?.isTaxFree ?? false

  const taxFor = (category: Pick<AccountingEntryDto, 'taxTypeId' | 'taxRateId'>, amount: string) => {
    const tax = taxForCategory(category, taxes.data ?? [], {
      taxAreaId: organization?.taxAreaId ?? null,
      isTaxFree: taxFree,
      isIncome: !isNegative(amount),
    })
    return tax ? taxOfRow(tax) : null
  }
  const current = (index: number) => form.getValues().allocations[index]
  // The form's typed paths cannot follow a generic V: the lines are where `allocations` says they are.
  const setPath = form.setFieldValue as (path: string, value: MoneyLine) => void
  const insert = form.insertListItem as (path: string, item: MoneyLine) => void
  const set = (index: number, line: MoneyLine, ...cleared: string[]) => {
    setPath(`allocations.${index}`, line)
    for (const field of cleared) form.clearFieldError(field)
  }
  /** The tax again once the sign may have changed: outside VAT, collected and deductible are two taxes. */
  const retaxed = (line: MoneyLine) => {
    const category = line.category && categories.data?.find((entry) => entry.id === line.category?.id)
    return category ? { ...withCategory(line, line.category, taxFor(category, amountOf(line))), kind: line.kind } : line
  }

  return {
    taxFree,
    /** Taxes and categories are loaded: a category can be picked. */
    ready: taxes.isSuccess && categories.isSuccess,
    errorsOf: (index: number) => ({
      amount: form.errors[lineField(index, 'amount')],
      name: form.errors[lineField(index, 'name')],
      category: form.errors[lineField(index, 'accountingEntryId')] ?? form.errors[lineField(index, 'taxId')],
    }),
    setKind(index: number, kind: string) {
      const line = current(index)
      if (line) set(index, retaxed(withKind(line, kind, lines)), lineField(index, 'name'), 'allocations')
    },
    setAmount(index: number, text: string) {
      const line = current(index)
      if (line) set(index, withSignedAmount(line, text, lines), lineField(index, 'amount'), 'allocations')
    },
    setCategory(index: number, category: AccountingEntryDto) {
      const line = current(index)
      if (!line) return
      const ref = { id: category.id, code: category.code, name: category.name }
      set(
        index,
        { ...withCategory(line, ref, taxFor(category, amountOf(line))), kind: line.kind },
        lineField(index, 'accountingEntryId'),
        lineField(index, 'taxId'),
      )
    },
    /** A VAT typed on a line: kept as manual when valid (spec/money.md §5 "VAT edit"), else the field shows it back. */
    commitVat(index: number, typed: string) {
      const line = current(index)
      if (!line) return
      const edit = editVat(amountOf(line), line.taxAmount, typed)
      if (edit.kind !== 'manual') return
      set(index, { ...line, taxManual: true, taxAmount: edit.taxAmount })
      toastSuccess(allocationMessages.vatEdited)
    },
    resetVat(index: number) {
      const line = current(index)
      if (line) set(index, { ...withAutomaticVat(line), kind: line.kind })
    },
    add(kind: string) {
      insert('allocations', emptyLine(kind))
      form.clearFieldError('allocations')
    },
    /** Errors of lines are keyed by position: once a line goes, they would point at the wrong one. */
    remove(index: number) {
      form.removeListItem('allocations', index)
      form.setErrors(Object.fromEntries(Object.entries(form.errors).filter(([key]) => !key.startsWith('allocations'))))
    },
  }
}

export type MoneyLinesApi = ReturnType<typeof useMoneyLines>
