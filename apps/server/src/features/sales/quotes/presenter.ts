import {
  add,
  type DocumentLineDto,
  type DocumentStateDto,
  type OperationNature,
  type QuoteDepositDto,
  type QuoteDto,
  type QuoteListItemDto,
  sum,
  toCents,
} from '@app/domain'
import type { createQuoteRepo } from './repo'

export type QuoteSelectRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createQuoteRepo>['find']>>>

const canonicalOrNull = (value: string | null) => (value === null ? null : add(value, 0))

export function presentQuoteListItem({
  quote,
  state,
  contact,
  user,
  invoiceId,
  depositsCount,
  commentsCount,
}: QuoteSelectRow) {
  const dto: QuoteListItemDto = {
    id: quote.id,
    name: quote.name,
    reference: quote.reference,
    description: quote.description,
    terms: quote.terms,
    amount: quote.amount,
    totalTaxExcluded: quote.totalTaxExcluded,
    totalTaxes: quote.totalTaxes,
    totalTaxIncluded: quote.totalTaxIncluded,
    discount:
      quote.discountName === null && quote.discountAmount === null && quote.discountPercentage === null
        ? null
        : {
            name: quote.discountName ?? '',
            amount: canonicalOrNull(quote.discountAmount),
            percentage: canonicalOrNull(quote.discountPercentage),
          },
    deliveryFees: canonicalOrNull(quote.deliveryFees),
    disbursement: canonicalOrNull(quote.disbursement),
    latePenalties: canonicalOrNull(quote.latePenalties),
    datedAt: quote.datedAt,
    validityLimit: quote.validityLimit,
    paymentLimitAt: quote.paymentLimitAt,
    contactId: quote.contactId,
    contact: contact?.id ? contact : null,
    billingAddressId: quote.billingAddressId,
    deliveryAddressId: quote.deliveryAddressId,
    customer: quote.customer,
    currencyId: quote.currencyId,
    stateId: quote.stateId,
    state,
    nature: quote.nature as OperationNature,
    vatOnDebits: quote.vatOnDebits,
    taxFree: quote.taxFree,
    documentUrl: `/api/v1/quotes/${quote.id}/pdf`,
    // The version in the query makes a changed document a new URL for caches (spec §4 "Document refresh").
    previewUrl: `/api/v1/quotes/${quote.id}/pdf?v=${encodeURIComponent(quote.updatedAt)}`,
    origin: quote.origin,
    commentsCount: commentsCount ?? 0,
    user: user?.id ? { id: user.id, name: `${user.firstname} ${user.lastname}` } : null,
    invoiceId: invoiceId || null,
    depositsCount: depositsCount ?? 0,
    createdAt: quote.createdAt,
    updatedAt: quote.updatedAt,
    validatedAt: quote.validatedAt,
  }
  return dto
}

export function presentQuote(
  row: QuoteSelectRow,
  lines: DocumentLineDto[],
  deposits: QuoteDepositDto[],
  availableStates: DocumentStateDto[],
): QuoteDto {
  const live = deposits.filter((deposit) => deposit.state.code !== 'CANCELED')
  return {
    ...presentQuoteListItem(row),
    lines,
    vatBreakdown: row.quote.vatBreakdown,
    deposits,
    depositsTotalTaxExcluded: toCents(sum(live.map((deposit) => deposit.totalTaxExcluded))),
    depositsTotalTaxIncluded: toCents(sum(live.map((deposit) => deposit.totalTaxIncluded))),
    availableStates,
  }
}
