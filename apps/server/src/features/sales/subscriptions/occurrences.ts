import {
  addDays,
  type InvoiceDto,
  ISSUING_REFUSALS,
  type IsoDate,
  nextOccurrence,
  resolveDocumentVariables,
  type SendEmailBody,
  splitAddresses,
} from '@app/domain'
import type { Db, DbOrTx } from '../../../db/client'
import { ACTIVITY_CODES, recordActivity } from '../../../lib/activity-log'
import type { Clock } from '../../../lib/clock'
import { AppError } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import { platformTenant } from '../../account/organizations/platform-tenant'
import type { OrganizationService } from '../../account/organizations/service'
import type { JobQueue, JobRow } from '../../platform/jobs/queue'
import { bodyOf, type GeneratedInvoice } from '../invoices/bodies'
import { ruleOf } from '../invoices/recurring-params'
import type { InvoiceContext, InvoiceService } from '../invoices/service'
import { recurringEntry } from './activity'
import { createSubscriptionRepo } from './repo'

/** The job that validates an occurrence's invoice and e-mails it with its PDF (creation option send). */
export const SEND_OCCURRENCE_JOB = 'recurring.send'

/** How long a run waits for schedules another process holds before leaving them to it: 50 × 100 ms. */
/** Refusals of validation that leave an occurrence a draft for its owner to complete, never retried. */
const NOT_ISSUED_CODES: ReadonlySet<string> = new Set([
  'LEGAL_INFO_REQUIRED',
  ISSUING_REFUSALS.customerInfoRequired,
  ISSUING_REFUSALS.nonPositiveTotal,
  ISSUING_REFUSALS.dateBeforeLastIssued,
])
const IDLE_ROUNDS_MAX = 50
const IDLE_WAIT_MS = 100

type Candidate = { organizationId: number; invoiceId: number; nextOccurrence: string | null; userId: number | null }
type Outcome = 'made' | 'suspended' | 'skipped'

/** The invoice of one occurrence: the model's content, dated that day, its variables resolved for that day. */
export function occurrenceBody(model: InvoiceDto, date: IsoDate): GeneratedInvoice {
  const copy = bodyOf(model)
  return {
    ...copy,
    name: resolveDocumentVariables(copy.name, date),
    description: resolveDocumentVariables(copy.description, date),
    lines: copy.lines.map((line) => ({
      ...line,
      name: resolveDocumentVariables(line.name, date),
      description: resolveDocumentVariables(line.description, date),
      depositInvoiceId: null,
    })),
    datedAt: date,
    deliveredAt: null,
    isCreditNote: false,
    isRecurring: false,
    subscriptionId: model.id,
    occurrenceAt: date,
  }
}

/**
 * Makes the occurrences of recurring invoices (decision 0016). The schedule row is the durable state: one transaction
 * per occurrence locks it (SKIP LOCKED, and only if it still waits for that date), creates the invoice, moves
 * `next_occurrence` on and, for the send option, enqueues the sending job. So a crash rolls the occurrence back whole,
 * and two processes never make one twice; a unique index on (subscription, occurrence date) stands behind that.
 * Dates missed while the server was down are made one by one, each invoice with its own date.
 */
