import {
  abs,
  type ExpenseCreateBody,
  expenseCreateSchema,
  expenseDefaultName,
  isIsoDate,
  messages,
  mileageAllowance,
  parseMoneyInput,
  parseQuantityInput,
  sum,
  type TransactionDto,
  type TransactionUpdateBody,
  toCents,
  type VehicleType,
} from '@app/domain'
import {
  amountOf,
  type DraftLine,
  fieldAmount,
  linesOf,
  withAmount,
} from '../../../components/transactions/detail/allocationDraft'
import { zodValidate } from '../../../lib/form'

/**
 * The expense note being typed (spec/money.md §5 "Expense and cash forms"): date, account, name and lines as their
 * fields show them. A line is a split's line (bank/detail/allocationDraft: category, amount, VAT) typed positive, or a
 * mileage line whose amount is the barème's for the note's date, computed here as the server will.
 */

/** A mileage line's inputs as typed ("120", "4 000"). */
export type MileageDraft = {
  vehicleType: VehicleType
  fiscalPower: string
  distanceKm: string
  yearlyDistanceKm: string
}

export type ExpenseLine = DraftLine & { mileage: MileageDraft | null }

export type ExpenseDraft = { datedAt: string; journalId: string; name: string; lines: ExpenseLine[] }

let nextKey = 0
const newKey = () => `expense-line-${++nextKey}`

export const newAmountLine = (): ExpenseLine => ({
  key: newKey(),
  name: '',
  category: null,
  amount: '',
  tax: null,
  taxManual: false,
  taxAmount: '0.00',
  mileage: null,
})

/** A mileage line, on the travel category (6251) when known; no VAT on an allowance. */
export const newMileageLine = (travel: ExpenseLine['category']): ExpenseLine => ({
  ...newAmountLine(),
  name: messages.expenses.mileageLineName,
  category: travel,
  mileage: { vehicleType: 'voiture', fiscalPower: '', distanceKm: '', yearlyDistanceKm: '' },
})

/** A saved note's fields, or a new one's (dated today, on the default account). */
export function draftOf(note: TransactionDto | null, defaults: { datedAt: string; journalId: string }): ExpenseDraft {
  if (!note) return { ...defaults, name: '', lines: [] }
  const stored = linesOf(note)
  const byPosition = [...note.transactionAllocations].sort((a, b) => a.position - b.position)
  return {
    datedAt: note.datedAt,
    journalId: String(note.journalId),
    name: note.name,
    lines: stored.map((line, index) => {
      const mileage = byPosition[index]?.mileage ?? null
      return {
        ...line,
        mileage: mileage && {
          vehicleType: mileage.vehicleType,
          fiscalPower: mileage.fiscalPower === null ? '' : String(mileage.fiscalPower),
          distanceKm: mileage.distanceKm.replace('.', ','),
          yearlyDistanceKm: mileage.yearlyDistanceKm.replace('.', ','),
        },
      }
    }),
  }
}

/** The mileage inputs as the API reads them; null while one is not a number yet. */
function mileageInput(mileage: MileageDraft) {
  const distanceKm = parseQuantityInput(mileage.distanceKm)
  const yearlyDistanceKm = parseQuantityInput(mileage.yearlyDistanceKm)
  const power = mileage.fiscalPower.trim() === '' ? null : Number(mileage.fiscalPower)
  const fiscalPower = mileage.vehicleType === 'cyclomoteur' || power === null || !Number.isInteger(power) ? null : power
  return {
    vehicleType: mileage.vehicleType,
    fiscalPower,
    distanceKm: distanceKm ?? mileage.distanceKm,
    yearlyDistanceKm: yearlyDistanceKm ?? mileage.yearlyDistanceKm,
    ready: distanceKm !== null && yearlyDistanceKm !== null,
  }
}

/** The barème's amount for a mileage line at the note's date and the scale used ("Barème 2024"); null: none. */
export function allowanceOf(mileage: MileageDraft, datedAt: string) {
  const { ready, ...input } = mileageInput(mileage)
  if (!ready) return null
  const allowance = mileageAllowance(input, datedAt)
  return allowance && allowance.amount !== '0.00'
    ? { amount: allowance.amount, scaleYear: allowance.band.incomeYear }
    : null
}

