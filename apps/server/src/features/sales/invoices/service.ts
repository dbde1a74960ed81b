import {
  canInvoice,
  INVOICE_STATE_IDS,
  type InvoiceAction,
  type InvoiceBody,
  type InvoiceDto,
  type InvoiceListQuery,
  type InvoicePaymentDto,
  type InvoiceSummaryDto,
  invoiceStateCodeOf,
  messages,
  paymentLimitDate,
  settleFinalInvoiceVat,
  todayInParis,
} from '@app/domain'
import { type Db, type DbOrTx, readTogether } from '../../../db/client'
import { ACTIVITY_CODES, type ActivityCode, recordActivity } from '../../../lib/activity-log'
import type { Clock } from '../../../lib/clock'
import { conflict, notFound } from '../../../lib/errors'
import { actorId, type Tenant } from '../../../lib/tenant'
import type { OrganizationService } from '../../account/organizations/service'
import type { Books } from '../../books/ledger/books'
import { createLineRepo } from '../documents/lines'
import { contactIdsMatching, documentListOptions } from '../documents/list'
import { type DocumentContext, type PreparedDocument, prepareDocument } from '../documents/prepare'
import { deleteDocumentTraces } from '../documents/traces'
import type { SalesSettingsRow, SalesSettingsService } from '../sales-settings/service'
import { asCreditNote, bodyOf, type GeneratedInvoice } from './bodies'
import type { InvoiceDetail, InvoiceNetwork } from './parts'
import { createInvoicePaymentActions, paymentsOf } from './payments'
import { presentInvoice, presentInvoiceListItem } from './presenter'
import { createInvoiceRepo, type InvoiceRow } from './repo'
import { createInvoiceStateActions } from './state-actions'

const d = messages.documents

export type InvoiceContext = DocumentContext & { settings: SalesSettingsRow }

/** A list shows each payment by its amount and date. */
const onList = (payments: InvoicePaymentDto[]) =>
  payments.map((payment) => ({ amount: payment.amount, datedAt: payment.paidAt }))

