import {
  hasIssuableTotal,
  INVOICE_STATE_IDS,
  type InvoiceAction,
  ISSUING_REFUSALS,
  invoiceStateCodeOf,
  issuingMessages,
  messages,
  missingBuyerAddress,
  paymentLimitDate,
  resolveDocumentVariables,
  todayInParis,
} from '@app/domain'
import type { Db, DbOrTx } from '../../../db/client'
import { ACTIVITY_CODES, type ActivityCode, type ActivityEntry, recordActivity } from '../../../lib/activity-log'
import type { Clock } from '../../../lib/clock'
import { conflict, fieldError } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import type { OrganizationService } from '../../account/organizations/service'
import type { Books } from '../../books/ledger/books'
import { createLineRepo } from '../documents/lines'
import { customerSnapshot } from '../documents/prepare'
import type { SalesSettingsService } from '../sales-settings/service'
import { takeNumberInOrder } from './numbering'
import type { InvoiceDetail, InvoiceNetwork } from './parts'
import { createInvoiceRepo, type InvoiceRow } from './repo'

const d = messages.documents

/**
 * The state actions of an invoice (spec/sales.md §4): validate, mark as sent, paid or pending, change the payment
 * date. Each runs through `transition`: lock, state table, change, activity entry, one transaction.
 */
