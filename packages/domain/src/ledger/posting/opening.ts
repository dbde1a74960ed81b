import { addDays } from '../../dates/calendar'
import { formatDateFr } from '../../dates/format'
import { add, isNegative, isZero, negate, subtract, toCents } from '../../money/arithmetic'
import type { JournalTypeCode } from '../../reference/ids'
import { POSTING_ACCOUNTS } from './accounts'
import { checkedOrNothing } from './balance'
import { treasuryLine } from './bank'
import { type DraftLine, entryOf } from './lines'
import type { Auxiliary, JournalForPosting, PostingEntry, TreasuryJournalForPosting } from './types'

/** The opening journal (decision 0024 "AN"): one entry per fiscal year, on its first day. */
export const OPENING_JOURNAL: JournalForPosting = { code: 'AN', label: 'À-nouveaux' }

/** The result accounts as the PCG names them (ANC 2014-03): the result is carried there until it is allocated. */
export const RESULT_ACCOUNTS = {
  profit: { code: '120', label: "Résultat de l'exercice (bénéfice)" },
  loss: { code: '129', label: "Résultat de l'exercice (perte)" },
} as const

/** An account's balance at the end of a fiscal year, per auxiliary account (a customer, a supplier). */
export type ClosingBalance = {
  accountCode: string
  accountLabel: string
  auxiliary?: Auxiliary | null
  /** Σ debit − Σ credit: positive a debit balance. */
  balance: string
}

/** The class of an account (its first digit), which decides whether its balance is carried or makes the result. */
const classOf = (accountCode: string) => accountCode.charAt(0)
const isBalanceSheetAccount = (accountCode: string) => /^[1-5]/.test(accountCode)
const isResultAccount = (accountCode: string) => /^[67]/.test(accountCode)

/** The opening entry's piece: one per fiscal year, named by the calendar year it starts in (its source id). */
export const openingPieceRef = (fiscalYearStart: string) => `AN-${fiscalYearStart.slice(0, 4)}`

/**
 * A fiscal year's closing balances split as the à-nouveaux need them: classes 1 to 5 carried as they are, classes 6
 * and 7 summed into the year's result (Σ credit − Σ debit: positive a profit). Any other class is not something the
 * posting writes, so one here is a bug and throws.
 */
export function splitClosingBalances(all: readonly ClosingBalance[]): { balances: ClosingBalance[]; result: string } {
  const balances: ClosingBalance[] = []
  let result = '0'
  for (const balance of all) {
    if (isBalanceSheetAccount(balance.accountCode)) balances.push(balance)
    else if (isResultAccount(balance.accountCode)) result = add(result, negate(balance.balance))
    else
      throw new RangeError(
        `Account ${balance.accountCode} (class ${classOf(balance.accountCode)}) has no place in the à-nouveaux`,
      )
  }
  return { balances, result: toCents(result) }
}

/** The label of an opening's result line: the one line of the entry that a carried balance of 120 or 129 is not. */
const resultLabel = (openingDate: string) => `Résultat de l'exercice clos le ${formatDateFr(addDays(openingDate, -1))}`

export type OpeningBalancesForPosting = {
  /** The first day of the fiscal year the entry opens (EcritureDate and PieceDate). */
  date: string
  /** Classes 1 to 5 at the end of the previous fiscal year, per account and auxiliary. */
  balances: readonly ClosingBalance[]
  /** The previous fiscal year's result: Σ credit − Σ debit of classes 6 and 7, positive a profit. */
  result: string
}

const byAccount = (a: ClosingBalance, b: ClosingBalance) =>
  a.accountCode.localeCompare(b.accountCode) || (a.auxiliary?.code ?? '').localeCompare(b.auxiliary?.code ?? '')

/**
 * The à-nouveaux of a fiscal year after the first (decision 0024 "AN"): each non-zero balance of classes 1 to 5 on its
 * own side, with its auxiliary account (a customer's 411 stays that customer's), and the previous year's result to
 * 120 (a profit, credit) or 129 (a loss, debit), since classes 6 and 7 start again from nothing. No VAT tag: the VAT
 * was counted in the return of the period it fell due in, and an opening balance of 44574 or 44566 is not VAT due
 * again. Balanced by construction when the balances come from balanced entries; null when there is nothing to carry.
 */
export function postOpeningBalances(opening: OpeningBalancesForPosting): PostingEntry | null {
  const label = `À-nouveaux au ${formatDateFr(opening.date)}`
  const drafts: DraftLine[] = [...opening.balances].sort(byAccount).map((balance) => {
    if (!isBalanceSheetAccount(balance.accountCode))
      throw new RangeError(`À-nouveaux: account ${balance.accountCode} is not of classes 1 to 5`)
    return {
      account: { code: balance.accountCode, label: balance.accountLabel },
      auxiliary: balance.auxiliary ?? null,
      amount: toCents(balance.balance),
      label,
    }
  })
  if (!isZero(opening.result)) {
    const profit = !isNegative(opening.result)
    drafts.push({
      account: profit ? RESULT_ACCOUNTS.profit : RESULT_ACCOUNTS.loss,
      amount: toCents(negate(opening.result)),
      label: resultLabel(opening.date),
    })
  }
  const head = { date: opening.date, label, pieceRef: openingPieceRef(opening.date), pieceDate: opening.date }
  return checkedOrNothing(entryOf(OPENING_JOURNAL, head, drafts))
}

