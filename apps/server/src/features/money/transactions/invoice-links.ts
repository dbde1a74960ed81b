import {
  INVOICE_STATE_IDS,
  type InvoiceInstalments,
  type InvoiceTransactionDto,
  messages,
  paidByTransfers,
  paymentsCarriedBy,
  type TransactionInvoiceAttachBody,
  transactionInvoiceAttachSchema,
} from '@app/domain'
import type { Db, DbOrTx } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { fieldError, notFound, unprocessable } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import type { Books } from '../../books/ledger/books'
import { instalmentsAround } from '../../books/ledger/instalments'
import type { NotificationService } from '../../platform/notifications/service'
import { paidStateOf, reconcilePayments, waitingPaymentsOf } from '../../sales/invoices/payments'
import type { InvoiceService } from '../../sales/invoices/service'
import {
  deleteLink,
  findInvoiceKind,
  findInvoiceToAttach,
  findTransfer,
  hasLink,
  insertLink,
  invoiceExists,
  invoiceIdsOfTransfer,
  paidInvoices,
  transfersOfInvoice,
} from './invoice-links-repo'

const m = messages.transactions

const PAYABLE_STATES: number[] = [INVOICE_STATE_IDS.VALIDATED, INVOICE_STATE_IDS.PENDING, INVOICE_STATE_IDS.LATE]

/**
 * Sales invoices paid by incoming transfers (the attach-invoice drawer, API.md /transactions/{id}/invoices), one or
 * several: each transfer pays what the earlier ones left of it (decision 0024 "A bank line that pays invoices").
 * Attaching the transfer that completes an invoice marks it paid on that transfer's date, with the invoice's own
 * history entry; a transfer that pays part of it leaves it waiting for the rest. Detaching a transfer its paid invoice
 * can no longer do without puts it back to waiting for its payment. A link also moves what the transfers pay of the
 * other invoices they share (a transfer that now pays an older invoice first has less for a newer one), so every
 * invoice whose transfers now pay it more or less is brought in line the same way. All of it happens in the database
 * transaction of the link, under the invoices' locks, so that two transfers attached at once cannot both take what
 * is left.
 */
