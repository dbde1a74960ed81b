import { isZero, negate, toCents } from '../../money/arithmetic'
import { checkedOrNothing } from './balance'
import { treasuryLine } from './bank'
import { entryOf, sumOf } from './lines'
import { type MovementPart, partLines } from './parts'
import type { PostingEntry, TreasuryJournalForPosting } from './types'

/** A line of an expense note: what was spent, positive, with the VAT inside it. */
export type ExpenseLineForPosting = Omit<MovementPart, 'taxAccountCode'> & {
  /** A mileage allowance (barème kilométrique): outside VAT, posted without a VAT tag. */
  mileage?: boolean
}

export type ExpenseNoteForPosting = {
  /** The associate's (CC1, 4551…) or the operator's (EX1, 1081…) account, which owes the note. */
  journal: TreasuryJournalForPosting
  date: string
  label: string
  pieceRef: string
  lines: readonly ExpenseLineForPosting[]
}

/**
 * An expense note (decision 0024 "CC / EX"): each line's account debited its HT and 44566 its VAT (deductible at the
 * note's date), the associate's 455x (or the operator's 108x) credited the whole, which its reimbursement from the
 * bank (a bank line split on 455x) later settles. Mileage allowances carry no VAT; one that says otherwise throws.
 */
export function postExpenseNote(note: ExpenseNoteForPosting): PostingEntry | null {
  const parts: MovementPart[] = note.lines.map((line) => {
    if (line.mileage && !isZero(line.taxAmount))
      throw new RangeError(`Expense note ${note.pieceRef}: a mileage allowance carries no VAT (${line.taxAmount})`)
    // As money out of the associate's account, so that partLines debits the expense and its deductible VAT.
    return {
      ...line,
      amount: negate(line.amount),
      taxAmount: negate(line.taxAmount),
      ratePercent: line.mileage ? null : line.ratePercent,
    }
  })
  const total = toCents(sumOf(parts.map((part) => part.amount)))
  const head = { date: note.date, label: note.label, pieceRef: note.pieceRef, pieceDate: note.date }
  const lines = [treasuryLine(note.journal, total, note.label), ...partLines(parts, note.label, 'invoice')]
  return checkedOrNothing(entryOf(note.journal, head, lines))
}
