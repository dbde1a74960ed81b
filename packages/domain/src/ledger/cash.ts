import { formatDateFr } from '../dates/format'
import { cashMessages } from '../messages/cash'
import { isNegative, sum, toCents } from '../money/arithmetic'
import { formatEuro } from '../money/format'
import { SALES_CATEGORY_CODES } from '../reference/ids'
import { sumRuleError } from './allocations'
import { CASH_LINE_NAMES, CASH_SALE_LINE_NAMES, signedLineAmount } from './signs'

/**
 * Cash operations and cash sales (spec/money.md §3, §5): how their lines are named, signed, classed and checked. The
 * server stores what these functions say and the web shows the same, so a line never reads one way and saves another.
 */

const startsWithWord = (name: string, word: string) => name.trim().toLowerCase().startsWith(word.toLowerCase())

/** A cash line is named "Entrée…" or "Sortie…" (spec/money.md §3 Transaction allocation). */
export const isCashLineName = (name: string) =>
  startsWithWord(name, CASH_LINE_NAMES.in) || startsWithWord(name, CASH_LINE_NAMES.out)

/** The line amounts of a cash operation as stored: an exit negative, an entry positive, whatever sign was typed. */
export const signedCashAmounts = (lines: readonly { name: string; amount: string }[]): string[] =>
  lines.map((line) => toCents(signedLineAmount('CAI', line.name, line.amount)))

/** A cash operation's amount: the sum of its signed lines. */
export const cashOperationAmount = (lines: readonly { name: string; amount: string }[]): string => {
  const amounts = signedCashAmounts(lines)
  return toCents(sum(amounts.length > 0 ? amounts : ['0']))
}

/** The warning a negative cash balance gets (never silent, never blocking: see the cash service), or null. */
export const negativeCashWarning = (balance: string): string | null =>
  isNegative(balance) ? cashMessages.cash.negativeBalance(formatEuro(balance)) : null

export type CashSaleLineKind = 'sale' | 'receipt'

/**
 * A cash-sale line is classed by its name (spec/money.md §5): containing "Encaissement" it says how the money came
 * in, containing "Vente" it is takings; null otherwise. Case and accents of the rest do not matter; "Encaissement des
 * ventes" is a receipt (the word that names the money wins over the one that names what was sold).
 */
export function cashSaleLineKind(name: string): CashSaleLineKind | null {
  const folded = name.toLowerCase()
  if (folded.includes(CASH_SALE_LINE_NAMES.receipt.toLowerCase())) return 'receipt'
  if (folded.includes(CASH_SALE_LINE_NAMES.sale.toLowerCase())) return 'sale'
  return null
}

/** The category codes a sale line may take: the sales side's (701, 707 goods; 706, 708 services) and their children. */
export const isCashSaleCategory = (code: string) =>
  [...SALES_CATEGORY_CODES.goods, ...SALES_CATEGORY_CODES.services].some((prefix) => code.startsWith(prefix))

/** The category codes a receipt line may take: treasury accounts (530 cash, 580 cheques and cards to deposit…). */
export const isCashReceiptCategory = (code: string) => code.startsWith('5')

/** "Ventes au comptant du 03/03/2026": a cash sale's name when none is typed (spec/money.md §5). */
export const cashSaleDefaultName = (datedAt: string) => cashMessages.cashSales.defaultName(formatDateFr(datedAt))

export type CashSaleTotals = {
  /** The takings: the amount given, or the sum of the sale lines. */
  amount: string
  sales: string
  receipts: string
  /** The sum rule's message for the sale lines (only when an amount was given), and for the receipt lines. */
  salesGap: string | null
  receiptsGap: string | null
}

/**
 * A cash sale's two checks (spec/money.md §5, the sum rule per group): the sale lines add up to the takings, and the
 * receipt lines (how it was paid) add up to the same amount. Every amount is positive (signedLineAmount 'ES').
 */
export function cashSaleTotals(lines: readonly { name: string; amount: string }[], amount?: string): CashSaleTotals {
  const of = (kind: CashSaleLineKind) =>
    lines
      .filter((line) => cashSaleLineKind(line.name) === kind)
      .map((line) => signedLineAmount('ES', line.name, line.amount))
  const sales = of('sale')
  const receipts = of('receipt')
  const salesTotal = toCents(sum(sales.length > 0 ? sales : ['0']))
  const takings = amount === undefined ? salesTotal : toCents(signedLineAmount('ES', '', amount))
  return {
    amount: takings,
    sales: salesTotal,
    receipts: toCents(sum(receipts.length > 0 ? receipts : ['0'])),
    salesGap: amount === undefined ? null : sumRuleError(takings, sales),
    receiptsGap: sumRuleError(takings, receipts),
  }
}
