import { negate, subtract, toCents } from '../../money/arithmetic'
import {
  deductibleVatAccount,
  type LedgerAccount,
  POSTING_ACCOUNTS,
  PURCHASES_JOURNAL,
  supplierAuxiliary,
} from './accounts'
import { checkedOrNothing } from './balance'
import { type DraftLine, entryOf, rateKey, spread, sumOf } from './lines'
import type { Party, PostingEntry, VatNature } from './types'

/** One rate of the receipt's VAT (an e-invoice's BG-23, or the one rate of a typed receipt). */
export type ReceiptVatLineForPosting = { ratePercent: string; taxExcluded: string; taxAmount: string }

export type ReceiptForPosting = {
  /** The piece: the supplier's invoice number, else the server's own reference for the receipt. */
  reference: string
  date: string
  /** "Orange – FA-123" when not given. */
  label?: string | null
  supplier: Party
  /** The category chosen on the receipt, else its bank line's, else the holding account (decision 0024 "HA"). */
  account: LedgerAccount
  nature: VatNature
  taxIncluded: string
  /** Empty: no VAT to deduct, the whole TTC is the expense. */
  vatLines: readonly ReceiptVatLineForPosting[]
}

/**
 * A validated receipt (decision 0024 "HA"): C 401 (the supplier's auxiliary) its TTC; per VAT rate, D the expense
 * account its HT and D 44566 (44562 on a fixed asset) its VAT, as the receipt states them. The HT is what the TTC
 * leaves after the VAT, spread over the rates in proportion to their stated bases, so that 401 is the TTC to the cent
 * even when the supplier's lines were rounded otherwise.
 */
export function postPurchaseReceipt(receipt: ReceiptForPosting): PostingEntry | null {
  const label = receipt.label || `${receipt.supplier.name} – ${receipt.reference}`
  const taxExcluded = toCents(subtract(receipt.taxIncluded, sumOf(receipt.vatLines.map((line) => line.taxAmount))))
  const vatAccount = deductibleVatAccount(receipt.account.code)

  const expense: DraftLine[] = []
  if (receipt.vatLines.length === 0) expense.push({ account: receipt.account, amount: taxExcluded, label })
  const bases =
    receipt.vatLines.length === 0
      ? []
      : spread(
          taxExcluded,
          receipt.vatLines.map((l) => l.taxExcluded),
        )
  receipt.vatLines.forEach((line, index) => {
    const base = bases[index] ?? '0'
    const vat = {
      ratePercent: rateKey(line.ratePercent),
      base,
      kind: 'deductible' as const,
      nature: receipt.nature,
      dueOn: 'invoice' as const,
    }
    expense.push({ account: receipt.account, amount: base, label, vat })
    expense.push({ account: vatAccount, amount: toCents(line.taxAmount), label, vat })
  })

  const supplier: DraftLine = {
    account: POSTING_ACCOUNTS.suppliers,
    amount: negate(receipt.taxIncluded),
    label,
    auxiliary: supplierAuxiliary(receipt.supplier),
  }
  const head = { date: receipt.date, label, pieceRef: receipt.reference, pieceDate: receipt.date }
  return checkedOrNothing(entryOf(PURCHASES_JOURNAL, head, [supplier, ...expense]))
}
