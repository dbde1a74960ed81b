import {
  addDays,
  canInvoice,
  canSubscription,
  hasFeature,
  INVOICE_STATE_IDS,
  type InvoiceBody,
  type InvoiceDto,
  messages,
  NO_HISTORY,
  nextOccurrence,
  RECURRING_DEFAULTS,
  type RecurrenceHistory,
  type RecurrenceRule,
  type RecurringCalendarBody,
  type RecurringParamsBody,
  recurringDateErrors,
  todayInParis,
  upcomingOccurrences,
} from '@app/domain'
import type { Db, DbOrTx } from '../../../db/client'
import { ACTIVITY_CODES, recordActivity } from '../../../lib/activity-log'
import type { Clock } from '../../../lib/clock'
import { AppError, conflict, forbidden, notFound } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import type { OrganizationService } from '../../account/organizations/service'
import { bodyOf } from '../invoices/bodies'
import { historyOf, type RecurringParamsRow, ruleOf } from '../invoices/recurring-params'
import type { InvoiceService } from '../invoices/service'
import type { SalesSettingsService } from '../sales-settings/service'
import { recurringEntry } from './activity'
import { createSubscriptionRepo } from './repo'

const r = messages.recurring

/** The rule of a body's parameters. */
const ruleOfParams = (params: RecurringParamsBody): RecurrenceRule => ({
  startingAt: params.startingAt,
  unit: params.unit,
  recurrence: params.recurrence,
  day: params.day,
  endingType: params.endingType,
  endingAt: params.endingAt,
  occurrences: params.occurrences,
})

const sameSchedule = (a: RecurrenceRule, b: RecurrenceRule) =>
  a.startingAt === b.startingAt && a.unit === b.unit && a.recurrence === b.recurrence && a.day === b.day

/**
 * Where the next occurrence is looked for after a save or in a preview: from today, except when the schedule is
 * unchanged and a date already due waits for the jobs (a catch-up after an outage must not be lost by an edit).
 */
function searchFrom(saved: RecurringParamsRow | null, rule: RecurrenceRule, today: string) {
  if (saved?.nextOccurrence && saved.nextOccurrence < today && sameSchedule(ruleOf(saved), rule))
    return saved.nextOccurrence
  return today
}

const paramsColumns = (params: RecurringParamsBody) => ({
  startingAt: params.startingAt,
  endingAt: params.endingAt,
  endingType: params.endingType,
  occurrences: params.occurrences,
  recurrence: params.recurrence,
  unit: params.unit,
  day: params.day,
  creationOption: params.creationOption,
  emailRecipient: params.emails?.emailRecipient ?? null,
  emailCc: params.emails?.cc ?? null,
  emailCci: params.emails?.cci ?? null,
  emailSubject: params.emails?.subject ?? null,
  emailBody: params.emails?.body ?? null,
})

/**
 * Recurring invoices (spec/sales.md §2–§7): an invoice row with is_recurring = true is the model, `recurring_params`
 * its schedule. Creating, duplicating and reactivating need a plan with recurring invoices (403 otherwise); editing,
 * suspending and deleting stay possible whatever the plan. The occurrences are made by occurrences.ts.
 */
