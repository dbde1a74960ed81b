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
    /** The invoices a line may pay: waiting for their payment, or paid by hand and waiting for that payment's line. */
    async candidates(organizationId: number) {
      return db
        .select({
          id: invoices.id,
          reference: invoices.reference,
          contactId: invoices.contactId,
          snapshotName: sql<string | null>`${invoices.customer}->>'name'`,
          contactName: contacts.name,
          datedAt: invoices.datedAt,
          amount: invoices.amount,
        })
        .from(invoices)
        .leftJoin(
          contacts,
          and(eq(contacts.organizationId, invoices.organizationId), eq(contacts.id, invoices.contactId)),
        )
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
