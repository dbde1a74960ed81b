import {
  type AppearanceFileKind,
  type CreationOption,
  canManageOrganization,
  type EndingType,
  FONT_DEFAULT_KEY,
  formatReference,
  hasDate,
  hasFeature,
  messages,
  type NumberingSeries,
  RECURRING_SETTINGS,
  type RecurringUnit,
  type ReferenceNumberingBody,
  type ReferenceNumberingDto,
  referenceExample,
  type SalesSettingsBody,
  type SalesSettingsDto,
  todayInParis,
} from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { fieldError, forbidden, notFound } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import type { OrganizationService } from '../../account/organizations/service'
import { createSalesSettingsRepo, type NumberingRow, type SalesSettingsRow } from './repo'

/** The settings the service answers: the documents name them without reaching into the repo. */
export type { SalesSettingsRow } from './repo'

/** The URL of a stored appearance file; the key's random part busts the browser's cache when the file changes. */
const fileUrl = (kind: AppearanceFileKind, key: string | null) =>
  key ? `/api/v1/settings/files/${kind}?v=${key.replace(/^.*\/|\..*$/g, '')}` : null

const appearanceOf = (row: SalesSettingsRow, fontTitle: string) => ({
  colorPrimary: row.colorPrimary,
  fontId: row.fontId,
  fontTitle,
  logoUrl: fileUrl('logo', row.logoPath),
  iconUrl: fileUrl('icon', row.iconPath),
  backgroundUrl: fileUrl('background', row.backgroundPath),
  backgroundNextPagesUrl: fileUrl('background_next_pages', row.backgroundNextPagesPath),
})

const canonicalRate = (value: string | null) => (value === null ? null : String(Number(value)))

function presentNumbering(row: NumberingRow, today: string): ReferenceNumberingDto {
  return {
    id: row.id,
    series: row.series as NumberingSeries,
    prefix: row.prefix,
    separator: row.separator,
    suffix: row.suffix,
    hasDate: hasDate(row),
    hasDay: row.hasDay,
    hasMonth: row.hasMonth,
    hasYearLong: row.hasYearLong,
    hasYearShort: row.hasYearShort,
    dateSeparator: row.dateSeparator,
    currentChrono: row.currentChrono,
    example: referenceExample(row),
    next: formatReference(row, row.currentChrono, today),
  }
}

