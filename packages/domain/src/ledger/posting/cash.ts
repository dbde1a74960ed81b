import { negate, toCents } from '../../money/arithmetic'
import { checkedOrNothing } from './balance'
import { postBankTransaction, type TreasuryMovementForPosting, treasuryLine } from './bank'
import { type DraftLine, entryOf, sumOf } from './lines'
import { type MovementPart, partLines } from './parts'
import type { PostingEntry, TreasuryJournalForPosting } from './types'

/** The generic cash category (530): on a cash sale it stands for the cash box of the sale's journal (decision 0018). */
const CASH_CATEGORY_CODE = '530'

/**
 * A cash movement (CAI1…, decision 0022): posted as a bank line is, on the cash box's own account (5301…): its
 * signed lines against their categories' accounts, VAT on 44566 out / 44571 in; none yet: 471.
 */
export const postCashOperation = (
  movement: Omit<TreasuryMovementForPosting, 'invoicePayments' | 'receiptPayments'>,
): PostingEntry | null => postBankTransaction(movement)

/** An "Encaissement" line: how the takings came in, on a treasury account (530 cash, 580 cheques and cards…). */
export type CashReceiptLine = { accountCode: string; accountLabel: string; label?: string | null; amount: string }

export type CashSaleForPosting = {
  /** The cash-sales journal (ES1…), with the cash account of its sequence (5301…). */
  journal: TreasuryJournalForPosting
  date: string
  label: string
  pieceRef: string
  /** "Encaissement" lines, positive. */
  receipts: readonly CashReceiptLine[]
  /** "Vente" lines, positive TTC with their VAT, on sales categories. */
  sales: readonly MovementPart[]
}

/**
 * A cash sale (ES1…, decision 0022): the "Encaissement" lines debit their treasury account — the generic cash
 * category 530 becoming the journal's own cash account — and the "Vente" lines credit their sales account HT and
 * 44571 their VAT, due at once (the sale is paid on the spot). Both groups make the takings, so it balances by
 * construction; a sale whose groups differ is a bug upstream and throws.
 */
export function postCashSale(sale: CashSaleForPosting): PostingEntry | null {
  const { journal, label } = sale
  const receipts: DraftLine[] = sale.receipts.map((line) =>
    line.accountCode === CASH_CATEGORY_CODE
      ? treasuryLine(journal, line.amount, line.label || label)
      : {
          account: { code: line.accountCode, label: line.accountLabel },
          amount: toCents(line.amount),
          label: line.label || label,
        },
  )
  const sales = partLines(sale.sales, label, 'invoice')
  const received = toCents(sumOf(receipts.map((line) => line.amount)))
  const sold = toCents(negate(sumOf(sales.map((line) => line.amount))))
  if (received !== sold) throw new Error(`Cash sale ${sale.pieceRef}: receipts make ${received}, sales ${sold}`)
  const head = { date: sale.date, label, pieceRef: sale.pieceRef, pieceDate: sale.date }
  return checkedOrNothing(entryOf(journal, head, [...receipts, ...sales]))
}
