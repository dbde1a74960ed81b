import {
  compare,
  computeDeposit,
  type DepositRequestBody,
  DOCUMENT_DISCOUNT_DEFAULT_NAME,
  documentTotals,
  formatDateFr,
  formatEuro,
  formatPercentFr,
  type LineType,
  messages,
  negate,
  type QuoteDto,
  splitByRates,
  todayInParis,
  UNIT_DEFAULT_ID,
} from '@app/domain'
import type { Db } from '../../../db/client'
import { ACTIVITY_CODES, recordActivity } from '../../../lib/activity-log'
import type { Clock } from '../../../lib/clock'
import { conflict, fieldError } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import { createLineRepo, lineBodyOf, taxIdForRate } from '../documents/lines'
import type { LineBody } from '../documents/prepare'
import type { InvoiceService } from '../invoices/service'
import type { SalesSettingsService } from '../sales-settings/service'
import type { QuoteService } from './service'

const d = messages.documents
const DEFAULT_PAYMENT_LIMIT = 30

const lineTypeOf = (quote: QuoteDto): LineType => (quote.nature === 'GOODS' ? 'PRODUCT' : 'SERVICE')

const rateLine = (quote: QuoteDto, name: string, ratePercent: string, amount: string): LineBody => ({
  name,
  description: null,
  reference: null,
  type: 'MISC',
  quantity: '1',
  amount,
  unitId: UNIT_DEFAULT_ID,
  taxId: taxIdForRate(quote.lines, ratePercent, quote.taxFree),
  itemId: null,
  discount: null,
})

/**
 * The quote's global discount as one negative line per rate (the part the quote gave each rate, as documentTotals
 * spread it). A final invoice carries deduction lines: spreading a discount again over bases that include them would
 * move cents between rates, so the discount is frozen as the quote computed it.
 */
function discountLines(quote: QuoteDto): LineBody[] {
  if (!quote.discount) return []
  const totals = documentTotals({
    lines: quote.lines.map((line) => ({ ...line, ratePercent: line.tax.amount })),
    discount: quote.discount,
    deliveryFees: quote.deliveryFees,
    disbursement: quote.disbursement,
    taxFree: quote.taxFree,
  })
  return totals.discountByRate.map((part) =>
    rateLine(quote, quote.discount?.name || DOCUMENT_DISCOUNT_DEFAULT_NAME, part.ratePercent, negate(part.amount)),
  )
}

