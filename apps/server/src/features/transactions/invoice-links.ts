import {
  INVOICE_STATE_IDS,
  type InvoiceTransactionDto,
  messages,
  type TransactionInvoiceAttachBody,
  todayInParis,
  transactionInvoiceAttachSchema,
} from '@app/domain'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { invoices, journals, transactionInvoices, transactions } from '../../db/schema/index'
import type { Clock } from '../../lib/clock'
import { fieldError, notFound, unprocessable } from '../../lib/errors'
import type { Tenant } from '../account/tenant'
import type { InvoiceService } from '../invoices/service'

const m = messages.transactions

const PAYABLE_STATES: number[] = [INVOICE_STATE_IDS.VALIDATED, INVOICE_STATE_IDS.PENDING, INVOICE_STATE_IDS.LATE]

/**
 * Sales invoices paid by an incoming transfer (the attach-invoice drawer, API.md /transactions/{id}/invoices).
 * Attaching marks the invoice paid on the transfer's date, in the same database transaction as the link and with the
 * invoice's own history entry; a transfer dated before the invoice (a payment received in advance) pays it on its
 * issue date, the earliest date an invoice can be paid. Detaching the last transfer of a paid invoice puts it back to
 * waiting for its payment.
 */
export function createInvoiceLinks(deps: { db: Db; clock: Clock; invoices: InvoiceService }) {
  const transferOf = async (tenant: Tenant, transactionId: number) => {
    const [row] = await deps.db
      .select({ id: transactions.id, amount: transactions.amount, datedAt: transactions.datedAt })
      .from(transactions)
      .where(and(eq(transactions.organizationId, tenant.organizationId), eq(transactions.id, transactionId)))
    if (!row) throw notFound()
    return row
  }
  const linked = (tenant: Tenant, transactionId: number, invoiceId: number) =>
    and(
      eq(transactionInvoices.organizationId, tenant.organizationId),
      eq(transactionInvoices.transactionId, transactionId),
      eq(transactionInvoices.invoiceId, invoiceId),
    )

  return {
    async attach(tenant: Tenant, transactionId: number, body: TransactionInvoiceAttachBody) {
      const { invoiceId } = transactionInvoiceAttachSchema.parse(body)
      const transfer = await transferOf(tenant, transactionId)
      if (transfer.amount.startsWith('-') || Number(transfer.amount) === 0)
        throw unprocessable(m.invoiceNeedsCredit, 'TRANSACTION_NOT_INCOMING')
      const [invoice] = await deps.db
        .select({ stateId: invoices.stateId, isCreditNote: invoices.isCreditNote, isRecurring: invoices.isRecurring })
        .from(invoices)
        .where(and(eq(invoices.organizationId, tenant.organizationId), eq(invoices.id, invoiceId)))
      if (!invoice) throw fieldError('invoiceId', messages.validation.choiceInvalid)
      const [already] = await deps.db
        .select({ one: sql`1` })
        .from(transactionInvoices)
        .where(linked(tenant, transactionId, invoiceId))
      if (already) return
      if (invoice.isCreditNote || invoice.isRecurring || !PAYABLE_STATES.includes(invoice.stateId))
        throw unprocessable(m.invoiceNotPayable, 'INVOICE_NOT_PAYABLE')
      await deps.invoices.transition(tenant, invoiceId, 'markAsPaid', async (tx, row) => {
        await tx.insert(transactionInvoices).values({ organizationId: tenant.organizationId, transactionId, invoiceId })
        return {
          stateId: INVOICE_STATE_IDS.PAID,
          paymentDateAt: transfer.datedAt < row.datedAt ? row.datedAt : transfer.datedAt,
        }
      })
    },

    async detach(tenant: Tenant, transactionId: number, invoiceId: number) {
      await transferOf(tenant, transactionId)
      const [link] = await deps.db
        .select({ one: sql`1` })
        .from(transactionInvoices)
        .where(linked(tenant, transactionId, invoiceId))
      if (!link) throw notFound()
      const others = await deps.db
        .select({ id: transactionInvoices.transactionId })
        .from(transactionInvoices)
        .where(
          and(
            eq(transactionInvoices.organizationId, tenant.organizationId),
            eq(transactionInvoices.invoiceId, invoiceId),
          ),
        )
      const [invoice] = await deps.db
        .select({ stateId: invoices.stateId })
        .from(invoices)
        .where(and(eq(invoices.organizationId, tenant.organizationId), eq(invoices.id, invoiceId)))
      const unlink = (tx: Pick<Db, 'delete'>) =>
        tx.delete(transactionInvoices).where(linked(tenant, transactionId, invoiceId))
      if (invoice?.stateId === INVOICE_STATE_IDS.PAID && others.length === 1) {
        const today = todayInParis(deps.clock())
        await deps.invoices.transition(tenant, invoiceId, 'markAsPending', async (tx, row) => {
          await unlink(tx)
          return {
            stateId: row.paymentLimitAt < today ? INVOICE_STATE_IDS.LATE : INVOICE_STATE_IDS.PENDING,
            paymentDateAt: null,
          }
        })
      } else await unlink(deps.db)
    },

    /** The transfers that paid an invoice (GET /invoices/{id}/transactions). */
    async ofInvoice(tenant: Tenant, invoiceId: number): Promise<InvoiceTransactionDto[]> {
      const [invoice] = await deps.db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.organizationId, tenant.organizationId), eq(invoices.id, invoiceId)))
      if (!invoice) throw notFound()
      return deps.db
        .select({
          id: transactions.id,
          name: transactions.name,
          datedAt: transactions.datedAt,
          amount: transactions.amount,
          journalName: journals.name,
        })
        .from(transactionInvoices)
        .innerJoin(
          transactions,
          and(
            eq(transactions.organizationId, transactionInvoices.organizationId),
            eq(transactions.id, transactionInvoices.transactionId),
          ),
        )
        .innerJoin(
          journals,
          and(eq(journals.organizationId, transactions.organizationId), eq(journals.id, transactions.journalId)),
        )
        .where(
          and(
            eq(transactionInvoices.organizationId, tenant.organizationId),
            eq(transactionInvoices.invoiceId, invoiceId),
          ),
        )
        .orderBy(asc(transactions.datedAt), asc(transactions.id))
    },
  }
}

export type InvoiceLinks = ReturnType<typeof createInvoiceLinks>
