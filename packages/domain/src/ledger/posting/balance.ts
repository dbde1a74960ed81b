import { isZero, negate, subtract, sum, toCents } from '../../money/arithmetic'
import type { PostingEntry, PostingLine } from './types'

/** Σ debit and Σ credit of an entry, and what the debit exceeds the credit by (0.00 when it balances). */
export function entryTotals(entry: PostingEntry): { debit: string; credit: string; gap: string } {
  const debit = toCents(sum(entry.lines.map((line) => line.debit)))
  const credit = toCents(sum(entry.lines.map((line) => line.credit)))
  return { debit, credit, gap: toCents(subtract(debit, credit)) }
}

/** Two decimals, never negative: the only shape a posted amount has, so that zero reads without arithmetic. */
const TWO_DECIMALS = /^\d+\.\d{2}$/
const ZERO = /^0+\.00$/

/** What is wrong with a line, or null: amounts of two decimals, never negative, one of them "0.00", not both. */
function lineProblem(line: PostingLine): string | null {
  for (const side of [line.debit, line.credit]) {
    if (typeof side !== 'string' || !TWO_DECIMALS.test(side))
      return `${line.accountCode}: amounts must be written with two decimals and never negative (${side})`
  }
  if (ZERO.test(line.debit) === ZERO.test(line.credit))
    return `${line.accountCode}: exactly one of debit (${line.debit}) and credit (${line.credit}) must be non-zero`
  return null
}

/** Whether the entry's debits equal its credits, to the cent. */
export const isBalanced = (entry: PostingEntry): boolean => isZero(entryTotals(entry).gap)

/**
 * Throws unless the entry can be posted: at least two lines, each well formed, debits equal to credits. The message
 * names the journal, the piece and the gap: a posting that does not balance is a bug, never a user's error.
 */
export function assertBalanced(entry: PostingEntry): PostingEntry {
  const where = `${entry.journalCode} ${entry.pieceRef}`
  if (entry.lines.length < 2) throw new Error(`Entry ${where} has ${entry.lines.length} line(s): at least two needed`)
  for (const line of entry.lines) {
    const problem = lineProblem(line)
    if (problem) throw new Error(`Entry ${where}, line ${problem}`)
  }
  const { debit, credit, gap } = entryTotals(entry)
  if (!isZero(gap)) throw new Error(`Entry ${where} does not balance: debit ${debit}, credit ${credit}, gap ${gap}`)
  return entry
}

/**
 * What a posting function returns: the entry, checked; or null when the event moves nothing (an invoice of 0.00, a
 * bank line of 0.00 with nothing on it), so that no empty entry takes a number.
 */
export const checkedOrNothing = (entry: PostingEntry): PostingEntry | null =>
  entry.lines.length === 0 ? null : assertBalanced(entry)

/**
 * The entry that cancels `entry` (decision 0024: an entry is never edited; a correction reverses it and posts the new
 * one): the same lines with debit and credit swapped and VAT bases negated, so reports add the pair up to nothing.
 * The piece stays the original one; the date and the label (of the entry and of every line, the FEC's EcritureLib)
 * are the correction's.
 */
export function reverseEntry(entry: PostingEntry, date: string, label: string): PostingEntry {
  return {
    ...entry,
    date,
    label,
    lines: entry.lines.map((line) => ({
      ...line,
      label,
      debit: line.credit,
      credit: line.debit,
      vat: line.vat ? { ...line.vat, base: toCents(negate(line.vat.base)) } : (line.vat ?? null),
    })),
  }
}
