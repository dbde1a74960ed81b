import {
  add,
  compare,
  formatEuro,
  INVOICE_STATE_IDS,
  type InvoicePaymentBody,
  type InvoicePaymentDto,
  leavesSomethingToPay,
  messages,
  type PaymentMethod,
  paymentMessages,
  remainingToPay,
  toCents,
  todayInParis,
} from '@app/domain'
import type { Db, DbOrTx } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { conflict, fieldError, notFound } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import type { Books } from '../../books/ledger/books'
import { instalmentsAround } from '../../books/ledger/instalments'
import type { InvoiceDetail, InvoiceNetwork } from './parts'
import { createInvoicePaymentRepo } from './payments-repo'
import { createInvoiceRepo, type InvoiceRow } from './repo'
import type { createInvoiceStateActions } from './state-actions'

const PAYABLE_STATES: number[] = [INVOICE_STATE_IDS.VALIDATED, INVOICE_STATE_IDS.PENDING, INVOICE_STATE_IDS.LATE]

/**
 * Every payment of these invoices (decision 0034), by date: what each bank line attached to it paid (the books'
 * instalments, after the payments by hand), with the payment by hand it reconciled if any, and the payments by hand
 * that wait for their bank line.
 */
export async function paymentsOf(db: DbOrTx, organizationId: number, invoiceIds: readonly number[]) {
  const instalments = await instalmentsAround(db, organizationId, { invoiceIds })
  const manual = await createInvoicePaymentRepo(db).ofInvoices(organizationId, invoiceIds)
  return (invoiceId: number): InvoicePaymentDto[] => {
    const own = manual.filter((payment) => payment.invoiceId === invoiceId)
    const byBank = (instalments.byInvoice.get(invoiceId) ?? []).map((instalment) => {
      const reconciled = own.find((payment) => payment.transactionId === instalment.transferId)
      return {
        id: reconciled?.id ?? null,
        paidAt: instalment.date,
        amount: toCents(instalment.amount),
        method: (reconciled?.method ?? 'TRANSFER') as PaymentMethod,
        transactionId: instalment.transferId,
        reconciled: true,
      }
    })
    const byHand = own
      .filter((payment) => payment.transactionId === null)
      .map((payment) => ({
        id: payment.id,
        paidAt: payment.paidAt,
        amount: toCents(payment.amount),
        method: payment.method as PaymentMethod,
        transactionId: null,
        reconciled: false,
      }))
    return [...byBank, ...byHand].sort((a, b) => a.paidAt.localeCompare(b.paidAt) || (a.id ?? 0) - (b.id ?? 0))
  }
}

/**
 * Whether an invoice is paid, and since when: its payments and its credit notes cover its net to pay; the date is the
 * last payment's, never before the invoice's own date (a payment received in advance).
 */
export async function paidStateOf(db: DbOrTx, organizationId: number, row: InvoiceRow) {
  const payments = (await paymentsOf(db, organizationId, [row.id]))(row.id)
  const credited = await createInvoicePaymentRepo(db).credited(organizationId, row.id)
  const paid = payments.reduce((total, payment) => add(total, payment.amount), credited)
  if (leavesSomethingToPay(row.amount, paid)) return { paid: false, paymentDateAt: null, payments, credited }
  const last = payments.reduce<string | null>(
    (latest, p) => (latest === null || p.paidAt > latest ? p.paidAt : latest),
    null,
  )
  const date = last === null || last < row.datedAt ? row.datedAt : last
  return { paid: true, paymentDateAt: date, payments, credited }
}

/** The payments by hand of these invoices that wait for their bank line (none reconciled yet), by date. */
export async function waitingPaymentsOf(db: DbOrTx, organizationId: number, invoiceIds: readonly number[]) {
  const manual = await createInvoicePaymentRepo(db).ofInvoices(organizationId, invoiceIds)
  return manual.filter((payment) => payment.transactionId === null)
}

/** Reconciles payments by hand with the bank line that carries them, in the caller's database transaction. */
export async function reconcilePayments(
  tx: DbOrTx,
  organizationId: number,
  paymentIds: readonly number[],
  transactionId: number,
) {
  await createInvoicePaymentRepo(tx).reconcile(organizationId, paymentIds, transactionId)
}