export function createSubscriptionService(deps: {
  db: Db
  clock: Clock
  organizations: OrganizationService
  invoices: InvoiceService
  salesSettings: SalesSettingsService
}) {
  const now = () => deps.clock().toISOString()
  const today = () => todayInParis(deps.clock())

  async function requirePremium(tenant: Tenant) {
    const access = await deps.organizations.access(tenant.organizationId)
    if (!hasFeature(access, 'recurring_invoices')) throw forbidden(r.premiumRequired, 'PREMIUM_REQUIRED')
  }

  function paramsOf(body: InvoiceBody, saved: RecurringParamsRow | null): RecurringParamsBody {
    const params = body.recurringParams
    if (!params) throw new AppError(422, 'VALIDATION_FAILED', r.paramsRequired, { recurringParams: [r.paramsRequired] })
    const errors = recurringDateErrors(params, {
      today: today(),
      saved: saved ? { startingAt: saved.startingAt, endingAt: saved.endingAt } : null,
    })
    if (Object.keys(errors).length > 0)
      throw new AppError(
        422,
        'VALIDATION_FAILED',
        messages.validation.invalidData,
        Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]])),
      )
    return params
  }

  async function lockRecurring(tx: DbOrTx, tenant: Tenant, id: number) {
    const row = await deps.invoices.lockOrThrow(tx, tenant, id)
    if (!row.isRecurring) throw conflict(r.notRecurring, 'NOT_RECURRING')
    const params = await createSubscriptionRepo(tx).lock(tenant.organizationId, id)
    if (!params) throw notFound()
    return { row, params }
  }

  /** Writes a schedule's next date, and archives the model when none is left (or brings it back). */
  async function schedule(
    tx: DbOrTx,
    tenant: Tenant,
    id: number,
    rule: RecurrenceRule,
    history: RecurrenceHistory,
    from: string,
  ) {
    const next = nextOccurrence(rule, history, from)
    await deps.invoices.setRecurringArchived(tx, tenant.organizationId, id, next === null)
    return next
  }

  /** Inserts a model and its schedule in one transaction; the parameters are already checked. */
  async function insert(tenant: Tenant, body: InvoiceBody, params: RecurringParamsBody) {
    const ctx = await deps.invoices.contextOf(tenant)
    const id = await deps.db.transaction(async (tx) => {
      const id = await deps.invoices.insert(tx, tenant, ctx, { ...body, datedAt: params.startingAt, isRecurring: true })
      const rule = ruleOfParams(params)
      const next = await schedule(tx, tenant, id, rule, NO_HISTORY, today())
      await createSubscriptionRepo(tx).insert({
        organizationId: tenant.organizationId,
        invoiceId: id,
        ...paramsColumns(params),
        isActive: true,
        nextOccurrence: next,
        createdAt: now(),
        updatedAt: now(),
      })
      return id
    })
    return deps.invoices.detail(tenant, id)
  }

  const service = {
    /** POST /invoices with isRecurring: a new recurring invoice (premium plans only). */
    async create(tenant: Tenant, body: InvoiceBody): Promise<InvoiceDto> {
      await requirePremium(tenant)
      return insert(tenant, body, paramsOf(body, null))
    },

    /** PATCH /invoices/{id} with isRecurring: its content and its schedule, in the invoice's own transaction. */
    async update(tenant: Tenant, id: number, body: InvoiceBody): Promise<InvoiceDto> {
      const saved = (await createSubscriptionRepo(deps.db).find(tenant.organizationId, id)) ?? null
      const params = paramsOf(body, saved)
      return deps.invoices.update(tenant, id, { ...body, datedAt: params.startingAt }, async (tx) => {
        const locked = await createSubscriptionRepo(tx).lock(tenant.organizationId, id)
        if (!locked) throw notFound()
        const rule = ruleOfParams(params)
        const next = nextOccurrence(rule, historyOf(locked), searchFrom(locked, rule, today()))
        await createSubscriptionRepo(tx).update(tenant.organizationId, id, {
          ...paramsColumns(params),
          nextOccurrence: next,
          updatedAt: now(),
        })
        return { stateId: next === null ? INVOICE_STATE_IDS.ARCHIVED : INVOICE_STATE_IDS.DRAFT }
      })
    },

    /** Stops making invoices until reactivated; those already made do not change. */
    async suspend(tenant: Tenant, id: number): Promise<InvoiceDto> {
      await deps.db.transaction(async (tx) => {
        const { row, params } = await lockRecurring(tx, tenant, id)
        if (!canSubscription('suspend', { isActive: params.isActive, hasContact: row.contactId !== null }))
          throw conflict(messages.documents.actionNotAllowed, 'ACTION_NOT_ALLOWED')
        await createSubscriptionRepo(tx).update(tenant.organizationId, id, { isActive: false, updatedAt: now() })
        await recordActivity(tx, recurringEntry(tenant, id, ACTIVITY_CODES.recurringSuspended), now())
      })
      return deps.invoices.detail(tenant, id)
    },

    /** Starts again from today: the dates missed while suspended are not made. Needs a customer and the plan. */
    async reactivate(tenant: Tenant, id: number): Promise<InvoiceDto> {
      await requirePremium(tenant)
      await deps.db.transaction(async (tx) => {
        const { row, params } = await lockRecurring(tx, tenant, id)
        const facts = { isActive: params.isActive, hasContact: row.contactId !== null }
        if (!canSubscription('reactivate', facts))
          throw facts.hasContact
            ? conflict(messages.documents.actionNotAllowed, 'ACTION_NOT_ALLOWED')
            : conflict(r.reactivateNeedsContact, 'CONTACT_REQUIRED')
        const next = await schedule(tx, tenant, id, ruleOf(params), historyOf(params), today())
        await createSubscriptionRepo(tx).update(tenant.organizationId, id, {
          isActive: true,
          nextOccurrence: next,
          updatedAt: now(),
        })
        await recordActivity(tx, recurringEntry(tenant, id, ACTIVITY_CODES.recurringReactivated), now())
      })
      return deps.invoices.detail(tenant, id)
    },

    /** POST /recurring-calendar: the next dates the rule gives; for a saved one, after what it has already made. */
    async calendar(tenant: Tenant, body: RecurringCalendarBody): Promise<string[]> {
      const saved = body.id === null ? null : await createSubscriptionRepo(deps.db).find(tenant.organizationId, body.id)
      if (body.id !== null && !saved) throw notFound()
      const history = saved ? historyOf(saved) : NO_HISTORY
      return upcomingOccurrences(body, history, searchFrom(saved ?? null, body, today()), body.limit)
    },

    /**
     * POST /invoices/{id}/duplicate?recurring=true: a recurring invoice from an invoice (monthly on the 1st from
     * tomorrow, drafts to validate, the e-mail ready for the send option), or a copy of a recurring invoice.
     */
    async duplicateAsRecurring(tenant: Tenant, id: number): Promise<InvoiceDto> {
      await requirePremium(tenant)
      const source = await deps.invoices.detail(tenant, id)
      const facts = {
        stateCode: 'DRAFT' as const,
        isCreditNote: source.isCreditNote,
        hasContact: source.contactId !== null,
        linesCount: source.lines.length,
      }
      if (!canInvoice('createRecurring', facts))
        throw conflict(messages.documents.actionNotAllowed, 'ACTION_NOT_ALLOWED')
      const tomorrow = addDays(today(), 1)
      const settings = await deps.salesSettings.settings(tenant.organizationId)
      const from = source.recurringParams
      const startingAt = from && from.startingAt > tomorrow ? from.startingAt : tomorrow
      const params: RecurringParamsBody = from
        ? {
            ...from,
            startingAt,
            endingAt: from.endingAt && from.endingAt >= startingAt ? from.endingAt : null,
          }
        : {
            // The organisation's defaults (sales settings), else spec §9's.
            startingAt,
            endingAt: null,
            endingType: settings.recurringEndingType as RecurringParamsBody['endingType'],
            occurrences: settings.recurringEndingType === 'occurrences' ? RECURRING_DEFAULTS.occurrences : null,
            recurrence: RECURRING_DEFAULTS.recurrence,
            unit: settings.recurringUnit as RecurringParamsBody['unit'],
            day:
              settings.recurringUnit === 'week' || settings.recurringUnit === 'month' ? RECURRING_DEFAULTS.day : null,
            creationOption: settings.recurringCreationOption as RecurringParamsBody['creationOption'],
            emails: {
              emailRecipient: source.customer?.email ?? null,
              cc: null,
              cci: null,
              subject: settings.invoiceEmailSubject || r.defaultSubject,
              body: settings.recurringEmail || messages.sending.invoiceBody(messages.sending.invoiceWhat),
            },
          }
      const copy = bodyOf(source)
      return insert(
        tenant,
        {
          ...copy,
          lines: copy.lines.map((line) => ({ ...line, depositInvoiceId: null })),
          deliveredAt: null,
          isCreditNote: false,
          isRecurring: true,
          recurringParams: params,
        } as InvoiceBody,
        params,
      )
    },

    requirePremium,
  }
  return service
}
export type SubscriptionService = ReturnType<typeof createSubscriptionService>
