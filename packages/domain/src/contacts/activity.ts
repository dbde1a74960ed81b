import { Dec, fixed, toDec } from '../money/decimal'

/** What a contact's detail panel sums from its documents (one row per quote or invoice, totals TTC). */
export type ContactQuoteRow = { stateCode: string; totalTaxIncluded: string }
export type ContactInvoiceRow = {
  stateCode: string
  totalTaxIncluded: string
  /** YYYY-MM-DD */
  datedAt: string
  /** YYYY-MM-DD, for paid invoices. */
  paymentDateAt: string | null
  isCreditNote: boolean
}

export type ContactActivity = {
  quotesCount: number
  quotesAmount: string
  invoicesCount: number
  invoicesAmount: string
  invoicesLateAmount: string
  /** Average days between an invoice's date and its payment, rounded to the day; null without paid invoices. */
  averagePaymentDelay: number | null
}

const NOT_INVOICED = new Set(['DRAFT', 'CANCELED'])
const DAY_MS = 86_400_000

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)

/**
 * Totals of the customer detail panel (spec/sales.md §2): quoted (every quote but drafts), invoiced (validated
 * invoices and credit notes, drafts and cancelled ones aside), late (invoices in state LATE), and the average
 * payment delay of paid invoices. Amounts are two-decimal strings.
 */
export function summarizeContactActivity(quotes: ContactQuoteRow[], invoices: ContactInvoiceRow[]): ContactActivity {
  const sentQuotes = quotes.filter((quote) => quote.stateCode !== 'DRAFT')
  const invoiced = invoices.filter((invoice) => !NOT_INVOICED.has(invoice.stateCode))
  const total = (rows: { totalTaxIncluded: string }[]) =>
    fixed(
      rows.reduce((sum, row) => sum.plus(toDec(row.totalTaxIncluded)), new Dec(0)),
      2,
    )
  const delays = invoiced
    .filter((invoice) => !invoice.isCreditNote && invoice.paymentDateAt !== null)
    .map((invoice) => daysBetween(invoice.datedAt, invoice.paymentDateAt as string))
  return {
    quotesCount: sentQuotes.length,
    quotesAmount: total(sentQuotes),
    invoicesCount: invoiced.length,
    invoicesAmount: total(invoiced),
    invoicesLateAmount: total(invoiced.filter((invoice) => invoice.stateCode === 'LATE')),
    averagePaymentDelay:
      delays.length === 0 ? null : Math.round(delays.reduce((sum, days) => sum + days, 0) / delays.length),
  }
}
