import {
  canQuote,
  DOCUMENT_DISCOUNT_DEFAULT_NAME,
  messages,
  paymentLimitDate,
  QUOTE_STATE_IDS,
  type QuoteAction,
  type QuoteBody,
  type QuoteDto,
  type QuoteListQuery,
  type QuoteStateCode,
  resolveDocumentVariables,
  todayInParis,
} from '@app/domain'
import { type Db, type DbOrTx, readTogether } from '../../../db/client'
import { ACTIVITY_CODES, type ActivityCode, recordActivity } from '../../../lib/activity-log'
import type { Clock } from '../../../lib/clock'
import { conflict, notFound } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import type { OrganizationService } from '../../account/organizations/service'
import { documentBodyOf } from '../documents/bodies'
import { createLineRepo } from '../documents/lines'
import { contactIdsMatching, documentListOptions } from '../documents/list'
import { customerSnapshot, prepareDocument } from '../documents/prepare'
import { deleteDocumentTraces } from '../documents/traces'
import type { InvoiceService } from '../invoices/service'
import type { SalesSettingsService } from '../sales-settings/service'
import { presentQuote, presentQuoteListItem } from './presenter'
import { createQuoteRepo, type QuoteRow } from './repo'

const d = messages.documents
export const quoteStateCode = (stateId: number) =>
  (Object.entries(QUOTE_STATE_IDS).find(([, id]) => id === stateId)?.[0] ?? 'DRAFT') as QuoteStateCode

