import { abs, negate } from '../money/arithmetic'
import type { JournalTypeCode } from '../reference/ids'

/** The names a cash operation's lines take (spec/money.md §3 Transaction allocation). */
export const CASH_LINE_NAMES = { in: 'Entrée', out: 'Sortie' } as const
/** The names a cash sale's lines are classed by (spec/money.md §5: by name containing Vente or Encaissement). */
export const CASH_SALE_LINE_NAMES = { sale: 'Vente', receipt: 'Encaissement' } as const

export const isCashExit = (name: string) => name.trim().toLowerCase().startsWith(CASH_LINE_NAMES.out.toLowerCase())

/**
 * The sign a split line takes in its journal (spec/money.md §5): typed as people think of it, stored as the books
 * need it. Expense notes (associate CC and operator EX accounts) are positive whatever was typed; a cash line is
 * negative when it is a Sortie and positive when it is an Entrée; cash sales are positive; bank lines keep the sign
 * they were given (the transaction's).
 */
export function signedLineAmount(journalTypeCode: JournalTypeCode, lineName: string, amount: string): string {
  switch (journalTypeCode) {
    case 'CC':
    case 'EX':
    case 'ES':
      return abs(amount)
    case 'CAI':
      return isCashExit(lineName) ? negate(abs(amount)) : abs(amount)
    default:
      return amount
  }
}
