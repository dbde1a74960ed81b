import { documentTotals } from '../../documents/totals'
import type { DiscountValue, LineType } from '../../documents/types'
import { add, subtract, toCents } from '../../money/arithmetic'
import type { CustomerVatArea, SalesDocumentForPosting } from './sales-shares'
import type { PostingEntry } from './types'

/**
 * Test support: entries written as a bookkeeper reads them ("D 411 C42 1200.00", "C 706 1000.00"), and sales
 * documents whose stored totals come from the real documentTotals, as the server stores them (features/sales/documents/
 * prepare.ts), so that the tests post what validation actually writes.
 */

export const book = (entry: PostingEntry | null): string[] =>
  (entry?.lines ?? []).map((line) => {
    const side = line.debit === '0.00' ? `C ${line.accountCode}` : `D ${line.accountCode}`
    const auxiliary = line.auxiliary ? ` ${line.auxiliary.code}` : ''
    return `${side}${auxiliary} ${line.debit === '0.00' ? line.credit : line.debit}`
  })

/** The balance of each account in the entries (debit − credit), accounts with a balance only, sorted by account. */
export function balances(entries: readonly (PostingEntry | null)[]): Record<string, string> {
  const result = new Map<string, string>()
  for (const line of entries.flatMap((entry) => entry?.lines ?? []))
    result.set(line.accountCode, add(result.get(line.accountCode) ?? '0', subtract(line.debit, line.credit)))
  return Object.fromEntries(
    [...result.entries()]
      .filter(([, value]) => toCents(value) !== '0.00')
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([code, value]) => [code, toCents(value)]),
  )
}

export type TestLine = {
  type: LineType
  amount: string
  ratePercent: string
  quantity?: string
  discount?: DiscountValue | null
  depositInvoiceId?: number | null
}

export type TestDocument = {
  reference?: string
  date?: string
  lines: readonly TestLine[]
  discount?: DiscountValue | null
  deliveryFees?: string | null
  disbursement?: string | null
  isCreditNote?: boolean
  isDeposit?: boolean
  vatOnDebits?: boolean
  taxFree?: boolean
  customerVatArea?: CustomerVatArea
}

/** A validated document as stored: lines' nets, breakdown and TTC from documentTotals. */
export function storedDocument(doc: TestDocument): SalesDocumentForPosting {
  const totals = documentTotals({
    lines: doc.lines.map((line) => ({ ...line, quantity: line.quantity ?? '1' })),
    discount: doc.discount,
    deliveryFees: doc.deliveryFees,
    disbursement: doc.disbursement,
    taxFree: doc.taxFree,
  })
  return {
    reference: doc.reference ?? 'F-2026-0001',
    date: doc.date ?? '2026-03-10',
    customer: { id: 42, name: 'Atelier Dupont' },
    ...(doc.customerVatArea ? { customerVatArea: doc.customerVatArea } : {}),
    isCreditNote: doc.isCreditNote ?? false,
    isDeposit: doc.isDeposit ?? false,
    vatOnDebits: doc.vatOnDebits ?? false,
    taxFree: doc.taxFree ?? false,
    lines: doc.lines.map((line, index) => ({
      type: line.type,
      ratePercent: doc.taxFree ? '0' : line.ratePercent,
      totalTaxExcluded: totals.lines[index]?.totalTaxExcluded ?? '0.00',
      depositInvoiceId: line.depositInvoiceId ?? null,
    })),
    deliveryFees: doc.deliveryFees ?? null,
    disbursement: doc.disbursement ?? null,
    totalTaxIncluded: totals.totalTaxIncluded,
    vatBreakdown: totals.byRate,
  }
}
