import { INVOICE_STATE_IDS } from '@app/domain'
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { compiled } from '../../../db/compiled'
import { idsLiteral, inIdsOf } from '../../../db/ids'
import { linkedInvoice, linkedTransaction, netToPayByTransfers } from '../../../db/joins'
import { invoices, transactionInvoices, transactions } from '../../../db/schema/index'

export type Turn = { date: string; id: number }

/**
 * The transfers that pay some invoices, in the order they pay, up to a last one or all: read by every invoice's detail
 * and every posting of a transfer, their SQL built once (db/compiled.ts).
 */
const payingWhere = (upToLast?: SQL) =>
  and(
    eq(transactionInvoices.organizationId, sql.placeholder('organizationId')),
    inIdsOf(transactionInvoices.invoiceId, 'invoiceIds'),
    upToLast,
  )
const payingOf = (db: DbOrTx, upToLast?: SQL) =>
  db
    .selectDistinct({ date: transactions.datedAt, id: transactions.id })
    .from(transactionInvoices)
    .innerJoin(transactions, linkedTransaction)
    .where(payingWhere(upToLast))
    .orderBy(asc(transactions.datedAt), asc(transactions.id))
const paying = compiled('instalments_paying', (db) => payingOf(db))
const payingUpTo = compiled('instalments_paying_up_to', (db) =>
  payingOf(
    db,
    sql`(${transactions.datedAt}, ${transactions.id}) <= (${sql.placeholder('lastDate')}::date, ${sql.placeholder('lastId')})`,
  ),
)

/** The queries of the reading of instalments (instalments.ts), in the caller's transaction. */
export function createInstalmentsRepo(db: DbOrTx, organizationId: number) {
  return {
    /** A transfer's date and id, or undefined. */
    async turnOf(transactionId: number): Promise<Turn | undefined> {
      const [row] = await db
        .select({ date: transactions.datedAt, id: transactions.id })
        .from(transactions)
        .where(and(eq(transactions.organizationId, organizationId), eq(transactions.id, transactionId)))
      return row
    },

    /** The transfers that pay these invoices, up to `last` when given, in the order they pay. */
    paying(invoiceIds: readonly number[], last: Turn | null) {
      const values = { organizationId, invoiceIds: idsLiteral(invoiceIds) }
      return last ? payingUpTo(db, { ...values, lastDate: last.date, lastId: last.id }) : paying(db, values)
    },

    transfers(ids: readonly number[]) {
      return db
        .select({ id: transactions.id, date: transactions.datedAt, amount: transactions.amount })
        .from(transactions)
        .where(and(eq(transactions.organizationId, organizationId), inArray(transactions.id, [...ids])))
    },

    /** The invoices these transfers pay, each transfer's in the order it pays them (the invoices' date, then id). */
    invoicesOf(transactionIds: readonly number[]) {
      if (transactionIds.length === 0) return Promise.resolve([])
      return db
        .select({
          transactionId: transactionInvoices.transactionId,
          invoiceId: invoices.id,
          // The payments recorded by hand pay first: the bank lines pay what they leave (decision 0034).
          netToPay: netToPayByTransfers,
        })
        .from(transactionInvoices)
        .innerJoin(invoices, linkedInvoice)
        .where(
          and(
            eq(transactionInvoices.organizationId, organizationId),
            inArray(transactionInvoices.transactionId, [...transactionIds]),
            ne(invoices.stateId, INVOICE_STATE_IDS.DRAFT),
          ),
        )
        .orderBy(asc(transactionInvoices.transactionId), asc(invoices.datedAt), asc(invoices.id))
    },
  }
}
