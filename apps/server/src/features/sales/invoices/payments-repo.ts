import type { PaymentMethod } from '@app/domain'
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { compiled } from '../../../db/compiled'
import { idsLiteral, inIdsOf } from '../../../db/ids'
import { invoicePayments, invoices } from '../../../db/schema/index'

export type ManualPaymentRow = typeof invoicePayments.$inferSelect

// Read with every invoice's detail and list page: its SQL built once (db/compiled.ts), the ids as one array.
const paymentsOfInvoices = compiled('invoice_payments_of', (db) =>
  db
    .select()
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.organizationId, sql.placeholder('organizationId')),
        inIdsOf(invoicePayments.invoiceId, 'invoiceIds'),
      ),
    )
    .orderBy(asc(invoicePayments.paidAt), asc(invoicePayments.id)),
)

/** Payments of invoices recorded by hand (invoice_payments, decision 0034). */
export function createInvoicePaymentRepo(db: DbOrTx) {
  return {
    /** Every payment recorded by hand of these invoices, reconciled or not, by date. */
    async ofInvoices(organizationId: number, invoiceIds: readonly number[]): Promise<ManualPaymentRow[]> {
      if (invoiceIds.length === 0) return []
      return paymentsOfInvoices(db, { organizationId, invoiceIds: idsLiteral(invoiceIds) })
    },

    async find(organizationId: number, invoiceId: number, id: number) {
      const [row] = await db
        .select()
        .from(invoicePayments)
        .where(
          and(
            eq(invoicePayments.organizationId, organizationId),
            eq(invoicePayments.invoiceId, invoiceId),
            eq(invoicePayments.id, id),
          ),
        )
      return row ?? null
    },

    async insert(
      organizationId: number,
      values: { invoiceId: number; paidAt: string; amount: string; method: PaymentMethod; userId: number | null },
    ) {
      const [row] = await db
        .insert(invoicePayments)
        .values({ organizationId, ...values })
        .returning({ id: invoicePayments.id })
      return row?.id as number
    },

    async remove(organizationId: number, id: number) {
      await db
        .delete(invoicePayments)
        .where(and(eq(invoicePayments.organizationId, organizationId), eq(invoicePayments.id, id)))
    },

    /** The payments by hand of an invoice that wait for their bank line (none reconciled): "En attente" removes them. */
    async removeUnreconciled(organizationId: number, invoiceId: number) {
      await db
        .delete(invoicePayments)
        .where(
          and(
            eq(invoicePayments.organizationId, organizationId),
            eq(invoicePayments.invoiceId, invoiceId),
            isNull(invoicePayments.transactionId),
          ),
        )
    },

    async setDate(organizationId: number, id: number, paidAt: string) {
      await db
        .update(invoicePayments)
        .set({ paidAt })
        .where(and(eq(invoicePayments.organizationId, organizationId), eq(invoicePayments.id, id)))
    },

    /** Reconciles payments by hand with the bank line that carries them (attached to their invoice). */
    async reconcile(organizationId: number, ids: readonly number[], transactionId: number) {
      if (ids.length === 0) return
      await db
        .update(invoicePayments)
        .set({ transactionId })
        .where(and(eq(invoicePayments.organizationId, organizationId), inArray(invoicePayments.id, [...ids])))
    },

    /** What the validated credit notes of an invoice credited of it (positive). */
    async credited(organizationId: number, invoiceId: number): Promise<string> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(-sum(${invoices.totalTaxIncluded}), 0)::text` })
        .from(invoices)
        .where(
          and(
            eq(invoices.organizationId, organizationId),
            eq(invoices.creditedInvoiceId, invoiceId),
            eq(invoices.isCreditNote, true),
            ne(invoices.stateId, 1),
          ),
        )
      return row?.total ?? '0'
    },
  }
}