type StateActions = ReturnType<typeof createInvoiceStateActions>

/**
 * Payments recorded by hand (POST/DELETE /invoices/{id}/payments, "Marquer comme payée"): each changes the invoice's
 * state in its transaction, under its lock — paid once payments and credit notes cover it, waiting again when they no
 * longer do — through the state actions' transition, which writes the history. `paid` collects the invoices that
 * became paid, told after the commit.
 */
export function createInvoicePaymentActions(
  deps: { db: Db; books: Books; clock: Clock; network: InvoiceNetwork },
  core: Pick<StateActions, 'transitionWithin'> & { detail: InvoiceDetail },
) {
  const today = () => todayInParis(deps.clock())

  /** Brings the invoice's state in line with its payments (inside the caller's transaction, the invoice locked). */
  async function settleWithin(tx: DbOrTx, tenant: Tenant, id: number, paid: number[]) {
    const current = await createInvoiceRepo(tx).lock(tenant.organizationId, id)
    if (!current) throw notFound()
    if (PAYABLE_STATES.includes(current.stateId)) {
      await core.transitionWithin(tx, tenant, id, 'markAsPaid', async (tx, row) => {
        const state = await paidStateOf(tx, tenant.organizationId, row)
        if (!state.paid) return null
        paid.push(id)
        return { stateId: INVOICE_STATE_IDS.PAID, paymentDateAt: state.paymentDateAt }
      })
    } else if (current.stateId === INVOICE_STATE_IDS.PAID) {
      await core.transitionWithin(tx, tenant, id, 'markAsPending', async (tx, row) => {
        const state = await paidStateOf(tx, tenant.organizationId, row)
        if (state.paid) return state.paymentDateAt === row.paymentDateAt ? null : { paymentDateAt: state.paymentDateAt }
        return {
          stateId: row.paymentLimitAt < today() ? INVOICE_STATE_IDS.LATE : INVOICE_STATE_IDS.PENDING,
          paymentDateAt: null,
        }
      })
    }
    // E-invoicing (issue 33): each payment of a service invoice under VAT on receipts is told to the network
    // (Encaissée), queued in this transaction, once per payment.
    await deps.network.queueEncaisseesWithin(tx, tenant.organizationId, current, async () =>
      (await paymentsOf(tx, tenant.organizationId, [id]))(id),
    )
  }

  /** A payment by hand of `amount` (all that is left when null), checked against the invoice under its lock. */
  async function recordWithin(
    tx: DbOrTx,
    tenant: Tenant,
    id: number,
    body: { paidAt: string | null; amount: string | null; method: PaymentMethod; dateField?: string },
    paid: number[],
  ) {
    await core.transitionWithin(tx, tenant, id, 'recordPayment', async (tx, row) => {
      if (row.isCreditNote || row.isRecurring || row.reference === null)
        throw conflict(paymentMessages.notPayable, 'INVOICE_NOT_PAYABLE')
      const paidAt = body.paidAt ?? today()
      if (paidAt < row.datedAt) throw fieldError(body.dateField ?? 'paidAt', messages.documents.paymentDateBeforeIssue)
      const state = await paidStateOf(tx, tenant.organizationId, row)
      const remaining = remainingToPay(
        row.amount,
        state.payments.map((payment) => payment.amount),
        [state.credited],
      )
      // "Marquer comme payée" of an invoice its credit notes and payments already cover: the state follows below.
      if (compare(remaining, 0) <= 0 && body.amount === null) return null
      if (compare(remaining, 0) <= 0) throw conflict(paymentMessages.nothingToPay, 'NOTHING_TO_PAY')
      const amount = body.amount ?? remaining
      if (compare(amount, remaining) > 0)
        throw fieldError('amount', paymentMessages.amountTooHigh(formatEuro(remaining)))
      await createInvoicePaymentRepo(tx).insert(tenant.organizationId, {
        invoiceId: id,
        paidAt,
        amount: toCents(amount),
        method: body.method,
        userId: tenant.byPlatform ? null : tenant.userId,
      })
      return null
    })
    await settleWithin(tx, tenant, id, paid)
  }

  return {
    settleWithin,

    async recordPayment(tenant: Tenant, id: number, body: InvoicePaymentBody) {
      const paid: number[] = []
      await deps.db.transaction(async (tx) => {
        paid.length = 0
        await recordWithin(tx, tenant, id, body, paid)
        await deps.books.post(tx, { organizationId: tenant.organizationId, invoices: [id] })
      })
      return { paid: paid.length > 0 }
    },

    /**
     * "Marquer comme payée": a payment of all that is left, on `paidAt` (today when null), by `method`. A credit note
     * marked paid (refunded) keeps its date only: it has no payment of its own.
     */
    async markAsPaid(tenant: Tenant, id: number, paidAt: string | null, method: PaymentMethod = 'TRANSFER') {
      await deps.db.transaction(async (tx) => {
        const row = await createInvoiceRepo(tx).lock(tenant.organizationId, id)
        if (!row) throw notFound()
        if (!row.isCreditNote)
          await recordWithin(tx, tenant, id, { paidAt, amount: null, method, dateField: 'paymentDateAt' }, [])
        else
          await core.transitionWithin(tx, tenant, id, 'markAsPaid', async (_tx, current) => {
            const date = paidAt ?? today()
            if (date < current.datedAt) throw fieldError('paymentDateAt', messages.documents.paymentDateBeforeIssue)
            return { stateId: INVOICE_STATE_IDS.PAID, paymentDateAt: date }
          })
        await deps.books.post(tx, { organizationId: tenant.organizationId, invoices: [id] })
      })
      return core.detail(tenant, id)
    },

    /** "En attente de règlement": the payments by hand that wait for their bank line go, the invoice waits again. */
    async markAsPending(tenant: Tenant, id: number) {
      await deps.db.transaction(async (tx) => {
        // Read before the payments by hand go: their entries are reversed.
        const reached = await deps.books.reach(tx, { organizationId: tenant.organizationId, invoices: [id] })
        await core.transitionWithin(tx, tenant, id, 'markAsPending', async (tx, row) => {
          await createInvoicePaymentRepo(tx).removeUnreconciled(tenant.organizationId, id)
          return {
            stateId: row.paymentLimitAt < today() ? INVOICE_STATE_IDS.LATE : INVOICE_STATE_IDS.PENDING,
            paymentDateAt: null,
          }
        })
        await deps.books.post(tx, reached)
      })
      return core.detail(tenant, id)
    },

    /** A paid invoice's payment date: its last payment by hand moves with it (bank lines keep their own date). */
    async changePaymentDate(tenant: Tenant, id: number, date: string) {
      await deps.db.transaction(async (tx) => {
        await core.transitionWithin(tx, tenant, id, 'changePaymentDate', async (tx, row) => {
          if (date < row.datedAt) throw fieldError('date', messages.documents.paymentDateBeforeIssue)
          const repo = createInvoicePaymentRepo(tx)
          const last = (await repo.ofInvoices(tenant.organizationId, [id]))
            .filter((payment) => payment.transactionId === null)
            .at(-1)
          if (last) await repo.setDate(tenant.organizationId, last.id, date)
          return { paymentDateAt: date }
        })
        await deps.books.post(tx, { organizationId: tenant.organizationId, invoices: [id] })
      })
      return core.detail(tenant, id)
    },

    async removePayment(tenant: Tenant, id: number, paymentId: number) {
      await deps.db.transaction(async (tx) => {
        const reached = await deps.books.reach(tx, { organizationId: tenant.organizationId, invoices: [id] })
        await core.transitionWithin(tx, tenant, id, 'removePayment', async (tx) => {
          const payment = await createInvoicePaymentRepo(tx).find(tenant.organizationId, id, paymentId)
          if (!payment) throw notFound()
          if (payment.transactionId !== null) throw conflict(paymentMessages.reconciledPayment, 'PAYMENT_RECONCILED')
          await createInvoicePaymentRepo(tx).remove(tenant.organizationId, paymentId)
          return null
        })
        await settleWithin(tx, tenant, id, [])
        await deps.books.post(tx, reached)
      })
    },
  }
}