export function createOccurrenceRunner(deps: {
  db: Db
  clock: Clock
  organizations: OrganizationService
  invoices: InvoiceService
  jobs: JobQueue
}) {
  const now = () => deps.clock().toISOString()
  /** The platform stops a schedule it cannot run (the model cannot be invoiced any more), and says why. */
  async function suspend(tenant: Tenant, candidate: Candidate, date: string, payload: Record<string, unknown>) {
    return deps.db.transaction(async (tx): Promise<Outcome> => {
      const locked = await createSubscriptionRepo(tx).claim(candidate.organizationId, candidate.invoiceId, date)
      if (!locked) return 'skipped'
      await createSubscriptionRepo(tx).update(candidate.organizationId, candidate.invoiceId, {
        isActive: false,
        updatedAt: now(),
      })
      await recordActivity(
        tx,
        recurringEntry(tenant, candidate.invoiceId, ACTIVITY_CODES.recurringSuspended, payload),
        now(),
      )
      return 'suspended'
    })
  }

  async function make(
    tx: DbOrTx,
    tenant: Tenant,
    ctx: InvoiceContext,
    model: InvoiceDto,
    date: string,
  ): Promise<Outcome> {
    const repo = createSubscriptionRepo(tx)
    const locked = await repo.claim(tenant.organizationId, model.id, date)
    if (!locked) return 'skipped'
    // The model as read before the transaction must still be the model: an edit in between means read it again.
    const row = await deps.invoices.lockOrThrow(tx, tenant, model.id)
    if (row.updatedAt !== model.updatedAt) return 'skipped'
    const invoiceId = await deps.invoices.insert(tx, tenant, ctx, occurrenceBody(model, date))
    const history = { generatedCount: locked.generatedCount + 1, lastOccurrenceAt: date }
    // A catch-up walks on from this date, not from today: every missed date gets its invoice.
    const next = nextOccurrence(ruleOf(locked), history, addDays(date, 1))
    await repo.update(tenant.organizationId, model.id, { ...history, nextOccurrence: next, updatedAt: now() })
    if (next === null) await deps.invoices.setRecurringArchived(tx, tenant.organizationId, model.id, true)
    await recordActivity(
      tx,
      recurringEntry(tenant, model.id, ACTIVITY_CODES.recurringOccurrence, { invoiceId, occurrence: date }),
      now(),
    )
    if (locked.creationOption === 'send') {
      await deps.jobs.enqueue(tx, {
        organizationId: tenant.organizationId,
        kind: SEND_OCCURRENCE_JOB,
        // The e-mail as set when the invoice was made: a later edit or deletion of the model does not change it.
        payload: {
          invoiceId,
          emailRecipient: locked.emailRecipient,
          cc: locked.emailCc,
          cci: locked.emailCci,
          subject: locked.emailSubject,
          body: locked.emailBody,
        },
      })
    }
    return 'made'
  }

  /**
   * What a run reads again and again, kept for the run: the acting tenant and the invoicing context of an organisation,
   * and each model (read again when the locked row says it changed). A catch-up of 30 dates then
   * reads each model once, not 30 times.
   */
  function runCache() {
    const memo = new Map<string, Promise<unknown>>()
    const once = <T>(key: string, read: () => Promise<T>) => {
      if (!memo.has(key))
        memo.set(
          key,
          read().catch((error: unknown) => {
            memo.delete(key)
            throw error
          }),
        )
      return memo.get(key) as Promise<T>
    }
    return {
      tenant: (c: Candidate) =>
        once(`tenant:${c.organizationId}:${c.userId}`, () =>
          platformTenant(deps.organizations, c.organizationId, c.userId),
        ),
      context: (tenant: Tenant) => once(`context:${tenant.organizationId}`, () => deps.invoices.contextOf(tenant)),
      model: (tenant: Tenant, id: number) => once(`model:${id}`, () => deps.invoices.detail(tenant, id)),
      forget: (id: number) => memo.delete(`model:${id}`),
    }
  }
  type RunCache = ReturnType<typeof runCache>

  async function runOne(candidate: Candidate, cache: RunCache): Promise<Outcome> {
    const date = candidate.nextOccurrence
    if (!date) return 'skipped'
    // No plan check here: a recurring invoice that exists keeps billing its customer after a trial ends or a plan
    // changes (stopping it silently would cost its owner the revenue); the plan gates creating and reactivating.
    const tenant = await cache.tenant(candidate)
    for (let attempt = 0; attempt < 3; attempt++) {
      // Read before the transaction opens: PGlite has one connection, a read outside it would wait for ever.
      const model = await cache.model(tenant, candidate.invoiceId)
      const ctx = await cache.context(tenant)
      try {
        const outcome = await deps.db.transaction((tx) => make(tx, tenant, ctx, model, date))
        if (outcome === 'made') return outcome
        cache.forget(candidate.invoiceId)
        if (!(await stillWaits(candidate, date))) return 'skipped'
      } catch (error) {
        cache.forget(candidate.invoiceId)
        // A refusal (customer gone, a tax no longer valid…): stopped and said in its history, never retried in a loop.
        if (error instanceof AppError && error.statusCode < 500)
          return suspend(tenant, candidate, date, { reason: 'error', message: error.message })
        throw error
      }
    }
    return 'skipped'
  }

  /** Whether the schedule still waits for `date` (it was edited meanwhile) rather than being taken by another process. */
  async function stillWaits(candidate: Candidate, date: string) {
    const row = await createSubscriptionRepo(deps.db).find(candidate.organizationId, candidate.invoiceId)
    return Boolean(row?.isActive && row.nextOccurrence === date)
  }

  return {
    /** Makes every occurrence due by `until` (a Paris date), oldest first, across organisations; returns how many. */
    async runDue(until: IsoDate): Promise<number> {
      let made = 0
      let idleRounds = 0
      const cache = runCache()
      for (;;) {
        const candidates = await createSubscriptionRepo(deps.db).dueCandidates(until, 25)
        if (candidates.length === 0) return made
        let moved = false
        for (const candidate of candidates) {
          const outcome = await runOne(candidate, cache)
          if (outcome === 'made') made++
          if (outcome !== 'skipped') moved = true
        }
        if (moved) idleRounds = 0
        // Everything left is held by another process: wait for it a little, and leave it to it if it takes long.
        else if (++idleRounds > IDLE_ROUNDS_MAX) return made
        else await new Promise((resolve) => setTimeout(resolve, IDLE_WAIT_MS))
      }
    },
  }
}
export type OccurrenceRunner = ReturnType<typeof createOccurrenceRunner>

