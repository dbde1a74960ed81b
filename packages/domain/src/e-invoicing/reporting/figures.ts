import type { IsoDate } from '../../dates/calendar'
import { add, compare, sum, toCents } from '../../money/arithmetic'
import type { ReportingPeriod } from './calendar'
import { type PaymentRateAmount, reportedPaymentShares, reportingRate } from './payment-split'
import { type ReportableSale, type ReportingCategory, reportingCategory, reportingScope } from './scope'

/**
 * The figures of one e-reporting period (flux 10), from the sales and payments the server maps: B2C transactions
 * aggregated per day, category and rate (10.3), international B2B ones invoice by invoice (10.1), payments for
 * services under VAT on receipts aggregated per day and rate (10.4) or one by one (10.2). Amounts are decimal strings
 * with two decimals; a credit note's negative amounts net the day's figures. A period with nothing is `isEmpty`:
 * nothing is sent for it.
 */

type PeriodBounds = Pick<ReportingPeriod, 'start' | 'end'>

const within = (date: IsoDate, period: PeriodBounds): boolean => date >= period.start && date <= period.end

const CATEGORY_ORDER: readonly ReportingCategory[] = ['TLB1', 'TPS1', 'TNT1', 'TMA1']

type Sortable = { category?: ReportingCategory; ratePercent: string }

/** Categories in the list's order, then rates from the highest. */
const byCategoryRate = (a: Sortable, b: Sortable): number => {
  const byCategory = CATEGORY_ORDER.indexOf(a.category ?? 'TLB1') - CATEGORY_ORDER.indexOf(b.category ?? 'TLB1')
  return byCategory !== 0 ? byCategory : compare(b.ratePercent, a.ratePercent)
}

const byDayCategoryRate = (a: Sortable & { date: IsoDate }, b: Sortable & { date: IsoDate }): number =>
  a.date !== b.date ? (a.date < b.date ? -1 : 1) : byCategoryRate(a, b)

export type TransactionRate = { category: ReportingCategory; ratePercent: string; taxExcluded: string; tax: string }

/** One day × category × rate of B2C sales: netted amounts and how many documents (invoices, credit notes) made them. */
export type AggregatedTransaction = TransactionRate & { date: IsoDate; operations: number }

export type AggregatedTransactions = { period: PeriodBounds; lines: AggregatedTransaction[]; isEmpty: boolean }

/** Each sale's parts per category and rate, amounts added (two parts of a sale may share both, e.g. TNT1 at 0 %). */
const ratesOf = (sale: ReportableSale): TransactionRate[] => {
  const rates = new Map<string, TransactionRate>()
  for (const part of sale.parts) {
    const category = reportingCategory(part, sale)
    const ratePercent = reportingRate(part.ratePercent)
    const key = `${category}|${ratePercent}`
    const found = rates.get(key)
    rates.set(key, {
      category,
      ratePercent,
      taxExcluded: add(found?.taxExcluded ?? '0', part.taxExcluded),
      tax: add(found?.tax ?? '0', part.tax),
    })
  }
  return [...rates.values()].map((rate) => ({
    ...rate,
    taxExcluded: toCents(rate.taxExcluded),
    tax: toCents(rate.tax),
  }))
}

/** Flux 10.3: the period's B2C sales per day × category × VAT rate. */
export function aggregateTransactions(sales: readonly ReportableSale[], period: PeriodBounds): AggregatedTransactions {
  const lines = new Map<string, AggregatedTransaction>()
  for (const sale of sales) {
    if (!within(sale.date, period) || reportingScope(sale.customer) !== 'b2c') continue
    for (const rate of ratesOf(sale)) {
      const key = `${sale.date}|${rate.category}|${rate.ratePercent}`
      const found = lines.get(key)
      lines.set(key, {
        ...rate,
        date: sale.date,
        taxExcluded: toCents(add(found?.taxExcluded ?? '0', rate.taxExcluded)),
        tax: toCents(add(found?.tax ?? '0', rate.tax)),
        operations: (found?.operations ?? 0) + 1,
      })
    }
  }
  const sorted = [...lines.values()].sort(byDayCategoryRate)
  return { period, lines: sorted, isEmpty: sorted.length === 0 }
}

/** One invoice or credit note to a business established abroad, with its totals per category and rate. */
export type UnitaryTransaction = {
  number: string
  date: IsoDate
  isCreditNote: boolean
  buyerCountryCode: string
  buyerVatNumber: string | null
  rates: TransactionRate[]
  taxExcluded: string
  tax: string
  taxIncluded: string
}

