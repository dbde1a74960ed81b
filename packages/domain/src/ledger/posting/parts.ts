import { isNegative, isZero, negate, subtract } from '../../money/arithmetic'
import { deductibleVatAccount, POSTING_ACCOUNTS, vatAccount } from './accounts'
import { type DraftLine, rateKey } from './lines'
import type { VatDueOn, VatKind, VatNature } from './types'

/**
 * A part of a movement of money (a bank or cash line's split, an expense note's line, a cash sale's "Vente" line):
 * its category's account for the HT, and the VAT inside it on a VAT account.
 */
export type MovementPart = {
  accountCode: string
  accountLabel: string
  /** The split line's name, as the line's label in the books; the entry's label when not given. */
  label?: string | null
  /** TTC, signed as the money it moves through the journal's account: + in, − out. */
  amount: string
  /** The VAT inside `amount`, with its sign. */
  taxAmount: string
  /** Null for a part outside VAT (transfers, associates, loans, mileage): no VAT tag, and no VAT allowed. */
  ratePercent: string | null
  nature: VatNature
  /**
   * The account of the part's tax (taxes.account_code), which knows a refund's VAT from a sale's. Without it: money
   * out is deductible (44566, 44562 on a fixed asset), money in collected (44571), as decision 0024 says.
   */
  taxAccountCode?: string | null
}

function taxAccountOf(part: MovementPart) {
  if (part.taxAccountCode) return vatAccount(part.taxAccountCode)
  if (isNegative(part.amount)) return { ...deductibleVatAccount(part.accountCode), kind: 'deductible' as VatKind }
  return { ...POSTING_ACCOUNTS.vatCollected, kind: 'collected' as VatKind }
}

/**
 * The lines that stand against the journal's account for these parts: each part's HT on its account and its VAT on
 * its VAT account, both on the other side from the money (money out: debits). The VAT tags' bases are positive for a
 * purchase (money out, deductible) or a sale (money in, collected), negative for what undoes one.
 */
export function partLines(parts: readonly MovementPart[], entryLabel: string, dueOn: VatDueOn): DraftLine[] {
  return parts.flatMap((part) => {
    const taxExcluded = subtract(part.amount, part.taxAmount)
    if (part.ratePercent === null && !isZero(part.taxAmount))
      throw new RangeError(`A part on ${part.accountCode} carries VAT (${part.taxAmount}) without a rate`)
    const taxAccount = taxAccountOf(part)
    const tag = (base: string) =>
      part.ratePercent === null
        ? null
        : { ratePercent: rateKey(part.ratePercent), base, kind: taxAccount.kind, nature: part.nature, dueOn }
    const base = taxAccount.kind === 'collected' ? taxExcluded : negate(taxExcluded)
    const account = { code: part.accountCode, label: part.accountLabel }
    return [
      { account, amount: negate(taxExcluded), label: part.label || entryLabel, vat: tag(base) },
      { account: taxAccount, amount: negate(part.taxAmount), label: entryLabel, vat: tag(base) },
    ]
  })
}
