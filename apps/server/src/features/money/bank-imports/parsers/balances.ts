import { add, equals, formatNumberFr, NBSP, sum, toCents } from '@app/domain'

/**
 * The check a statement's own balances allow: its opening balance plus its movements is its closing balance. A file
 * that fails it lost or garbled records on the way (a truncated download, a hand edit, a bank's faulty export), and
 * importing what is left of it would put a wrong balance in the books without anyone noticing.
 */

/** "1 234,56 €", or "1 234,56 CHF" for another currency: amounts as a French sentence about the file shows them. */
export function balanceText(amount: string, currency: string | null): string {
  const code = currency?.trim().toUpperCase() || 'EUR'
  return `${formatNumberFr(amount, { decimals: 2 })}${NBSP}${code === 'EUR' ? '€' : code}`
}

/**
 * Null when `closing` is `opening` plus `movements` (two-decimal strings), else the French sentence that says by how
 * much it is not.
 */
export function balanceMismatch(
  opening: string,
  movements: readonly string[],
  closing: string,
  currency: string | null,
): string | null {
  const expected = toCents(add(opening, sum(movements)))
  if (equals(expected, closing)) return null
  return `le solde de clôture (${balanceText(closing, currency)}) ne correspond pas au solde d'ouverture plus les mouvements (${balanceText(expected, currency)}).`
}