/** What an opening carries: the previous year's classes 1 to 5 per account and auxiliary, and its result. */
export type CarriedBalances = Pick<OpeningBalancesForPosting, 'balances' | 'result'>

const balanceKey = (accountCode: string, auxiliary: Auxiliary | null | undefined) =>
  `${accountCode}\t${auxiliary?.code ?? ''}`

/**
 * What an opening made by postOpeningBalances carries, read back from its lines (its exact inverse, up to the order
 * of the balances): nothing carried for no entry.
 */
export function carriedBalancesOf(entry: PostingEntry | null): CarriedBalances {
  const balances: ClosingBalance[] = []
  let result = '0'
  for (const line of entry?.lines ?? []) {
    const balance = subtract(line.debit, line.credit)
    const isResult =
      line.label === resultLabel(entry?.date ?? '') &&
      (line.accountCode === RESULT_ACCOUNTS.profit.code || line.accountCode === RESULT_ACCOUNTS.loss.code)
    if (isResult) result = add(result, negate(balance))
    else
      balances.push({
        accountCode: line.accountCode,
        accountLabel: line.accountLabel,
        auxiliary: line.auxiliary ?? null,
        balance: toCents(balance),
      })
  }
  return { balances, result: toCents(result) }
}

/**
 * The balances an opening carries once lines have moved the year before it: `moves` are their Σ debit − Σ credit per
 * account and auxiliary (reversals included). Classes 1 to 5 add to their balance, 6 and 7 to the result (its sign
 * turned: a result is Σ credit − Σ debit); a balance that comes to 0 is no longer carried. A balance that was not
 * carried before takes its move's labels. Adding moves to the carried balances gives what splitClosingBalances gives
 * of the year's lines, moves included: the next opening follows without reading the whole year again.
 */
export function moveCarriedBalances(carried: CarriedBalances, moves: readonly ClosingBalance[]): CarriedBalances {
  const balances = new Map(
    carried.balances.map((balance) => [balanceKey(balance.accountCode, balance.auxiliary), balance]),
  )
  let result = carried.result
  for (const move of moves) {
    if (isResultAccount(move.accountCode)) {
      result = add(result, negate(move.balance))
      continue
    }
    if (!isBalanceSheetAccount(move.accountCode))
      throw new RangeError(
        `Account ${move.accountCode} (class ${classOf(move.accountCode)}) has no place in the à-nouveaux`,
      )
    const key = balanceKey(move.accountCode, move.auxiliary)
    const known = balances.get(key)
    balances.set(key, known ? { ...known, balance: add(known.balance, move.balance) } : move)
  }
  return {
    balances: [...balances.values()]
      .filter((balance) => !isZero(balance.balance))
      .map((balance) => ({ ...balance, balance: toCents(balance.balance) })),
    result: toCents(result),
  }
}

/** A bank, cash or associate account with the balance it had before the first movement the app knows. */
export type StartingValueForPosting = {
  journal: TreasuryJournalForPosting
  typeCode: JournalTypeCode
  /**
   * As the account shows it (journals.starting_value): money held for a bank or cash account (BQ, CAI, ES); what the
   * company owes the associate or the operator for their account (CC, EX), as their expense notes raise it.
   */
  value: string
}

/** Whether a positive value of the account is a debit (money held) or a credit (a debt to the associate). */
const owes = (typeCode: JournalTypeCode) => typeCode === 'CC' || typeCode === 'EX'

/**
 * The starting values of the first fiscal year of the books (decision 0024 "AN"): each account with a value on its
 * side — 512x / 530x debited for money held, 455x / 108x credited for what the associate or the operator is owed —
 * against the holding account 471, since nothing in the books says where that money came from. Later years carry
 * these balances in their à-nouveaux; null when every value is 0.
 */
export function postStartingValues(opening: {
  date: string
  values: readonly StartingValueForPosting[]
}): PostingEntry | null {
  const label = `Soldes de départ au ${formatDateFr(opening.date)}`
  const drafts: DraftLine[] = opening.values.flatMap(({ journal, typeCode, value }) => {
    const debit = owes(typeCode) ? negate(value) : value
    const lineLabel = `Solde de départ – ${journal.accountLabel ?? journal.label}`
    return [
      treasuryLine(journal, debit, lineLabel),
      { account: POSTING_ACCOUNTS.suspense, amount: toCents(negate(debit)), label: lineLabel },
    ]
  })
  const head = { date: opening.date, label, pieceRef: openingPieceRef(opening.date), pieceDate: opening.date }
  return checkedOrNothing(entryOf(OPENING_JOURNAL, head, drafts))
}