/** Sales settings and reference numberings: every member reads them (documents need them), the owner changes them. */
export function createSalesSettingsService(deps: {
  db: DbOrTx
  clock: Clock
  organizations: Pick<OrganizationService, 'access'>
}) {
  const repo = createSalesSettingsRepo(deps.db)
  const ownerOnly = (tenant: Tenant) => {
    if (!canManageOrganization(tenant.membership.roleCode))
      throw forbidden(messages.organization.ownerOnly, 'OWNER_ONLY')
  }

  const service = {
    /** The settings row, made on first use. */
    async settings(organizationId: number) {
      let row = await repo.settings(organizationId)
      if (!row) {
        await repo.ensure(organizationId)
        row = await repo.settings(organizationId)
      }
      if (!row) throw new Error('sales settings missing after ensure')
      return row
    },

    async numberings(organizationId: number) {
      let rows = await repo.numberings(organizationId)
      if (rows.length < 3) {
        await repo.ensure(organizationId)
        rows = await repo.numberings(organizationId)
      }
      return rows
    },

    async detail(tenant: Tenant): Promise<SalesSettingsDto> {
      const row = await service.settings(tenant.organizationId)
      const numberings = await service.numberings(tenant.organizationId)
      const today = todayInParis(deps.clock())
      const of = (series: NumberingSeries) => {
        const found = numberings.find((n) => n.series === series)
        if (!found) throw new Error(`numbering ${series} missing`)
        return presentNumbering(found, today)
      }
      const invoiceReference = of('invoice')
      const creditNoteReference = of('credit_note')
      const quoteReference = of('quote')
      const font = await repo.font(row.fontId)
      return {
        invoiceEmail: row.invoiceEmail,
        quoteEmail: row.quoteEmail,
        recurringEmail: row.recurringEmail,
        recurringUnit: row.recurringUnit as RecurringUnit,
        recurringCreationOption: row.recurringCreationOption as CreationOption,
        recurringEndingType: row.recurringEndingType as EndingType,
        emailSignature: row.emailSignature,
        invoiceEmailSubject: row.invoiceEmailSubject,
        quoteEmailSubject: row.quoteEmailSubject,
        invoiceTerms: row.invoiceTerms,
        quoteTerms: row.quoteTerms,
        quoteValidityPeriod: row.quoteValidityPeriod,
        invoicePaymentLimit: row.invoicePaymentLimit,
        invoicePaymentEndOfMonth: row.invoicePaymentEndOfMonth,
        hasDeliveryFees: row.hasDeliveryFees,
        hasLatePenalties: row.hasLatePenalties,
        hasDisbursement: row.hasDisbursement,
        hasDiscounts: row.hasDiscounts,
        latePenaltyRate: canonicalRate(row.latePenaltyRate),
        vatOnDebits: row.vatOnDebits,
        lateInvoiceReminders: row.lateInvoiceReminders,
        creditNotePrefix: creditNoteReference.prefix,
        invoiceReference,
        creditNoteReference,
        quoteReference,
        invoiceCurrentChrono: invoiceReference.currentChrono,
        quoteCurrentChrono: quoteReference.currentChrono,
        ...appearanceOf(row, font?.key ?? FONT_DEFAULT_KEY),
      }
    },

    async update(tenant: Tenant, body: SalesSettingsBody) {
      ownerOnly(tenant)
      if (body.fontId !== undefined && !(await repo.font(body.fontId)))
        throw fieldError('fontId', messages.pdf.invalidFont)
      const saved = await service.settings(tenant.organizationId)
      // The form sends every field: only a change of a recurring setting needs the plan (spec/sales.md §5).
      const changesRecurring = RECURRING_SETTINGS.some((key) => body[key] !== undefined && body[key] !== saved[key])
      if (changesRecurring && !hasFeature(await deps.organizations.access(tenant.organizationId), 'recurring_invoices'))
        throw forbidden(messages.recurring.premiumRequired, 'PREMIUM_REQUIRED')
      await repo.updateSettings(tenant.organizationId, { ...body, updatedAt: deps.clock().toISOString() })
      return service.detail(tenant)
    },

    /** One numbering of the organisation (PATCH merges its body into it); another organisation's is a 404. */
    async numbering(tenant: Tenant, id: number): Promise<ReferenceNumberingDto> {
      const row = (await service.numberings(tenant.organizationId)).find((n) => n.id === id)
      if (!row) throw notFound()
      return presentNumbering(row, todayInParis(deps.clock()))
    },

    async updateNumbering(tenant: Tenant, id: number, body: ReferenceNumberingBody) {
      ownerOnly(tenant)
      await service.numberings(tenant.organizationId)
      const { reference: _preview, ...values } = body
      await deps.db.transaction(async (tx) => {
        const txRepo = createSalesSettingsRepo(tx)
        const row = await txRepo.lockNumbering(tenant.organizationId, id)
        if (!row) throw notFound()
        // A number is given once (decision 0003): the counter cannot go back to a number a document already has.
        const last = await txRepo.lastChrono(tenant.organizationId, row.series as NumberingSeries)
        if (values.currentChrono <= last) throw fieldError('currentChrono', messages.documents.chronoAlreadyGiven(last))
        await txRepo.updateNumbering(tenant.organizationId, id, { ...values, updatedAt: deps.clock().toISOString() })
      })
      const rows = await repo.numberings(tenant.organizationId)
      const row = rows.find((n) => n.id === id)
      if (!row) throw notFound()
      return presentNumbering(row, todayInParis(deps.clock()))
    },

    /**
     * The next reference of a series, taken inside the caller's transaction `tx` (the counter row stays locked until
     * it commits or rolls back, so a rolled-back validation gives its number back: no gap).
     */
    async takeReference(
      tx: DbOrTx,
      organizationId: number,
      series: NumberingSeries,
      datedAt: string,
      /** The document's date decided once the counter is locked (invoices/numbering.ts), formatted into the number. */
      dateOnceLocked?: () => Promise<string>,
    ) {
      let taken = await createSalesSettingsRepo(tx).takeNumber(organizationId, series)
      if (!taken) {
        await createSalesSettingsRepo(tx).ensure(organizationId)
        taken = await createSalesSettingsRepo(tx).takeNumber(organizationId, series)
      }
      if (!taken) throw new Error(`numbering ${series} missing`)
      const date = dateOnceLocked ? await dateOnceLocked() : datedAt
      return {
        reference: formatReference(taken, taken.currentChrono, date),
        chrono: taken.currentChrono,
        datedAt: date,
      }
    },
  }
  return service
}
export type SalesSettingsService = ReturnType<typeof createSalesSettingsService>
