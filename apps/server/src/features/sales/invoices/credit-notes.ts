import {
  type CreditNoteRequestBody,
  compare,
  formatEuro,
  INVOICE_STATE_IDS,
  type InvoiceDto,
  messages,
  negate,
  partialCreditLines,
  remainingToCredit,
  subtract,
  todayInParis,
  UNIT_DEFAULT_ID,
} from '@app/domain'
import type { Db, DbOrTx } from '../../../db/client'
import { ACTIVITY_CODES, recordActivity } from '../../../lib/activity-log'
import type { Clock } from '../../../lib/clock'
import { conflict, fieldError } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import type { OrganizationService } from '../../account/organizations/service'
import type { Books } from '../../books/ledger/books'
import { lineBodyOf, taxIdForRate } from '../documents/lines'
import { customerSnapshot, type LineBody } from '../documents/prepare'
import type { SalesSettingsService } from '../sales-settings/service'
import { bodyOf } from './bodies'
import { takeNumberInOrder } from './numbering'
import type { InvoiceNetwork } from './parts'
import { createInvoiceRepo } from './repo'
import type { InvoiceService } from './service'

const d = messages.documents
const negateOrNull = (value: string | null) => (value === null ? null : negate(value))

/** Total credit note of an invoice never credited: every line mirrored, negative, with its options. */
function mirrorOf(source: InvoiceDto) {
  const body = bodyOf(source)
  return {
    ...body,
    lines: source.lines.map(
      (line): LineBody => ({
        ...lineBodyOf(line),
        amount: negate(line.amount),
        discount: line.discount && { amount: negateOrNull(line.discount.amount), percentage: line.discount.percentage },
        depositInvoiceId: null,
      }),
    ),
    discount: source.discount && { ...source.discount, amount: negateOrNull(source.discount.amount) },
    deliveryFees: negateOrNull(source.deliveryFees),
    disbursement: negateOrNull(source.disbursement),
  }
}

/** A credit note of `amount` TTC, split over the invoice's rates in its proportions (domain partialCreditLines). */
function partialOf(source: InvoiceDto, amount: string) {
  const shares = source.vatBreakdown.map((rate) => ({
    ratePercent: rate.ratePercent,
    taxExcluded: rate.taxExcluded,
    taxIncluded: rate.taxIncluded,
  }))
  const type = source.nature === 'GOODS' ? ('PRODUCT' as const) : ('SERVICE' as const)
  return {
    ...bodyOf(source),
    lines: partialCreditLines(shares, amount).map(
      (rateLine): LineBody => ({
        name: d.creditNoteLine(source.reference ?? source.name),
        description: null,
        reference: null,
        type,
        quantity: '1',
        amount: rateLine.amount,
        unitId: UNIT_DEFAULT_ID,
        taxId: taxIdForRate(source.lines, rateLine.ratePercent, source.taxFree),
        itemId: null,
        discount: null,
      }),
    ),
    discount: null,
    deliveryFees: null,
    disbursement: null,
  }
}

/**
 * Credit notes (avoirs): made validated and numbered in their own series in one transaction with the change of the
 * invoice they correct, which is CANCELED once nothing remains to credit.
 */
export function createCreditNoteService(deps: {
  db: Db
  books: Books
  clock: Clock
  invoices: InvoiceService
  salesSettings: SalesSettingsService
  organizations: Pick<OrganizationService, 'requireLegalInfo'>
  network: InvoiceNetwork
}) {
  const now = () => deps.clock().toISOString()
  return {
    async create(tenant: Tenant, invoiceId: number, request: CreditNoteRequestBody) {
      const ctx = await deps.invoices.contextOf(tenant)
      const id = await deps.db.transaction(async (tx: DbOrTx) => {
        const row = await deps.invoices.lockOrThrow(tx, tenant, invoiceId)
        const source = await deps.invoices.detail(tenant, invoiceId, tx)
        const creditNotes = source.creditNotes.map((note) => note.amount)
        deps.invoices.refuse(request.partial ? 'partialCreditNote' : 'totalCreditNote', row, source.lines.length)
        // A credit note is issued validated: it needs the seller's legal information as the invoice did.
        await deps.organizations.requireLegalInfo(tenant.organizationId, tx)
        const remaining = remainingToCredit(source.totalTaxIncluded, creditNotes)
        if (compare(remaining, 0) <= 0) throw conflict(d.alreadyCredited, 'ALREADY_CREDITED')
        const asked = request.partial ? (request.amount ?? '0') : remaining
        if (compare(asked, remaining) > 0) throw fieldError('amount', d.creditTooHigh(formatEuro(remaining)))

        const whole = !request.partial && creditNotes.length === 0
        const body = whole ? mirrorOf(source) : partialOf(source, asked)
        const date = todayInParis(deps.clock())
        const creditNoteId = await deps.invoices.insert(tx, tenant, ctx, {
          ...body,
          name: d.creditNoteLine(source.reference ?? source.name),
          datedAt: date,
          deliveredAt: null,
          paymentLimit: 0,
          paymentEndOfMonth: false,
          isCreditNote: true,
          creditedInvoiceId: invoiceId,
        })
        const taken = await takeNumberInOrder(tx, deps.salesSettings, {
          organizationId: tenant.organizationId,
          series: 'credit_note',
          datedAt: date,
          today: date,
        })
        const repo = createInvoiceRepo(tx)
        await repo.update(tenant.organizationId, creditNoteId, {
          stateId: INVOICE_STATE_IDS.VALIDATED,
          reference: taken.reference,
          series: 'credit_note',
          chrono: taken.chrono,
          customer: source.customer ?? (await customerSnapshot(tx, tenant.organizationId, row)),
          vatOnDebits: source.vatOnDebits,
          validatedAt: now(),
        })
        const created = await deps.invoices.detail(tenant, creditNoteId, tx)
        const left = subtract(remaining, negate(created.totalTaxIncluded))
        const entries = [
          {
            organizationId: tenant.organizationId,
            subjectType: 'invoice' as const,
            subjectId: creditNoteId,
            code: ACTIVITY_CODES.invoiceStateUpdated,
            userId: tenant.userId,
            payload: { from: 'DRAFT', to: 'VALIDATED' },
          },
        ]
        if (compare(left, 0) <= 0) {
          await repo.update(tenant.organizationId, invoiceId, { stateId: INVOICE_STATE_IDS.CANCELED, updatedAt: now() })
          entries.push({
            organizationId: tenant.organizationId,
            subjectType: 'invoice',
            subjectId: invoiceId,
            code: ACTIVITY_CODES.invoiceStateUpdated,
            userId: tenant.userId,
            payload: { from: source.state.code, to: 'CANCELED' },
          })
        }
        await recordActivity(tx, entries, now())
        // Issued validated: connected to a PA, it goes like a validated invoice (issue 33, the outbox).
        await deps.network.queueInvoiceWithin(tx, tenant.organizationId, creditNoteId)
        await deps.books.post(tx, { organizationId: tenant.organizationId, invoices: [creditNoteId, invoiceId] })
        return creditNoteId
      })
      return deps.invoices.detail(tenant, id)
    },
  }
}
export type CreditNoteService = ReturnType<typeof createCreditNoteService>
