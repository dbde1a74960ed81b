import { INVOICE_STATE_IDS } from '@app/domain'
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { contacts, invoicePayments, invoices } from '../../../db/schema/index'

/** How many of the most recent open invoices a bank line is compared with. */
const CANDIDATES_MAX = 200

/** What the invoice suggestions of a bank line read (features/money/transactions/invoice-suggestions.ts). */
export function createInvoiceSuggestionRepo(db: DbOrTx) {
  const waitingPayment = sql`exists (select 1 from ${invoicePayments} p where p.organization_id = ${invoices.organizationId}
    and p.invoice_id = ${invoices.id} and p.transaction_id is null)`
  return {
    /**
     * The invoices a line may pay: waiting for their payment, or paid by hand and waiting for that payment's line.
     * Their customers' names come from a second query: under row-level security PostgreSQL 15 turns a LEFT JOIN's
     * organisation into a constant test, which Citus refuses on an outer join (decision 0048).
     */
    async candidates(organizationId: number) {
      const rows = await db
        .select({
          id: invoices.id,
          reference: invoices.reference,
          contactId: invoices.contactId,
          snapshotName: sql<string | null>`${invoices.customer}->>'name'`,
          datedAt: invoices.datedAt,
          amount: invoices.amount,
        })
        .from(invoices)
        .where(
          and(
            eq(invoices.organizationId, organizationId),
            eq(invoices.isCreditNote, false),
            eq(invoices.isRecurring, false),
            or(
              inArray(invoices.stateId, [
                INVOICE_STATE_IDS.VALIDATED,
                INVOICE_STATE_IDS.PENDING,
                INVOICE_STATE_IDS.LATE,
              ]),
              and(eq(invoices.stateId, INVOICE_STATE_IDS.PAID), waitingPayment),
            ),
          ),
        )
        .orderBy(desc(invoices.datedAt), desc(invoices.id))
        .limit(CANDIDATES_MAX)
      const contactIds = [...new Set(rows.flatMap((row) => (row.contactId === null ? [] : [row.contactId])))]
      const names =
        contactIds.length === 0
          ? []
          : await db
              .select({ id: contacts.id, name: contacts.name })
              .from(contacts)
              .where(and(eq(contacts.organizationId, organizationId), inArray(contacts.id, contactIds)))
      const nameOf = new Map(names.map((contact) => [contact.id, contact.name]))
      return rows.map((row) => ({
        ...row,
        contactName: row.contactId === null ? null : (nameOf.get(row.contactId) ?? null),
      }))
    },

    /** What the validated credit notes credited of each of these invoices (positive). */
    async credited(organizationId: number, invoiceIds: readonly number[]) {
      if (invoiceIds.length === 0) return new Map<number, string>()
      const rows = await db
        .select({
          invoiceId: invoices.creditedInvoiceId,
          total: sql<string>`(-sum(${invoices.totalTaxIncluded}))::text`,
        })
        .from(invoices)
        .where(
          and(
            eq(invoices.organizationId, organizationId),
            eq(invoices.isCreditNote, true),
            inArray(invoices.creditedInvoiceId, [...invoiceIds]),
            sql`${invoices.stateId} <> ${INVOICE_STATE_IDS.DRAFT}`,
          ),
        )
        .groupBy(invoices.creditedInvoiceId)
      return new Map(rows.map((row) => [row.invoiceId as number, row.total]))
    },
  }
}