/** What a line adds to the note: its amount, positive; a mileage line's allowance (0 until it has one). */
export const lineAmount = (line: ExpenseLine, datedAt: string) =>
  line.mileage ? (allowanceOf(line.mileage, datedAt)?.amount ?? '0') : abs(amountOf(line))

export const totalOf = (draft: ExpenseDraft) =>
  toCents(sum(draft.lines.length > 0 ? draft.lines.map((line) => lineAmount(line, draft.datedAt)) : ['0']))

/** A mileage line's inputs changed: its amount follows (the field shows it, read-only), its VAT stays none. */
export const withMileage = (line: ExpenseLine, mileage: MileageDraft, datedAt: string): ExpenseLine => {
  const amount = allowanceOf(mileage, datedAt)?.amount
  return { ...withAmount(line, amount ? fieldAmount(amount) : ''), mileage }
}

/** The note's date changed: the mileage lines take the scale of the new date. */
export const redated = (lines: ExpenseLine[], datedAt: string) =>
  lines.map((line) => (line.mileage ? withMileage(line, line.mileage, datedAt) : line))

/** The lines as the API reads them: as typed (the server forces them positive and prices mileage itself). */
function allocationsOf(draft: ExpenseDraft) {
  return draft.lines.map((line) => {
    const mileage = line.mileage ? mileageInput(line.mileage) : null
    return {
      name: line.name,
      amount: line.mileage
        ? (allowanceOf(line.mileage, draft.datedAt)?.amount ?? null)
        : (parseMoneyInput(line.amount) ?? (line.amount.trim() === '' ? null : line.amount)),
      accountingEntryId: line.category?.id ?? null,
      taxId: line.mileage ? null : (line.tax?.id ?? null),
      taxManual: line.mileage ? false : line.taxManual,
      taxAmount: !line.mileage && line.taxManual ? line.taxAmount : null,
      mileage: mileage && {
        vehicleType: mileage.vehicleType,
        fiscalPower: mileage.fiscalPower,
        distanceKm: mileage.distanceKm,
        yearlyDistanceKm: mileage.yearlyDistanceKm,
      },
    }
  })
}

/** An empty name is the default one, "Note de frais du {date}" (spec/money.md §5). */
// A date that is not a day (typed 31/02/2026) names nothing: its own error keeps the note from being sent.
const nameOf = (draft: ExpenseDraft) =>
  draft.name.trim() || (isIsoDate(draft.datedAt) ? expenseDefaultName(draft.datedAt) : draft.datedAt)

/** POST /expenses: a new note, in the account chosen. */
export const createBodyOf = (draft: ExpenseDraft) =>
  ({
    journalId: draft.journalId ? Number(draft.journalId) : null,
    name: nameOf(draft),
    datedAt: draft.datedAt,
    allocations: allocationsOf(draft),
  }) as ExpenseCreateBody

/** PATCH /transactions/{id}: a saved note keeps its account. */
export const updateBodyOf = (draft: ExpenseDraft) =>
  ({ name: nameOf(draft), datedAt: draft.datedAt, allocations: allocationsOf(draft) }) as TransactionUpdateBody

const validateBody = zodValidate(expenseCreateSchema)

/** The errors the form shows before sending: the schema's, and a mileage line the barème gives nothing for. */
export function errorsOf(draft: ExpenseDraft): Record<string, string> {
  const errors = validateBody(createBodyOf(draft))
  draft.lines.forEach((line, index) => {
    const key = `allocations.${index}.mileage`
    const inputsWrong = Object.keys(errors).some((field) => field.startsWith(`${key}.`))
    if (line.mileage && !inputsWrong && !allowanceOf(line.mileage, draft.datedAt))
      errors[key] = messages.expenses.mileageNoAllowance
  })
  return errors
}

/** What is compared to tell whether the form has changed. */
export const snapshotOf = (draft: ExpenseDraft) =>
  JSON.stringify([draft.datedAt, draft.journalId, draft.name, draft.lines.map(({ key, ...line }) => line)])