export function createInvoiceService(deps: {
  db: Db
  books: Books
  clock: Clock
  organizations: OrganizationService
  salesSettings: SalesSettingsService
  network: InvoiceNetwork
}) {
  const now = () => deps.clock().toISOString()
  const today = () => todayInParis(deps.clock())

  async function contextOf(tenant: Tenant): Promise<InvoiceContext> {
    const taxFree = await deps.organizations.isTaxFree(tenant.organizationId)
    const settings = await deps.salesSettings.settings(tenant.organizationId)
    return {
      organizationId: tenant.organizationId,
      taxFree,
      hasDiscounts: settings.hasDiscounts,
      settings,
    }
  }

  const refuse = (
    action: InvoiceAction,
    row: Pick<InvoiceRow, 'stateId' | 'isCreditNote' | 'contactId' | 'isRecurring'>,
    linesCount: number,
  ) => {
    const code = invoiceStateCodeOf(row.stateId)
    const facts = {
      stateCode: code,
      isCreditNote: row.isCreditNote,
      hasContact: row.contactId !== null,
      linesCount,
      isRecurring: row.isRecurring,
    }
    if (canInvoice(action, facts)) return
    if (action === 'validate' && code === 'DRAFT')
      throw conflict(row.contactId === null ? d.contactRequired : d.linesRequired, 'ACTION_NOT_ALLOWED')
    if (action === 'edit') throw conflict(d.notEditable, 'NOT_EDITABLE')
    if (action === 'delete') throw conflict(d.notDeletable, 'NOT_DELETABLE')
    throw conflict(d.actionNotAllowed, 'ACTION_NOT_ALLOWED')
  }

  async function lockOrThrow(tx: DbOrTx, tenant: Tenant, id: number) {
    const row = await createInvoiceRepo(tx).lock(tenant.organizationId, id)
    if (!row) throw notFound()
    return row
  }

  const activity = (tenant: Tenant, id: number, code: ActivityCode, payload?: Record<string, unknown>) => ({
    organizationId: tenant.organizationId,
    subjectType: 'invoice' as const,
    subjectId: id,
    code,
    userId: actorId(tenant),
    payload,
  })

  /** A final invoice's VAT per rate is settled against its quote and deposits (domain settleFinalInvoiceVat). */
  async function settled(
    tx: DbOrTx,
    organizationId: number,
    quoteId: number | null,
    isFinal: boolean,
    prepared: PreparedDocument,
  ) {
    if (!isFinal || quoteId === null) return prepared.values
    const sources = await createInvoiceRepo(tx).finalInvoiceSources(organizationId, quoteId)
    const totals = settleFinalInvoiceVat(prepared.totals, sources.quote, sources.deposits)
    return {
      ...prepared.values,
      totalTaxExcluded: totals.totalTaxExcluded,
      totalTaxes: totals.totalTaxes,
      totalTaxIncluded: totals.totalTaxIncluded,
      amount: totals.totalTaxIncluded,
      vatBreakdown: totals.byRate,
    }
  }

  const stateActions = createInvoiceStateActions(deps, {
    lockOrThrow,
    refuse,
    activity,
    detail: (...args) => service.detail(...args),
  })
  const paymentActions = createInvoicePaymentActions(deps, {
    transitionWithin: stateActions.transitionWithin,
    detail: (...args) => service.detail(...args),
  })

  const service = {
    async list(tenant: Tenant, query: InvoiceListQuery) {
      await service.refreshLate(tenant.organizationId)
      return readTogether(deps.db, async (tx) => {
        const states = query['filter[late]'] ? ['LATE' as const] : query['filter[state]']
        const { rows, total } = await createInvoiceRepo(tx).list(tenant.organizationId, {
          ...documentListOptions(
            query,
            states?.map((code) => INVOICE_STATE_IDS[code]),
            query.search ? await contactIdsMatching(tx, tenant.organizationId, query.search) : undefined,
          ),
          recurring: query['filter[recurring]'],
          creditNote: query['filter[creditNote]'],
        })
        const ids = rows.map((row) => row.invoice.id)
        const payments = await paymentsOf(tx, tenant.organizationId, ids)
        const network = await deps.network.listStatusesOf(tx, tenant.organizationId, ids)
        return {
          data: rows.map((row) => ({
            ...presentInvoiceListItem(row, today(), onList(payments(row.invoice.id))),
            eInvoiceStatus: network.get(row.invoice.id) ?? null,
          })),
          meta: { total, page: query.page, pageSize: query.pageSize },
        }
      })
    },

    async summary(tenant: Tenant): Promise<InvoiceSummaryDto> {
      await service.refreshLate(tenant.organizationId)
      const rows = await createInvoiceRepo(deps.db).summary(tenant.organizationId)
      const of = (stateId: number) => {
        const row = rows.find((r) => r.stateId === stateId)
        return { sum: row ? Number(row.sum).toFixed(2) : '0.00', count: row?.count ?? 0 }
      }
      return {
        paid: of(INVOICE_STATE_IDS.PAID),
        pending: of(INVOICE_STATE_IDS.PENDING),
        late: of(INVOICE_STATE_IDS.LATE),
      }
    },

    async detail(
      tenant: Tenant,
      id: number,
      db: DbOrTx = deps.db,
      known: Parameters<InvoiceDetail>[3] = {},
    ): Promise<InvoiceDto> {
      if (db === deps.db) return readTogether(deps.db, (tx) => service.detail(tenant, id, tx, known))
      const repo = createInvoiceRepo(db)
      const row = await repo.find(tenant.organizationId, id)
      if (!row) throw notFound()
      const lines = known.lines ?? (await createLineRepo(db).invoiceLines(tenant.organizationId, id))
      const creditNotes =
        known.creditNotes ?? (row.invoice.isCreditNote ? [] : await repo.creditNotesOf(tenant.organizationId, id))
      const sources =
        row.invoice.isFinal && row.invoice.quoteId !== null
          ? await repo.finalInvoiceSources(tenant.organizationId, row.invoice.quoteId)
          : null
      const payments = await paymentsOf(db, tenant.organizationId, [id])
      const eInvoicing = await deps.network.documentEInvoicingOf(db, tenant.organizationId, id)
      return presentInvoice(row, lines, creditNotes, sources, today(), payments(id), eInvoicing)
    },

    /** PATCH reads the stored invoice to merge the body into, after its state: a validated invoice is a 409 first. */
    async editableDetail(tenant: Tenant, id: number) {
      const stored = await service.detail(tenant, id)
      refuse('edit', stored, 0)
      return stored
    },

    async create(tenant: Tenant, body: InvoiceBody) {
      const ctx = await contextOf(tenant)
      const id = await deps.db.transaction((tx) => service.insert(tx, tenant, ctx, body))
      return service.detail(tenant, id)
    },

    /**
     * Inserts a draft inside `tx`, with its created entry. `ctx` (contextOf) is read before the transaction opens:
     * PGlite has one connection, so a read outside `tx` while it is open would wait for ever.
     */
    async insert(tx: DbOrTx, tenant: Tenant, ctx: InvoiceContext, given: GeneratedInvoice) {
      const body = given.isCreditNote ? asCreditNote(given) : given
      const generated =
        body.quoteId !== undefined || body.creditedInvoiceId !== undefined || body.subscriptionId !== undefined
      const prepared = await prepareDocument(tx, { ...ctx, trusted: generated }, body)
      const at = now()
      const id = await createInvoiceRepo(tx).insert(tenant.organizationId, {
        ...(await settled(tx, tenant.organizationId, body.quoteId ?? null, body.isFinal ?? false, prepared)),
        type: body.isCreditNote ? 'AV' : 'F',
        isCreditNote: body.isCreditNote ?? false,
        isDeposit: body.isDeposit ?? false,
        isFinal: body.isFinal ?? false,
        stateId: INVOICE_STATE_IDS.DRAFT,
        deliveredAt: body.deliveredAt,
        paymentLimit: body.paymentLimit,
        paymentEndOfMonth: body.paymentEndOfMonth,
        paymentLimitAt: paymentLimitDate(body.datedAt, body.paymentLimit, body.paymentEndOfMonth),
        quoteId: body.quoteId ?? null,
        creditedInvoiceId: body.creditedInvoiceId ?? null,
        isRecurring: body.isRecurring ?? false,
        subscriptionId: body.subscriptionId ?? null,
        occurrenceAt: body.occurrenceAt ?? null,
        userId: tenant.userId,
        createdAt: at,
        updatedAt: at,
      })
      await createLineRepo(tx).replaceInvoiceLines(tenant.organizationId, id, prepared.lines)
      await recordActivity(
        tx,
        body.subscriptionId
          ? activity(tenant, id, ACTIVITY_CODES.invoiceGenerated, {
              subscriptionId: body.subscriptionId,
              occurrence: body.occurrenceAt,
            })
          : activity(tenant, id, ACTIVITY_CODES.invoiceCreated),
        at,
      )
      return id
    },

    /**
     * A draft's new content. A recurring invoice is updated here too (it is always editable), with `within` writing
     * its schedule in the same transaction; the body says which one it is, and must agree with the row.
     */
    async update(
      tenant: Tenant,
      id: number,
      body: InvoiceBody,
      within?: (tx: DbOrTx, row: InvoiceRow) => Promise<Partial<InvoiceRow> | undefined>,
    ) {
      const ctx = await contextOf(tenant)
      await deps.db.transaction(async (tx) => {
        const row = await lockOrThrow(tx, tenant, id)
        if (row.isRecurring !== body.isRecurring)
          throw conflict(
            row.isRecurring ? messages.recurring.isRecurring : messages.recurring.notRecurring,
            'RECURRING_MISMATCH',
          )
        refuse('edit', row, 0)
        const trusted = row.quoteId !== null || row.creditedInvoiceId !== null
        const prepared = await prepareDocument(tx, { ...ctx, trusted }, row.isCreditNote ? asCreditNote(body) : body)
        const extra = (await within?.(tx, row)) ?? {}
        await createInvoiceRepo(tx).update(tenant.organizationId, id, {
          ...(await settled(tx, tenant.organizationId, row.quoteId, row.isFinal, prepared)),
          deliveredAt: body.deliveredAt,
          paymentLimit: body.paymentLimit,
          paymentEndOfMonth: body.paymentEndOfMonth,
          paymentLimitAt: paymentLimitDate(body.datedAt, body.paymentLimit, body.paymentEndOfMonth),
          ...extra,
          updatedAt: now(),
        })
        await createLineRepo(tx).replaceInvoiceLines(tenant.organizationId, id, prepared.lines)
        await recordActivity(tx, activity(tenant, id, ACTIVITY_CODES.invoiceUpdated), now())
      })
      return service.detail(tenant, id)
    },

    /**
     * Deletes a draft, or a recurring invoice in any state: the invoices it made stay (they no longer point to it).
     */
    async remove(tenant: Tenant, id: number) {
      await deps.db.transaction(async (tx) => {
        const row = await lockOrThrow(tx, tenant, id)
        refuse('delete', row, 0)
        const repo = createInvoiceRepo(tx)
        const deleted = row.isRecurring
          ? await repo.deleteRecurring(tenant.organizationId, id)
          : await repo.deleteDraft(tenant.organizationId, id)
        if (!deleted) throw conflict(d.notDeletable)
        await deleteDocumentTraces(tx, tenant.organizationId, 'invoice', id)
      })
    },

    ...stateActions,
    ...paymentActions,

    /** A new draft with the same customer, lines and options, dated today. */
    async duplicate(tenant: Tenant, id: number) {
      const source = await service.detail(tenant, id)
      const ctx = await contextOf(tenant)
      const newId = await deps.db.transaction((tx) =>
        service.insert(tx, tenant, ctx, {
          ...bodyOf(source),
          lines: bodyOf(source).lines.map((line) => ({ ...line, depositInvoiceId: null })),
          datedAt: today(),
          deliveredAt: null,
          isCreditNote: source.isCreditNote,
        }),
      )
      return service.detail(tenant, newId)
    },

    /**
     * PENDING invoices past their due date become LATE, with an activity entry written by the platform. Runs before
     * invoice lists are read and from the hourly housekeeping, one organisation per transaction; SKIP LOCKED lets
     * several processes run it at once.
     */
    async refreshLate(organizationId?: number) {
      for (const late of await createInvoiceRepo(deps.db).overdueOrganizations(today(), organizationId))
        await deps.db.transaction(async (tx) => {
          const overdue = await createInvoiceRepo(tx).overdue(today(), late)
          if (overdue.length === 0) return
          const at = now()
          for (const row of overdue)
            await createInvoiceRepo(tx).update(late, row.id, { stateId: INVOICE_STATE_IDS.LATE, updatedAt: at })
          await recordActivity(
            tx,
            overdue.map((row) => ({
              organizationId: late,
              subjectType: 'invoice' as const,
              subjectId: row.id,
              code: ACTIVITY_CODES.invoiceStateUpdated,
              userId: null,
              payload: { from: 'PENDING', to: 'LATE' },
            })),
            at,
          )
          await deps.books.post(tx, { organizationId: late, invoices: overdue.map((row) => row.id) })
        })
    },

    /** A recurring invoice is ARCHIVED once its schedule has ended, and DRAFT again when it can run again. */
    async setRecurringArchived(tx: DbOrTx, organizationId: number, id: number, archived: boolean) {
      await createInvoiceRepo(tx).update(organizationId, id, {
        stateId: archived ? INVOICE_STATE_IDS.ARCHIVED : INVOICE_STATE_IDS.DRAFT,
        updatedAt: now(),
      })
    },

    /** The invoices made from a quote: its deposits and its final invoice. */
    async ofQuote(db: DbOrTx, tenant: Tenant, quoteId: number) {
      const rows = await createInvoiceRepo(db).ofQuote(tenant.organizationId, quoteId)
      const payments = await paymentsOf(
        db,
        tenant.organizationId,
        rows.map((row) => row.invoice.id),
      )
      return rows.map((row) => presentInvoiceListItem(row, today(), onList(payments(row.invoice.id))))
    },

    contextOf,
    lockOrThrow,
    refuse,
  }
  return service
}
export type InvoiceService = ReturnType<typeof createInvoiceService>
