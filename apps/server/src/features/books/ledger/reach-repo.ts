import { RECEIPT_STATE_IDS } from '@app/domain'
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { idsParam } from '../../../db/ids'

type Ids = readonly number[]

const idsOf = async (db: DbOrTx, query: ReturnType<typeof sql>) =>
  (await db.execute<{ id: number }>(query)).rows.map((row) => Number(row.id))

/**
 * What a change to some documents reaches in the books besides themselves (decision 0045): the documents whose
 * entries read the changed ones. These were the marks of migrations 0019–0021 and 0033, triggers that wrote
 * `ledger_pending`; they are read here when a service posts. Each answers ids, in one statement whatever their number.
 */
export function createLedgerReachRepo(db: DbOrTx) {
  return {
    /** The validated receipts attached to these lines: their expense account is the line's category (0019). */
    async receiptsOfLines(organizationId: number, transactionIds: Ids) {
      if (transactionIds.length === 0) return []
      return idsOf(
        db,
        sql`select distinct rt.receipt_id as id from receipt_transactions rt
          join receipts r on r.organization_id = rt.organization_id and r.id = rt.receipt_id
          where rt.organization_id = ${organizationId} and rt.transaction_id = any(${idsParam(transactionIds)})
            and r.state_id = ${RECEIPT_STATE_IDS.VALIDATED}`,
      )
    },

    /** The lines these receipts are attached to: a line's entry pays its receipts' suppliers (0019). */
    async linesOfReceipts(organizationId: number, receiptIds: Ids) {
      if (receiptIds.length === 0) return []
      return idsOf(
        db,
        sql`select distinct transaction_id as id from receipt_transactions
          where organization_id = ${organizationId} and receipt_id = any(${idsParam(receiptIds)})`,
      )
    },

    /** The validated receipts of these suppliers: their 401 lines bear the supplier's name (0019). */
    async receiptsOfSuppliers(organizationId: number, contactIds: Ids) {
      if (contactIds.length === 0) return []
      return idsOf(
        db,
        sql`select id from receipts where organization_id = ${organizationId}
          and contact_id = any(${idsParam(contactIds)}) and state_id = ${RECEIPT_STATE_IDS.VALIDATED}`,
      )
    },

    /** The invoices these lines pay. */
    async invoicesOfLines(organizationId: number, transactionIds: Ids) {
      if (transactionIds.length === 0) return []
      return idsOf(
        db,
        sql`select distinct invoice_id as id from transaction_invoices
          where organization_id = ${organizationId} and transaction_id = any(${idsParam(transactionIds)})`,
      )
    },

    /** The invoices of these payments by hand. */
    async invoicesOfPayments(organizationId: number, paymentIds: Ids) {
      if (paymentIds.length === 0) return []
      return idsOf(
        db,
        sql`select distinct invoice_id as id from invoice_payments
          where organization_id = ${organizationId} and id = any(${idsParam(paymentIds)})`,
      )
    },

    /**
     * An invoice paid in several transfers (0021, 0033): what a transfer pays of an invoice, and the VAT it makes due,
     * depends on the transfers before it, on what those took for their other invoices first, and on the payments by
     * hand after them. From these invoices, through the links, every invoice reached, the transfers that pay them, and
     * their payments by hand.
     */
    async instalments(organizationId: number, invoiceIds: Ids) {
      if (invoiceIds.length === 0) return { invoices: [], transactions: [], payments: [] }
      const { rows } = await db.execute<{ kind: string; id: number }>(
        sql`with recursive reach(invoice_id) as (
            select unnest(${idsParam(invoiceIds)})
            union
            select other.invoice_id from reach r
            join transaction_invoices l on l.organization_id = ${organizationId} and l.invoice_id = r.invoice_id
            join transaction_invoices other
              on other.organization_id = ${organizationId} and other.transaction_id = l.transaction_id
          )
          select 'invoice' as kind, invoice_id as id from reach
          union
          select 'transaction', l.transaction_id from reach r
          join transaction_invoices l on l.organization_id = ${organizationId} and l.invoice_id = r.invoice_id
          union
          select 'payment', p.id from reach r
          join invoice_payments p on p.organization_id = ${organizationId} and p.invoice_id = r.invoice_id`,
      )
      const of = (kind: string) => rows.filter((row) => row.kind === kind).map((row) => Number(row.id))
      return { invoices: of('invoice'), transactions: of('transaction'), payments: of('payment') }
    },
  }
}
