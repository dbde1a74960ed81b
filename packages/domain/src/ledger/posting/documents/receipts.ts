import { compare, divide, isZero, multiply, roundTo } from '../../../money/arithmetic'
import { vatOfTaxExcluded } from '../../../vat/compute'
import { FRENCH_VAT_RATES } from '../../../vat/rates'
import { accountNature, type LedgerAccount, POSTING_ACCOUNTS } from '../accounts'
import { postPurchaseReceipt, type ReceiptVatLineForPosting } from '../purchases'
import type { Party, PostingEntry } from '../types'

/** What the books read of a validated receipt, as stored. */
export type StoredReceipt = {
  receipt: {
    id: number
    /** The supplier's invoice number. */
    reference: string | null
    datedAt: string | null
    taxExcluded: string | null
    taxAmount: string | null
    taxIncluded: string | null
    /** Its VAT per rate, as read from an e-invoice or typed; null when only the totals were typed. */
    vatLines: readonly { ratePercent: string; taxableAmount: string; taxAmount: string }[] | null
    contactId: number | null
    supplierName: string | null
  }
  /** The lines it is attached to, in the order they were attached. */
  lines: readonly { journalTypeCode: string }[]
  /** The category of the first line's largest split line: the expense account. */
  category: LedgerAccount | null
}

/**
 * Journals whose lines book their own expense (expense notes, cash, cash sales): a receipt attached to one of them is
 * that line's proof, not a supplier's invoice waiting to be paid; posting it to HA as well would count the charge twice
 * and leave 401 open forever, since only a bank line settles receipts.
 */
const BOOKS_ITS_OWN_EXPENSE = new Set<string>(['CC', 'EX', 'CAI', 'ES'])

/**
 * The rate of a receipt typed with its HT and TTC only: the French rate that gives its VAT to the cent, else the
 * quotient itself (an overseas rate, a rounded total), so that the VAT report files it under a rate either way.
 */
export function typedRateOf(taxExcluded: string, taxAmount: string): string {
  const known = FRENCH_VAT_RATES.find(
    (rate) => !isZero(rate.ratePercent) && compare(vatOfTaxExcluded(taxExcluded, rate.ratePercent), taxAmount) === 0,
  )
  if (known) return known.ratePercent
  return isZero(taxExcluded) ? '0' : roundTo(multiply(divide(taxAmount, taxExcluded), '100'), 2)
}

/** Its VAT per rate: the lines it has, else one line of its typed totals, else none (no VAT typed). */
export function receiptVatLinesOf(receipt: StoredReceipt['receipt']): ReceiptVatLineForPosting[] {
  if (receipt.vatLines && receipt.vatLines.length > 0)
    return receipt.vatLines.map((line) => ({
      ratePercent: line.ratePercent,
      taxExcluded: line.taxableAmount,
      taxAmount: line.taxAmount,
    }))
  if (receipt.taxExcluded === null || receipt.taxAmount === null || isZero(receipt.taxAmount)) return []
  return [
    {
      ratePercent: typedRateOf(receipt.taxExcluded, receipt.taxAmount),
      taxExcluded: receipt.taxExcluded,
      taxAmount: receipt.taxAmount,
    },
  ]
}

/** The piece a receipt is known by in the books: the supplier's invoice number, else the server's own. */
export const receiptPieceRef = (receipt: Pick<StoredReceipt['receipt'], 'id' | 'reference'>) =>
  receipt.reference?.trim() || `J${receipt.id}`

/**
 * A validated receipt's purchase entry (decision 0024 "HA"), null when it lacks a supplier, a date or a TTC, or when
 * it proves a line of a journal that books the expense itself. Receipts carry no category of their own: the expense
 * account is its first bank line's (the split line that takes most of it), else the holding account until one is
 * attached and categorised.
 */
export function purchaseEntryOf({ receipt, lines, category }: StoredReceipt): PostingEntry | null {
  if (receipt.contactId === null || receipt.datedAt === null || receipt.taxIncluded === null) return null
  if (lines.some((line) => BOOKS_ITS_OWN_EXPENSE.has(line.journalTypeCode))) return null
  const account: LedgerAccount = category ?? POSTING_ACCOUNTS.suspense
  return postPurchaseReceipt({
    reference: receiptPieceRef(receipt),
    date: receipt.datedAt,
    supplier: { id: receipt.contactId, name: receipt.supplierName ?? '' },
    account,
    nature: accountNature(account.code),
    taxIncluded: receipt.taxIncluded,
    vatLines: receiptVatLinesOf(receipt),
  })
}

/** A receipt a bank line may pay, as the books know it: posted to HA (only those have a 401 credit to settle). */
export type PaidPurchase = { supplier: Party; taxIncluded: string; pieceRef: string }

/** The receipt as a bank line pays it; null when it is not in the purchase journal, so there is nothing to settle. */
export function paidPurchaseOf(data: StoredReceipt): PaidPurchase | null {
  if (!purchaseEntryOf(data)) return null
  const { receipt } = data
  return {
    supplier: { id: receipt.contactId ?? 0, name: receipt.supplierName ?? '' },
    taxIncluded: receipt.taxIncluded ?? '0',
    pieceRef: receiptPieceRef(receipt),
  }
}
