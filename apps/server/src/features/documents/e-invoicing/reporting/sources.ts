import {
  cashSaleOf,
  type IsoDate,
  type LineType,
  type ReceivedPayment,
  type ReportableSale,
  reportableSaleOf,
  sum,
  toCents,
} from '@app/domain'
import type { DbOrTx } from '../../../../db/client'
import { paymentsOf } from '../../../sales/invoices/payments'
import { createReportingSourcesRepo, type DateRange } from './sources-repo'

export type ReportingSources = { sales: ReportableSale[]; payments: ReceivedPayment[] }

type StoredDocument = Awaited<ReturnType<ReturnType<typeof createReportingSourcesRepo>['documentsDated']>>[number]

/** A validated invoice or credit note as the domain reads it (the customer as its snapshot printed it). */
const saleOf = (row: StoredDocument): ReportableSale =>
  reportableSaleOf({
    number: row.reference,
    date: row.datedAt,
    isCreditNote: row.isCreditNote,
    isDeposit: row.isDeposit,
    vatOnDebits: row.vatOnDebits,
    taxFree: row.taxFree,
    customer: row.customer
      ? {
          contactTypeId: row.customer.contactTypeId,
          countryCode: row.countryCode,
          registrySiren: row.customer.registrySiren,
          intracommunityTaxNumber: row.customer.intracommunityTaxNumber,
        }
      : null,
    lines: row.lines.map((line) => ({ ...line, type: line.type as LineType })),
    deliveryFees: row.deliveryFees,
    disbursement: row.disbursement,
    vatBreakdown: row.vatBreakdown,
  })

const within = (date: IsoDate, range: DateRange) => date >= range.from && date <= range.to

/**
 * What e-reporting reads of an organisation's books for a range of days (flux 10): every sale dated in it — validated
 * invoices, deposit invoices and credit notes, and cash sales — and every payment received in it, with the sale it
 * pays wherever that sale is dated. The domain decides what each period reports (scope, categories, payments that
 * count); nothing is filtered here by customer or nature.
 *
 * Payments of invoices are what the invoice's page shows (paymentsOf, decision 0034): each bank line's share and each
 * payment by hand waiting for its bank line, card payments included (they are recorded as payments by hand). A cash
 * sale is paid on the spot: its takings are a payment at its date. Not read: an invoice marked paid before payments
 * were recorded (no payment row), and the refund of a credit note marked refunded without a bank line.
 */
export function createReportingSources(db: DbOrTx) {
  const repo = createReportingSourcesRepo(db)

  async function invoicePayments(organizationId: number, range: DateRange, known: Map<number, ReportableSale>) {
    const paidIds = await repo.paidWithin(organizationId, range)
    if (paidIds.length === 0) return []
    const missing = paidIds.filter((id) => !known.has(id))
    for (const row of await repo.documentsOf(organizationId, missing)) known.set(row.id, saleOf(row))
    const paymentsOfInvoice = await paymentsOf(db, organizationId, paidIds)
    const payments: ReceivedPayment[] = []
    for (const id of paidIds) {
      const invoice = known.get(id)
      if (!invoice) continue
      for (const payment of paymentsOfInvoice(id))
        if (within(payment.paidAt, range)) payments.push({ date: payment.paidAt, amount: payment.amount, invoice })
    }
    return payments
  }

  return {
    /** Sales dated from–to and payments received from–to (both included), of one organisation. */
    async read(organizationId: number, range: { from: IsoDate; to: IsoDate }): Promise<ReportingSources> {
      const documents = await repo.documentsDated(organizationId, range)
      const known = new Map(documents.map((row) => [row.id, saleOf(row)]))
      const sales = [...known.values()]
      const payments = await invoicePayments(organizationId, range, known)

      const cashSales = await repo.cashSalesDated(organizationId, range)
      if (cashSales.length > 0) {
        const vatOnDebits = await repo.vatOnDebits(organizationId)
        for (const row of cashSales) {
          const sale = cashSaleOf({
            // The cash sale's piece in the books: its reference, else the server's own (ledger/expected.ts).
            number: row.reference || `T${row.id}`,
            date: row.datedAt,
            vatOnDebits,
            lines: row.lines,
          })
          if (sale.parts.length === 0) continue
          sales.push(sale)
          // Its "Vente" lines make the takings (TTC), received the same day.
          payments.push({
            date: row.datedAt,
            amount: toCents(sum(row.lines.map((line) => line.amount))),
            invoice: sale,
          })
        }
      }
      return { sales, payments }
    },
  }
}