export function createQuoteService(deps: {
  db: Db
  clock: Clock
  organizations: OrganizationService
  salesSettings: SalesSettingsService
  invoices: InvoiceService
}) {
  const now = () => deps.clock().toISOString()
  const today = () => todayInParis(deps.clock())

  /** A quote is prepared as an invoice is (prepareDocument); the sales settings that come with it go unread. */
  const contextOf = (tenant: Tenant) => deps.invoices.contextOf(tenant)

  const activity = (tenant: Tenant, id: number, code: ActivityCode, payload?: Record<string, unknown>) => ({
    organizationId: tenant.organizationId,
    subjectType: 'quote' as const,
    subjectId: id,
    code,
    userId: tenant.userId,
    payload,
  })

  async function lockOrThrow(tx: DbOrTx, tenant: Tenant, id: number) {
    const row = await createQuoteRepo(tx).lock(tenant.organizationId, id)
    if (!row) throw notFound()
    return row
  }

  /** Checks the quote state table; refusals are 409 with the reason in French. */
  async function refuse(
    tx: DbOrTx,
    tenant: Tenant,
    action: QuoteAction,
    row: Pick<QuoteRow, 'id' | 'stateId' | 'contactId' | 'reference'>,
  ) {
    const linked = await deps.invoices.ofQuote(tx, tenant, row.id)
    const lines = await createLineRepo(tx).quoteLines(tenant.organizationId, row.id)
    const facts = {
      stateCode: quoteStateCode(row.stateId),
      hasContact: row.contactId !== null,
      linesCount: lines.length,
      hasFinalInvoice: linked.some((invoice) => !invoice.isDeposit && invoice.state.code !== 'CANCELED'),
      isNumbered: row.reference !== null,
      hasDraftDeposits: linked.some((invoice) => invoice.isDeposit && invoice.state.code === 'DRAFT'),
    }
    if (canQuote(action, facts)) return { linked, lines }
    if (action === 'edit') throw conflict(d.notEditable, 'NOT_EDITABLE')
    if (action === 'delete') throw conflict(facts.isNumbered ? d.numberedQuote : d.notDeletable, 'NOT_DELETABLE')
    if (action === 'toInvoice' && facts.hasDraftDeposits && !facts.hasFinalInvoice && facts.hasContact)
      throw conflict(d.depositsNotValidated, 'DEPOSITS_NOT_VALIDATED')
    if (!facts.hasContact) throw conflict(d.contactRequiredForAction, 'CONTACT_REQUIRED')
    if (facts.hasFinalInvoice) throw conflict(d.alreadyInvoiced, 'ALREADY_INVOICED')
    if (facts.linesCount === 0) throw conflict(d.linesRequired, 'LINES_REQUIRED')
    throw conflict(d.actionNotAllowed, 'ACTION_NOT_ALLOWED')
  }

  const validityOf = (body: QuoteBody) => paymentLimitDate(body.datedAt, body.validityLimit)

  const service = {
    async list(tenant: Tenant, query: QuoteListQuery) {
      return readTogether(deps.db, async (tx) => {
        const { rows, total } = await createQuoteRepo(tx).list(
          tenant.organizationId,
          documentListOptions(
            query,
            query['filter[state]']?.map((code) => QUOTE_STATE_IDS[code]),
            query.search ? await contactIdsMatching(tx, tenant.organizationId, query.search) : undefined,
          ),
        )
        return { data: rows.map(presentQuoteListItem), meta: { total, page: query.page, pageSize: query.pageSize } }
      })
    },

    async detail(tenant: Tenant, id: number, db: DbOrTx = deps.db): Promise<QuoteDto> {
      if (db === deps.db) return readTogether(deps.db, (tx) => service.detail(tenant, id, tx))
      const repo = createQuoteRepo(db)
      const row = await repo.find(tenant.organizationId, id)
      if (!row) throw notFound()
      const lines = await createLineRepo(db).quoteLines(tenant.organizationId, id)
      const deposits = (await deps.invoices.ofQuote(db, tenant, id))
        .filter((invoice) => invoice.isDeposit)
        .map((invoice) => ({
          id: invoice.id,
          reference: invoice.reference,
          name: invoice.name,
          datedAt: invoice.datedAt,
          stateId: invoice.stateId,
          state: invoice.state,
          totalTaxExcluded: invoice.totalTaxExcluded,
          totalTaxIncluded: invoice.totalTaxIncluded,
          amount: invoice.amount,
        }))
      return presentQuote(row, lines, deposits, await repo.states())
    },

    /** PATCH reads the stored quote to merge the body into, after its state: a quote past DRAFT is a 409 first. */
    async editableDetail(tenant: Tenant, id: number) {
      const stored = await service.detail(tenant, id)
      await refuse(deps.db, tenant, 'edit', stored)
      return stored
    },

    async create(tenant: Tenant, body: QuoteBody) {
      const ctx = await contextOf(tenant)
      const id = await deps.db.transaction(async (tx) => {
        const prepared = await prepareDocument(tx, ctx, body)
        const at = now()
        const id = await createQuoteRepo(tx).insert(tenant.organizationId, {
          ...prepared.values,
          stateId: QUOTE_STATE_IDS.DRAFT,
          validityLimit: body.validityLimit,
          paymentLimitAt: validityOf(body),
          userId: tenant.userId,
          createdAt: at,
          updatedAt: at,
        })
        await createLineRepo(tx).replaceQuoteLines(tenant.organizationId, id, prepared.lines)
        await recordActivity(tx, activity(tenant, id, ACTIVITY_CODES.quoteCreated), at)
        return id
      })
      return service.detail(tenant, id)
    },

    async update(tenant: Tenant, id: number, body: QuoteBody) {
      const ctx = await contextOf(tenant)
      await deps.db.transaction(async (tx) => {
        const row = await lockOrThrow(tx, tenant, id)
        await refuse(tx, tenant, 'edit', row)
        const prepared = await prepareDocument(tx, ctx, body)
        await createQuoteRepo(tx).update(tenant.organizationId, id, {
          ...prepared.values,
          validityLimit: body.validityLimit,
          paymentLimitAt: validityOf(body),
          updatedAt: now(),
        })
        await createLineRepo(tx).replaceQuoteLines(tenant.organizationId, id, prepared.lines)
        await recordActivity(tx, activity(tenant, id, ACTIVITY_CODES.quoteUpdated), now())
      })
      return service.detail(tenant, id)
    },

    async remove(tenant: Tenant, id: number) {
      await deps.db.transaction(async (tx) => {
        const row = await lockOrThrow(tx, tenant, id)
        const { linked } = await refuse(tx, tenant, 'delete', row)
        if (linked.length > 0) throw conflict(d.alreadyInvoiced, 'ALREADY_INVOICED')
        if (!(await createQuoteRepo(tx).deleteDraft(tenant.organizationId, id))) throw conflict(d.notDeletable)
        await deleteDocumentTraces(tx, tenant.organizationId, 'quote', id)
      })
    },

    /**
     * The state dropdown and the buttons (Valider, Marquer comme envoyé, Gagné, Perdu): any other state, with a
     * contact. Leaving DRAFT the first time gives the quote its reference, from the quote series.
     */
    async changeState(
      tenant: Tenant,
      id: number,
      stateId: number,
      /** Runs in the same transaction, on the locked row (the e-mail that sends the quote and its activity entry). */
      within?: (tx: DbOrTx, row: QuoteRow) => Promise<void>,
    ) {
      await deps.db.transaction(async (tx) => {
        const row = await lockOrThrow(tx, tenant, id)
        await refuse(tx, tenant, 'changeState', row)
        if (row.stateId === stateId) throw conflict(d.actionNotAllowed, 'SAME_STATE')
        // Leaving DRAFT issues the quote: it needs the seller's legal information (409 LEGAL_INFO_REQUIRED).
        if (row.stateId === QUOTE_STATE_IDS.DRAFT && stateId !== QUOTE_STATE_IDS.DRAFT)
          await deps.organizations.requireLegalInfo(tenant.organizationId, tx)
        await within?.(tx, row)
        const values: Partial<QuoteRow> = { stateId, updatedAt: now() }
        if (row.stateId === QUOTE_STATE_IDS.DRAFT && stateId !== QUOTE_STATE_IDS.DRAFT) {
          // Leaving DRAFT validates: {mois}, {annee}… take that date; drafts keep them as typed (spec/sales.md §5).
          await createLineRepo(tx).resolveVariables('quote', tenant.organizationId, id, today())
          values.name = resolveDocumentVariables(row.name, today())
          values.description = resolveDocumentVariables(row.description, today())
        }
        if (row.reference === null && stateId !== QUOTE_STATE_IDS.DRAFT) {
          const taken = await deps.salesSettings.takeReference(tx, tenant.organizationId, 'quote', row.datedAt)
          Object.assign(values, {
            reference: taken.reference,
            series: 'quote',
            chrono: taken.chrono,
            customer: await customerSnapshot(tx, tenant.organizationId, row),
            validatedAt: now(),
          })
        }
        await createQuoteRepo(tx).update(tenant.organizationId, id, values)
        await recordActivity(
          tx,
          activity(tenant, id, ACTIVITY_CODES.quoteStateUpdated, {
            from: quoteStateCode(row.stateId),
            to: quoteStateCode(stateId),
          }),
          now(),
        )
      })
      return service.detail(tenant, id)
    },

    async duplicate(tenant: Tenant, id: number) {
      const source = await service.detail(tenant, id)
      return service.create(tenant, { ...quoteBodyOf(source), datedAt: today() })
    },

    contextOf,
    lockOrThrow,
    refuse,
    activity,
  }
  return service
}
export type QuoteService = ReturnType<typeof createQuoteService>

export function quoteBodyOf(source: QuoteDto): QuoteBody {
  return {
    ...documentBodyOf(source),
    discount: source.discount && { ...source.discount, name: source.discount.name || DOCUMENT_DISCOUNT_DEFAULT_NAME },
    validityLimit: source.validityLimit,
  }
}