export type UnitaryTransactions = { period: PeriodBounds; transactions: UnitaryTransaction[]; isEmpty: boolean }

const byDateThenNumber = (a: { date: IsoDate; key: string }, b: { date: IsoDate; key: string }): number =>
  a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.key.localeCompare(b.key)

/** Flux 10.1: the period's sales to businesses established outside France, one by one. */
export function unitaryTransactions(sales: readonly ReportableSale[], period: PeriodBounds): UnitaryTransactions {
  const transactions = sales
    .filter((sale) => within(sale.date, period) && reportingScope(sale.customer) === 'b2b-international')
    .map((sale): UnitaryTransaction => {
      const rates = ratesOf(sale).sort(byCategoryRate)
      const taxExcluded = toCents(sum(rates.map((rate) => rate.taxExcluded)))
      const tax = toCents(sum(rates.map((rate) => rate.tax)))
      return {
        number: sale.number,
        date: sale.date,
        isCreditNote: sale.isCreditNote,
        buyerCountryCode: sale.customer.countryCode.toUpperCase(),
        buyerVatNumber: sale.buyerVatNumber ?? null,
        rates,
        taxExcluded,
        tax,
        taxIncluded: toCents(add(taxExcluded, tax)),
      }
    })
    .sort((a, b) => byDateThenNumber({ date: a.date, key: a.number }, { date: b.date, key: b.number }))
  return { period, transactions, isEmpty: transactions.length === 0 }
}

/** A payment received for an invoice (TTC, signed: a refund of a credit note is negative), at its date. */
export type ReceivedPayment = { date: IsoDate; amount: string; invoice: ReportableSale }

/** One day × rate of B2C payments: the amount received TTC. */
export type AggregatedPayment = PaymentRateAmount & { date: IsoDate }

export type AggregatedPayments = { period: PeriodBounds; lines: AggregatedPayment[]; isEmpty: boolean }

/** Flux 10.4: the period's payments for B2C services under VAT on receipts, per day × VAT rate. */
export function aggregatePayments(payments: readonly ReceivedPayment[], period: PeriodBounds): AggregatedPayments {
  const lines = new Map<string, AggregatedPayment>()
  for (const payment of payments) {
    if (!within(payment.date, period) || reportingScope(payment.invoice.customer) !== 'b2c') continue
    for (const share of reportedPaymentShares(payment.amount, payment.invoice)) {
      const key = `${payment.date}|${share.ratePercent}`
      const amount = toCents(add(lines.get(key)?.amount ?? '0', share.amount))
      lines.set(key, { date: payment.date, ratePercent: share.ratePercent, amount })
    }
  }
  const sorted = [...lines.values()].sort(byDayCategoryRate)
  return { period, lines: sorted, isEmpty: sorted.length === 0 }
}

/** One payment from a business established abroad: its invoice, and what it reports per rate. */
export type UnitaryPayment = {
  date: IsoDate
  invoiceNumber: string
  invoiceDate: IsoDate
  buyerCountryCode: string
  buyerVatNumber: string | null
  rates: PaymentRateAmount[]
  /** What the payment reports in all: its services part, not the whole amount received when the invoice mixes goods. */
  amount: string
}

export type UnitaryPayments = { period: PeriodBounds; payments: UnitaryPayment[]; isEmpty: boolean }

/** Flux 10.2: the period's payments for services under VAT on receipts from businesses abroad, one by one. */
export function unitaryPayments(payments: readonly ReceivedPayment[], period: PeriodBounds): UnitaryPayments {
  const reported = payments
    .filter((payment) => within(payment.date, period))
    .filter((payment) => reportingScope(payment.invoice.customer) === 'b2b-international')
    .flatMap((payment): UnitaryPayment[] => {
      const rates = reportedPaymentShares(payment.amount, payment.invoice)
      if (rates.length === 0) return []
      const { invoice } = payment
      return [
        {
          date: payment.date,
          invoiceNumber: invoice.number,
          invoiceDate: invoice.date,
          buyerCountryCode: invoice.customer.countryCode.toUpperCase(),
          buyerVatNumber: invoice.buyerVatNumber ?? null,
          rates,
          amount: toCents(sum(rates.map((rate) => rate.amount))),
        },
      ]
    })
    .sort((a, b) => byDateThenNumber({ date: a.date, key: a.invoiceNumber }, { date: b.date, key: b.invoiceNumber }))
  return { period, payments: reported, isEmpty: reported.length === 0 }
}