export function createInvoiceStateActions(
  deps: {
    db: Db
    books: Books
    clock: Clock
    salesSettings: SalesSettingsService
    organizations: Pick<OrganizationService, 'requireLegalInfo'>
    network: InvoiceNetwork
  },
  core: {
    lockOrThrow: (tx: DbOrTx, tenant: Tenant, id: number) => Promise<InvoiceRow>
    refuse: (action: InvoiceAction, row: InvoiceRow, linesCount: number) => void
    activity: (tenant: Tenant, id: number, code: ActivityCode, payload?: Record<string, unknown>) => ActivityEntry
    detail: InvoiceDetail
  },
) {
  const now = () => deps.clock().toISOString()
  const today = () => todayInParis(deps.clock())
  const { lockOrThrow, refuse, activity } = core

  /**
   * Runs a state action inside the caller's database transaction: lock the invoice, check the state table, change,
   * write the activity entry. `numbering` runs last, just before the single UPDATE: the series counter it locks is held
   * for two statements only, so validations of one series queue as briefly as possible. A change that finds the
   * invoice stays as it is (null: a transfer that pays part of it) writes its own rows under the lock, and nothing
   * else. Several invoices that one event changes (the invoices a transfer pays) go through it in one transaction.
   */
  async function transitionWithin(
    tx: DbOrTx,
    tenant: Tenant,
    id: number,
    action: InvoiceAction,
    change: (tx: DbOrTx, row: InvoiceRow) => Promise<Partial<InvoiceRow> | null>,
    numbering?: (tx: DbOrTx, row: InvoiceRow) => Promise<Partial<InvoiceRow>>,
  ) {
    const row = await lockOrThrow(tx, tenant, id)
    const lines = await createLineRepo(tx).invoiceLines(tenant.organizationId, id)
    refuse(action, row, lines.length)
    const values = await change(tx, row)
    if (values === null) return lines
    const from = invoiceStateCodeOf(row.stateId)
    const to = invoiceStateCodeOf(values.stateId ?? row.stateId)
    await recordActivity(
      tx,
      from === to
        ? activity(tenant, id, ACTIVITY_CODES.invoicePaymentDateUpdated, { paymentDateAt: values.paymentDateAt })
        : activity(tenant, id, ACTIVITY_CODES.invoiceStateUpdated, { from, to }),
      now(),
    )
    const numbered = numbering ? await numbering(tx, row) : {}
    await createInvoiceRepo(tx).update(tenant.organizationId, id, { ...values, ...numbered, updatedAt: now() })
    return lines
  }

  /** A state action in its own transaction (transitionWithin), answered with the invoice as it now is. */
  async function transition(
    tenant: Tenant,
    id: number,
    action: InvoiceAction,
    change: (tx: DbOrTx, row: InvoiceRow) => Promise<Partial<InvoiceRow> | null>,
    numbering?: (tx: DbOrTx, row: InvoiceRow) => Promise<Partial<InvoiceRow>>,
  ) {
    const lines = await deps.db.transaction(async (tx) => {
      const lines = await transitionWithin(tx, tenant, id, action, change, numbering)
      await deps.books.post(tx, { organizationId: tenant.organizationId, invoices: [id] })
      return lines
    })
    // State actions never change lines, except validation (dynamic variables); a draft just validated has no credit note.
    return core.detail(tenant, id, deps.db, {
      lines: action === 'validate' ? undefined : lines,
      creditNotes: action === 'validate' ? [] : undefined,
    })
  }

  /** A PENDING invoice whose due date has passed is LATE at once. */
  const pendingOrLate = (row: InvoiceRow) =>
    row.paymentLimitAt < today() ? INVOICE_STATE_IDS.LATE : INVOICE_STATE_IDS.PENDING

  const actions = {
    /**
     * Validation: the number is taken from the series' counter inside this transaction (decision 0003), the customer
     * is frozen as printed, and the VAT-on-debits option is recorded. Refused, naming why, when the invoice would break
     * the law (domain documents/issuing.ts): a total below zero, a buyer without an address, a date before the last
     * numbered one of its series; `datedToday` validates it dated today instead of the date it has.
     */
    async validate(tenant: Tenant, id: number, options: { datedToday?: boolean; notBeforeLast?: boolean } = {}) {
      const settings = await deps.salesSettings.settings(tenant.organizationId)
      const validatedOn = today()
      let datedAt = validatedOn
      return transition(
        tenant,
        id,
        'validate',
        async (tx, row) => {
          // After the state table (a validated invoice answers "not allowed", not this), before anything is numbered.
          await deps.organizations.requireLegalInfo(tenant.organizationId, tx)
          if (row.isFinal && row.quoteId !== null) {
            const deposits = (await createInvoiceRepo(tx).ofQuote(tenant.organizationId, row.quoteId)).filter(
              (r) => r.invoice.isDeposit && r.invoice.stateId === INVOICE_STATE_IDS.DRAFT,
            )
            if (deposits.length > 0) throw conflict(d.depositsNotValidated, 'DEPOSITS_NOT_VALIDATED')
          }
          const customer = await customerSnapshot(tx, tenant.organizationId, row)
          const missing = missingBuyerAddress(customer?.billingAddress ?? null)
          if (customer && missing.length > 0)
            throw conflict(
              issuingMessages.customerInfoRequired(customer.name, missing),
              ISSUING_REFUSALS.customerInfoRequired,
            )
          if (!hasIssuableTotal(row))
            throw conflict(issuingMessages.nonPositiveTotal, ISSUING_REFUSALS.nonPositiveTotal)
          datedAt = options.datedToday ? validatedOn : row.datedAt
          // {mois}, {annee}… take the validation date; drafts keep them as typed (spec/sales.md §5).
          await createLineRepo(tx).resolveVariables('invoice', tenant.organizationId, id, validatedOn)
          // Connected to a PA: the invoice's flow is queued with its validation (issue 33, the outbox).
          await deps.network.queueInvoiceWithin(tx, tenant.organizationId, id)
          return {
            name: resolveDocumentVariables(row.name, validatedOn),
            description: resolveDocumentVariables(row.description, validatedOn),
            stateId: INVOICE_STATE_IDS.VALIDATED,
            customer,
            vatOnDebits: settings.vatOnDebits,
            validatedAt: now(),
            ...(datedAt === row.datedAt
              ? {}
              : { datedAt, paymentLimitAt: paymentLimitDate(datedAt, row.paymentLimit, row.paymentEndOfMonth) }),
          }
        },
        async (tx, row) => {
          const series = row.isCreditNote ? 'credit_note' : 'invoice'
          const taken = await takeNumberInOrder(tx, deps.salesSettings, {
            organizationId: tenant.organizationId,
            series,
            datedAt,
            today: validatedOn,
            notBeforeLast: options.notBeforeLast,
          })
          const redated =
            taken.datedAt === datedAt
              ? {}
              : {
                  datedAt: taken.datedAt,
                  paymentLimitAt: paymentLimitDate(taken.datedAt, row.paymentLimit, row.paymentEndOfMonth),
                }
          return { reference: taken.reference, series, chrono: taken.chrono, ...redated }
        },
      )
    },

    /** `within` runs in the same transaction (the e-mail that sends the invoice and its activity entry). */
    markAsSent: (tenant: Tenant, id: number, within?: (tx: DbOrTx, row: InvoiceRow) => Promise<void>) =>
      transition(tenant, id, 'markAsSent', async (tx, row) => {
        await within?.(tx, row)
        // Validated before the organisation was connected: "Envoyer" queues it now (once: its tracking id).
        await deps.network.queueInvoiceWithin(tx, tenant.organizationId, id)
        return { stateId: pendingOrLate(row), sentAt: now() }
      }),

    markAsPaid: (tenant: Tenant, id: number, paymentDateAt: string | null) =>
      transition(tenant, id, 'markAsPaid', async (_tx, row) => {
        const date = paymentDateAt ?? today()
        if (date < row.datedAt) throw fieldError('paymentDateAt', d.paymentDateBeforeIssue)
        return { stateId: INVOICE_STATE_IDS.PAID, paymentDateAt: date }
      }),

    markAsPending: (tenant: Tenant, id: number) =>
      transition(tenant, id, 'markAsPending', async (_tx, row) => ({
        stateId: pendingOrLate(row),
        paymentDateAt: null,
      })),

    changePaymentDate: (tenant: Tenant, id: number, date: string) =>
      transition(tenant, id, 'changePaymentDate', async (_tx, row) => {
        if (date < row.datedAt) throw fieldError('date', d.paymentDateBeforeIssue)
        return { paymentDateAt: date }
      }),
  }
  return { ...actions, transition, transitionWithin }
}