/** Deposit invoices and the final invoice of a quote. */
export function createQuoteConversionService(deps: {
  db: Db
  clock: Clock
  quotes: QuoteService
  invoices: InvoiceService
  salesSettings: SalesSettingsService
}) {
  const now = () => deps.clock().toISOString()
  const today = () => todayInParis(deps.clock())

  async function paymentTerms(organizationId: number) {
    const settings = await deps.salesSettings.settings(organizationId)
    return {
      paymentLimit: settings.invoicePaymentLimit ?? DEFAULT_PAYMENT_LIMIT,
      paymentEndOfMonth: settings.invoicePaymentEndOfMonth,
      terms: settings.invoiceTerms,
    }
  }

  return {
    /** spec/sales.md §4 "Deposit computation": a draft deposit invoice linked to the quote, split over its rates. */
    async deposit(tenant: Tenant, quoteId: number, request: DepositRequestBody) {
      const terms = await paymentTerms(tenant.organizationId)
      const ctx = await deps.invoices.contextOf(tenant)
      const id = await deps.db.transaction(async (tx) => {
        const row = await deps.quotes.lockOrThrow(tx, tenant, quoteId)
        await deps.quotes.refuse(tx, tenant, 'deposit', row)
        const quote = await deps.quotes.detail(tenant, quoteId, tx)
        const existing = quote.deposits.filter((deposit) => deposit.state.code !== 'CANCELED')
        const computed = computeDeposit({
          type: request.deposit_type,
          amount: request.amount,
          percentage: request.percentage,
          quote,
          existing,
        })
        const field = request.amount !== null ? 'amount' : 'percentage'
        if (compare(computed.remaining, 0) <= 0) throw conflict(d.nothingToDeposit, 'NOTHING_TO_DEPOSIT')
        if (compare(computed.deposit, computed.remaining) > 0)
          throw fieldError(field, d.depositTooHigh(formatEuro(computed.remaining)))
        if (compare(computed.deposit, 0) <= 0) throw fieldError(field, d.amountPositive)

        const basis = request.deposit_type === 'amount_with_taxes' ? 'TTC' : 'HT'
        const label =
          request.amount === null && request.percentage !== null
            ? formatPercentFr(request.percentage)
            : `${formatEuro(computed.deposit)} ${basis}`
        const name = d.depositLine(label, quote.reference ?? quote.name)
        const lines = splitByRates(quote.vatBreakdown, computed.deposit, basis).map((part) => ({
          ...rateLine(quote, name, part.ratePercent, part.amount),
          type: lineTypeOf(quote),
        }))
        const invoiceId = await deps.invoices.insert(tx, tenant, ctx, {
          name: `Facture d'acompte – ${quote.name}`,
          datedAt: today(),
          deliveredAt: null,
          contactId: quote.contactId,
          billingAddressId: quote.billingAddressId,
          deliveryAddressId: quote.deliveryAddressId,
          description: null,
          terms: terms.terms,
          currencyId: quote.currencyId,
          discount: null,
          deliveryFees: null,
          disbursement: null,
          latePenalties: quote.latePenalties,
          lines,
          paymentLimit: terms.paymentLimit,
          paymentEndOfMonth: terms.paymentEndOfMonth,
          isDeposit: true,
          quoteId,
        })
        await recordActivity(
          tx,
          deps.quotes.activity(tenant, quoteId, ACTIVITY_CODES.quoteToInvoice, { invoiceId, deposit: true }),
          now(),
        )
        return invoiceId
      })
      return deps.invoices.detail(tenant, id)
    },

    /**
     * "Convertir en facture" / "Générer la facture finale": a draft invoice with the quote's lines; with deposits,
     * one negative line per deposit line (same rate), so deposits + final invoice = the quote.
     */
    async toInvoice(tenant: Tenant, quoteId: number) {
      const terms = await paymentTerms(tenant.organizationId)
      const ctx = await deps.invoices.contextOf(tenant)
      const id = await deps.db.transaction(async (tx) => {
        const row = await deps.quotes.lockOrThrow(tx, tenant, quoteId)
        await deps.quotes.refuse(tx, tenant, 'toInvoice', row)
        const quote = await deps.quotes.detail(tenant, quoteId, tx)
        const deposits = quote.deposits.filter((deposit) => deposit.state.code !== 'CANCELED')
        if (deposits.some((deposit) => deposit.state.code === 'DRAFT'))
          throw conflict(d.depositsNotValidated, 'DEPOSITS_NOT_VALIDATED')
        const depositLines = await createLineRepo(tx).invoiceLinesOf(
          tenant.organizationId,
          deposits.map((deposit) => deposit.id),
        )
        const deductions = deposits.flatMap((deposit) =>
          (depositLines.get(deposit.id) ?? []).map(
            (line): LineBody => ({
              ...rateLine(
                quote,
                d.depositDeduction(deposit.reference ?? deposit.name, formatDateFr(deposit.datedAt)),
                line.tax.amount,
                negate(line.amount),
              ),
              taxId: line.taxId,
              depositInvoiceId: deposit.id,
            }),
          ),
        )
        const hasDeposits = deductions.length > 0
        const invoiceId = await deps.invoices.insert(tx, tenant, ctx, {
          name: quote.name,
          datedAt: today(),
          deliveredAt: null,
          contactId: quote.contactId,
          billingAddressId: quote.billingAddressId,
          deliveryAddressId: quote.deliveryAddressId,
          description: quote.description,
          terms: terms.terms ?? quote.terms,
          currencyId: quote.currencyId,
          discount: hasDeposits ? null : quote.discount,
          deliveryFees: quote.deliveryFees,
          disbursement: quote.disbursement,
          latePenalties: quote.latePenalties,
          lines: [
            ...quote.lines.map((line) => ({ ...lineBodyOf(line), depositInvoiceId: null })),
            ...(hasDeposits ? discountLines(quote) : []),
            ...deductions,
          ],
          paymentLimit: terms.paymentLimit,
          paymentEndOfMonth: terms.paymentEndOfMonth,
          isFinal: hasDeposits,
          quoteId,
        })
        await recordActivity(
          tx,
          deps.quotes.activity(tenant, quoteId, ACTIVITY_CODES.quoteToInvoice, { invoiceId }),
          now(),
        )
        return invoiceId
      })
      return deps.invoices.detail(tenant, id)
    },
  }
}
export type QuoteConversionService = ReturnType<typeof createQuoteConversionService>
