import type {
  DepositType,
  InvoiceDto,
  InvoiceListItemDto,
  InvoicePaymentBody,
  InvoiceSummaryDto,
  ItemResponse,
  ListResponse,
  PaymentMethod,
  QuoteDto,
  QuoteListItemDto,
} from '@app/domain'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, del, get, patch, post } from '../../lib/api'
import { useLegalInfoRequired } from '../organization/useLegalInfoRequired'
import { useReferenceList } from '../ReferenceSelect'

/** Every cached invoice and quote query lives under one of these roots, so one invalidation refreshes them all. */
export const invoicesKey = ['invoices'] as const
export const quotesKey = ['quotes'] as const

export type DocumentListParams = { page: number; pageSize: number; search: string; state?: string }

const listQuery = (params: DocumentListParams) => {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) })
  if (params.search) query.set('search', params.search)
  if (params.state) query.set('filter[state]', params.state)
  return query
}

export function useInvoices(params: DocumentListParams) {
  return useQuery({
    queryKey: [...invoicesKey, 'list', params],
    queryFn: () => get<ListResponse<InvoiceListItemDto>>(`/invoices?${listQuery(params)}`),
    placeholderData: keepPreviousData,
  })
}

export function useInvoiceSummary() {
  return useQuery({
    queryKey: [...invoicesKey, 'summary'],
    queryFn: async () => (await get<ItemResponse<InvoiceSummaryDto>>('/invoices/summary')).data,
  })
}

/** One invoice, with its lines and what remains to credit; idle while `id` is null. */
export function useInvoice(id: number | null) {
  return useQuery({
    queryKey: [...invoicesKey, 'one', id],
    queryFn: async () => (await get<ItemResponse<InvoiceDto>>(`/invoices/${id}`)).data,
    enabled: id !== null,
  })
}

export function useQuotes(params: DocumentListParams) {
  return useQuery({
    queryKey: [...quotesKey, 'list', params],
    queryFn: () => get<ListResponse<QuoteListItemDto>>(`/quotes?${listQuery(params)}`),
    placeholderData: keepPreviousData,
  })
}

/** One quote, with its lines, deposits and states; idle while `id` is null. */
export function useQuote(id: number | null) {
  return useQuery({
    queryKey: [...quotesKey, 'one', id],
    queryFn: async () => (await get<ItemResponse<QuoteDto>>(`/quotes/${id}`)).data,
    enabled: id !== null,
  })
}

/** A state as GET /invoice-states and /quote-states list it; `color` is a Mantine colour name. */
export type DocumentStateItem = { id: number; code: string; name: string; color: string }

export const useInvoiceStates = () => useReferenceList<DocumentStateItem>('/invoice-states')
export const useQuoteStates = () => useReferenceList<DocumentStateItem>('/quote-states')

/**
 * A document action: after it, every invoice and quote query (lists, summary, documents) is refetched, since a
 * quote action can create invoices and an invoice action can change a quote's deposits.
 */
export function useDocumentMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient()
  const onLegalInfoRequired = useLegalInfoRequired()
  return useMutation({
    mutationFn,
    onError: onLegalInfoRequired,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: invoicesKey }),
        client.invalidateQueries({ queryKey: quotesKey }),
      ])
    },
  })
}

const invoiceData = async (request: Promise<ItemResponse<InvoiceDto>>) => (await request).data
const quoteData = async (request: Promise<ItemResponse<QuoteDto>>) => (await request).data

// Invoices -----------------------------------------------------------------------------------------------------------

/** `datedToday`: validated dated today, when its own date comes before the last numbered invoice of its series. */
export const useValidateInvoice = () =>
  useDocumentMutation(({ id, datedToday }: { id: number; datedToday?: boolean }) =>
    invoiceData(post(`/invoices/${id}/validate${datedToday ? '?dated=today' : ''}`)),
  )

export const useMarkInvoiceAsSent = () =>
  useDocumentMutation((id: number) => invoiceData(post(`/invoices/${id}/mark-as-sent`)))

/** A payment of all that is left, on `paymentDateAt` (today when absent) by `method` (a transfer when absent). */
export const useMarkInvoiceAsPaid = () =>
  useDocumentMutation(
    ({ id, paymentDateAt, method }: { id: number; paymentDateAt?: string | null; method?: PaymentMethod }) =>
      invoiceData(
        post(`/invoices/${id}/mark-as-paid`, {
          ...(paymentDateAt ? { paymentDateAt } : {}),
          ...(method ? { method } : {}),
        }),
      ),
  )

/** A payment recorded by hand (part or all of what is left to pay); the answer is the invoice with it. */
export const useRecordInvoicePayment = () =>
  useDocumentMutation(({ id, ...body }: { id: number } & InvoicePaymentBody) =>
    invoiceData(post(`/invoices/${id}/payments`, body)),
  )

/** Removes a payment recorded by hand (the server refuses a reconciled one). */
export const useRemoveInvoicePayment = () =>
  useDocumentMutation(({ id, paymentId }: { id: number; paymentId: number }) =>
    invoiceData(api('DELETE', `/invoices/${id}/payments/${paymentId}`)),
  )

export const useMarkInvoiceAsPending = () =>
  useDocumentMutation((id: number) => invoiceData(post(`/invoices/${id}/mark-as-pending`)))

export const useChangePaymentDate = () =>
  useDocumentMutation(({ id, date }: { id: number; date: string }) =>
    invoiceData(patch(`/invoices/${id}/payment-date?${new URLSearchParams({ date })}`)),
  )

export const useDuplicateInvoice = () =>
  useDocumentMutation((id: number) => invoiceData(post(`/invoices/${id}/duplicate`)))

/** A recurring invoice made from an invoice, or a copy of a recurring invoice: the new one is a subscription. */
export const useDuplicateAsRecurring = () =>
  useDocumentMutation((id: number) => invoiceData(post(`/invoices/${id}/duplicate?recurring=true`)))

export const useCreditNote = () =>
  useDocumentMutation(({ id, ...body }: { id: number; partial: boolean; amount?: string }) =>
    invoiceData(post(`/invoices/${id}/credit-note`, body)),
  )

export const useDeleteInvoice = () => useDocumentMutation((id: number) => del(`/invoices/${id}`))

// Quotes -------------------------------------------------------------------------------------------------------------

export const useChangeQuoteState = () =>
  useDocumentMutation(({ id, stateId }: { id: number; stateId: number }) =>
    quoteData(patch(`/quotes/${id}/state`, { stateId })),
  )

export const useDuplicateQuote = () => useDocumentMutation((id: number) => quoteData(post(`/quotes/${id}/duplicate`)))

/** The final invoice of a quote (deposits deducted). */
export const useQuoteToInvoice = () => useDocumentMutation((id: number) => invoiceData(post(`/quotes/${id}/invoice`)))

export type DepositBody = { amount: string | null; percentage: string | null; deposit_type: DepositType }

export const useCreateDeposit = () =>
  useDocumentMutation(({ id, ...body }: { id: number } & DepositBody) =>
    invoiceData(post(`/quotes/${id}/deposits`, body)),
  )

export const useDeleteQuote = () => useDocumentMutation((id: number) => del(`/quotes/${id}`))
