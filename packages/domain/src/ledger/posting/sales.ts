import { isZero, negate, toCents } from '../../money/arithmetic'
import { customerAuxiliary, POSTING_ACCOUNTS, SALES_JOURNAL } from './accounts'
import { checkedOrNothing } from './balance'
import { type DraftLine, entryOf, rateKey, spread, sumOf } from './lines'
import {
  checkStoredTotals,
  collectedVatDueOn,
  documentNature,
  type RevenueShare,
  revenueAtRate,
  type SalesDocumentForPosting,
  zeroRatedOperation,
} from './sales-shares'
import type { PostingEntry, VatNature } from './types'

export type { CustomerVatArea, SalesDocumentForPosting, SalesLineForPosting } from './sales-shares'
export { customerVatAreaOf, zeroRatedOperation } from './sales-shares'

/** "Facture F-2026-0007 – Atelier Dupont", "Avoir AV-2026-0002 – …", "Facture d'acompte F-2026-0008 – …". */
export function salesEntryLabel(
  doc: Pick<SalesDocumentForPosting, 'reference' | 'customer' | 'isCreditNote' | 'isDeposit'>,
) {
  const kind = doc.isCreditNote ? 'Avoir' : doc.isDeposit ? "Facture d'acompte" : 'Facture'
  return `${kind} ${doc.reference} – ${doc.customer.name}`
}

/**
 * One rate's VAT on 44571, split by nature when the rate holds goods and services (their VAT falls due at different
 * dates): in proportion to each nature's base, the larger absorbing the rounding cent. Each line's base is its
 * nature's part of the rate's taxable base, so the bases of the VAT lines add up to those of the revenue lines.
 */
function collectedVat(doc: SalesDocumentForPosting, taxAmount: string, shares: RevenueShare[]) {
  const natures: VatNature[] = ['goods', 'services']
  const bases = natures.map((nature) => sumOf(shares.filter((s) => s.nature === nature).map((s) => s.amount)))
  const present = natures.filter((_, index) => !isZero(bases[index] ?? '0'))
  const used: VatNature[] = present.length > 0 ? present : [documentNature(doc)]
  const amounts = spread(
    taxAmount,
    used.map((nature) => bases[natures.indexOf(nature)] ?? '0'),
  )
  return used.map((nature, index) => ({
    nature,
    base: bases[natures.indexOf(nature)] ?? '0',
    amount: amounts[index] ?? '0',
  }))
}

/**
 * The sales journal's entry of a validated invoice (decision 0024): D 411 (the customer's auxiliary) its stored TTC;
 * per stored rate, C 706 / 707 / 7085 / 467 its HT (4191 for a deposit invoice; a final invoice's deduction lines
 * debit 4191) and C 44571 its VAT. A credit note, negative, comes out as the mirror. Throws when the stored totals do
 * not hold together, and never returns an entry that does not balance; null for a document of 0.00.
 */
export function postSalesDocument(doc: SalesDocumentForPosting): PostingEntry | null {
  checkStoredTotals(doc)
  const label = salesEntryLabel(doc)
  const tag = (ratePercent: string, nature: VatNature, base: string) => {
    if (doc.taxFree) return null
    const operation = isZero(ratePercent) ? zeroRatedOperation(doc.customerVatArea, nature) : undefined
    return {
      ratePercent,
      base,
      kind: 'collected' as const,
      nature,
      dueOn: collectedVatDueOn(nature, doc),
      ...(operation ? { operation } : {}),
    }
  }

  const revenue: DraftLine[] = []
  const vat: DraftLine[] = []
  for (const rate of doc.vatBreakdown) {
    const ratePercent = rateKey(rate.ratePercent)
    const { shares, disbursement } = revenueAtRate(doc, rate)
    for (const share of shares)
      revenue.push({
        account: share.account,
        amount: negate(share.amount),
        label,
        vat: tag(ratePercent, share.nature, share.amount),
      })
    revenue.push({ account: POSTING_ACCOUNTS.disbursements, amount: negate(disbursement), label })
    if (isZero(rate.taxAmount)) continue
    for (const part of collectedVat(doc, toCents(rate.taxAmount), shares))
      vat.push({
        account:
          collectedVatDueOn(part.nature, doc) === 'payment' && !doc.taxFree
            ? POSTING_ACCOUNTS.vatCollectedPending
            : POSTING_ACCOUNTS.vatCollected,
        amount: negate(part.amount),
        label,
        vat: tag(ratePercent, part.nature, part.base),
      })
  }

  const customer: DraftLine = {
    account: POSTING_ACCOUNTS.customers,
    amount: toCents(doc.totalTaxIncluded),
    label,
    auxiliary: customerAuxiliary(doc.customer),
  }
  const head = { date: doc.date, label, pieceRef: doc.reference, pieceDate: doc.date }
  return checkedOrNothing(entryOf(SALES_JOURNAL, head, [customer, ...revenue, ...vat]))
}