/**
 * The send option's job: validates the occurrence's invoice (its number) and e-mails it with its PDF through the
 * outbox. Idempotent: a draft is validated, a validated invoice is sent, a sent one (a job run again after a crash) is
 * left as it is.
 */
export function createSendOccurrenceHandler(deps: {
  db: Db
  clock: Clock
  organizations: OrganizationService
  invoices: InvoiceService
  /** E-mails a validated occurrence (made by the documents wing, wired in app.ts). */
  documentMail: { send(tenant: Tenant, kind: 'invoice', id: number, body: SendEmailBody): Promise<unknown> }
}) {
  /**
   * The organisation's legal information is incomplete (409 LEGAL_INFO_REQUIRED), or the invoice cannot be issued as
   * the law asks (the customer's address, a total not above zero, its date): the occurrence stays a draft, its
   * history says why, and the job ends failed at once (a refusal is never retried); the owner validates and sends the
   * draft once the legal-info page is complete. The schedule keeps running: the next dates make their drafts too.
   */
  async function notIssued(tenant: Tenant, invoiceId: number, error: AppError) {
    await recordActivity(
      deps.db,
      {
        organizationId: tenant.organizationId,
        subjectType: 'invoice',
        subjectId: invoiceId,
        code: ACTIVITY_CODES.invoiceNotIssued,
        userId: null,
        payload: { message: error.message },
      },
      deps.clock().toISOString(),
    )
  }

  return async (job: JobRow) => {
    const payload = job.payload as {
      invoiceId: number
      emailRecipient: string | null
      cc: string | null
      cci: string | null
      subject: string | null
      body: string | null
    }
    if (job.organizationId === null) return
    const tenant = await platformTenant(deps.organizations, job.organizationId, null)
    let invoice = await deps.invoices.detail(tenant, payload.invoiceId).catch((error: unknown) => {
      if (error instanceof AppError && error.statusCode === 404) return null
      throw error
    })
    if (!invoice) return
    const author = invoice.user?.id ?? null
    const acting = author === null ? tenant : await platformTenant(deps.organizations, job.organizationId, author)
    if (invoice.state.code === 'DRAFT') {
      const draftId = invoice.id
      // An occurrence issued after a later-dated invoice was numbered (a catch-up, another process's job first) takes
      // that invoice's date: numbers follow dates.
      invoice = await deps.invoices.validate(acting, draftId, { notBeforeLast: true }).catch(async (error: unknown) => {
        if (error instanceof AppError && NOT_ISSUED_CODES.has(error.code)) await notIssued(tenant, draftId, error)
        throw error
      })
    }
    if (invoice.state.code !== 'VALIDATED') return
    const recipients = splitAddresses(payload.emailRecipient ?? '')
    if (recipients.length === 0) return
    await deps.documentMail.send(acting, 'invoice', invoice.id, {
      emailRecipient: recipients,
      ccMails: payload.cc ? splitAddresses(payload.cc) : undefined,
      bccMails: payload.cci ? splitAddresses(payload.cci) : undefined,
      subject: payload.subject ?? '',
      contentMail: payload.body ?? '',
      meInCopy: false,
    })
  }
}
