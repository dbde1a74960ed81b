import { formatDateFr } from '../dates/format'
import { messages } from '../messages/index'
import { isNegative } from '../money/arithmetic'
import { type JournalTypeCode, LEGAL_FORM_INDIVIDUAL_TYPES } from '../reference/ids'

/**
 * The account an organisation's expense notes go to (spec/money.md §5): an associate current account (CC) for a
 * company, the operator account (EX) for an individual business (legal form type EI, PL or ME).
 */
export function expenseJournalTypeFor(legalFormType: string | null | undefined): Extract<JournalTypeCode, 'CC' | 'EX'> {
  return (LEGAL_FORM_INDIVIDUAL_TYPES as readonly string[]).includes(legalFormType ?? '') ? 'EX' : 'CC'
}

/** The journals whose transactions are expense notes: their lines are positive and make the note's amount. */
export const EXPENSE_JOURNAL_TYPES = ['CC', 'EX'] as const satisfies readonly JournalTypeCode[]
export const isExpenseJournal = (code: string) => (EXPENSE_JOURNAL_TYPES as readonly string[]).includes(code)
/**
 * The journals whose transaction's amount is the sum of its lines as signed by signedLineAmount: expense notes and
 * cash operations (typed without sign, "Sortie 12" is −12). Bank lines keep the bank's amount, which the lines add up to.
 */
export const linesMakeTheAmount = (code: string) => isExpenseJournal(code) || code === 'CAI'

/** "Note de frais du 20/11/2026" (spec/money.md §4, §5). */
export const expenseDefaultName = (datedAt: string) => messages.expenses.defaultName(formatDateFr(datedAt))

/** What the rule below reads of a transaction. */
export type ExpenseSourceCandidate = {
  amount: string
  journal: { journalTypeCode: string }
  transactionAllocations: readonly { accountingEntryId: number }[]
}

/**
 * Whether a bank line can become an expense note (spec/money.md §4): money out of a bank account (BQ), split on one
 * category only, the category of an active associate (or operator) account, whose ids are `accountEntryIds`.
 */
export function canMakeExpenseFrom(transaction: ExpenseSourceCandidate, accountEntryIds: readonly number[]): boolean {
  const [only, ...others] = transaction.transactionAllocations
  return (
    transaction.journal.journalTypeCode === 'BQ' &&
    isNegative(transaction.amount) &&
    only !== undefined &&
    others.length === 0 &&
    accountEntryIds.includes(only.accountingEntryId)
  )
}