export function createInvoiceLinks(deps: {
  db: Db
  books: Books
  clock: Clock
  invoices: InvoiceService
  notifications?: Pick<NotificationService, 'invoicePaid'>
}) {
  const transferOf = async (tenant: Tenant, transactionId: number) => {
    const row = await findTransfer(deps.db, tenant.organizationId, transactionId)
    if (!row) throw notFound()
    return row
  }
  /** What every transfer the link's chain holds pays of its invoices: what a change of the link can move. */
  const chainOf = async (tx: DbOrTx, tenant: Tenant, transactionId: number, invoiceId: number) => {
    const others = await invoiceIdsOfTransfer(tx, tenant.organizationId, transactionId)
    const invoiceIds = [invoiceId, ...others]
    return instalmentsAround(tx, tenant.organizationId, { invoiceIds, everyTransfer: true })
  }

  /**
   * Brings an invoice's state in line with its payments, under its lock (features/sales/invoices/payments.ts): paid on the
   * date of the last once they and its credit notes cover it; waiting again (pending or late, as its due date says)
   * when they no longer do.
   */
  async function settle(tx: DbOrTx, tenant: Tenant, invoiceId: number, paid: number[]): Promise<void> {
    const invoice = await findInvoiceKind(tx, tenant.organizationId, invoiceId)
    if (!invoice || invoice.isCreditNote || invoice.isRecurring) return
    await deps.invoices.settleWithin(tx, tenant, invoiceId, paid)
  }

  /** After a link changed: the link's invoice first, then each other one its transfers now pay differently. */
  async function settleAll(
    tx: DbOrTx,
    tenant: Tenant,
    link: { transactionId: number; invoiceId: number },
    before: InvoiceInstalments,
    paid: number[],
  ) {
    const after = await chainOf(tx, tenant, link.transactionId, link.invoiceId)
    await settle(tx, tenant, link.invoiceId, paid)
    const moved = [...new Set([...before.byInvoice.keys(), ...after.byInvoice.keys()])]
      .filter((id) => id !== link.invoiceId && paidByTransfers(before, id) !== paidByTransfers(after, id))
      .sort((a, b) => a - b)
    for (const id of moved) await settle(tx, tenant, id, paid)
  }

  /** After the link committed: the invoices it made paid are told as a payment by hand is (decision 0027). */
  async function tellPaid(tenant: Tenant, paid: number[]) {
    if (!deps.notifications || paid.length === 0) return
    const rows = await paidInvoices(deps.db, tenant.organizationId, paid)
    for (const row of rows) await deps.notifications.invoicePaid(tenant, row)
  }

  return {
    async attach(tenant: Tenant, transactionId: number, body: TransactionInvoiceAttachBody) {
      const { invoiceId } = transactionInvoiceAttachSchema.parse(body)
      const transfer = await transferOf(tenant, transactionId)
      if (transfer.amount.startsWith('-') || Number(transfer.amount) === 0)
        throw unprocessable(m.invoiceNeedsCredit, 'TRANSACTION_NOT_INCOMING')
      const invoice = await findInvoiceToAttach(deps.db, tenant.organizationId, invoiceId)
      if (!invoice) throw fieldError('invoiceId', messages.validation.choiceInvalid)
      const link = { organizationId: tenant.organizationId, transactionId, invoiceId }
      if (await hasLink(deps.db, link)) return
      const notPayable = () => unprocessable(m.invoiceNotPayable, 'INVOICE_NOT_PAYABLE')
      // A paid invoice takes the bank line of a payment recorded by hand: the line then carries it (decision 0034).
      const attachable = [...PAYABLE_STATES, INVOICE_STATE_IDS.PAID]
      if (invoice.isCreditNote || invoice.isRecurring || !attachable.includes(invoice.stateId)) throw notPayable()
      const paid: number[] = []
      await deps.db.transaction(async (tx) => {
        paid.length = 0
        const row = await deps.invoices.lockOrThrow(tx, tenant, invoiceId)
        if (!attachable.includes(row.stateId)) throw notPayable()
        const before = await chainOf(tx, tenant, transactionId, invoiceId)
        const waiting = await waitingPaymentsOf(tx, tenant.organizationId, [invoiceId])
        const carried = paymentsCarriedBy(waiting, transfer.amount)
        if (carried.length === 0 && (await paidStateOf(tx, tenant.organizationId, row)).paid) throw notPayable()
        await reconcilePayments(
          tx,
          tenant.organizationId,
          carried.map((payment) => payment.id),
          transactionId,
        )
        await insertLink(tx, link)
        await settleAll(tx, tenant, { transactionId, invoiceId }, before, paid)
        await deps.books.post(tx, {
          organizationId: tenant.organizationId,
          transactions: [transactionId],
          invoices: [invoiceId],
        })
      })
      await tellPaid(tenant, paid)
    },

    async detach(tenant: Tenant, transactionId: number, invoiceId: number) {
      await transferOf(tenant, transactionId)
      const link = { organizationId: tenant.organizationId, transactionId, invoiceId }
      if (!(await hasLink(deps.db, link))) throw notFound()
      const paid: number[] = []
      await deps.db.transaction(async (tx) => {
        paid.length = 0
        await deps.invoices.lockOrThrow(tx, tenant, invoiceId)
        const before = await chainOf(tx, tenant, transactionId, invoiceId)
        // Read before the link goes: the transfers and invoices it chained.
        const reached = await deps.books.reach(tx, {
          organizationId: tenant.organizationId,
          transactions: [transactionId],
          invoices: [invoiceId],
        })
        await deleteLink(tx, link)
        await settleAll(tx, tenant, { transactionId, invoiceId }, before, paid)
        await deps.books.post(tx, reached)
      })
      await tellPaid(tenant, paid)
    },

    /** The transfers that paid an invoice (GET /invoices/{id}/transactions). */
    async ofInvoice(tenant: Tenant, invoiceId: number): Promise<InvoiceTransactionDto[]> {
      if (!(await invoiceExists(deps.db, tenant.organizationId, invoiceId))) throw notFound()
      return transfersOfInvoice(deps.db, tenant.organizationId, invoiceId)
    },
  }
}

export type InvoiceLinks = ReturnType<typeof createInvoiceLinks>
