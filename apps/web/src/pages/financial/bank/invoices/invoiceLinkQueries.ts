import {
  equals,
  type InvoiceListItemDto,
  type InvoiceTransactionDto,
  type ItemResponse,
  isPositive,
  type ListResponse,
  type TransactionDto,
} from '@app/domain'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, get, post } from '../../../../lib/api'
import { invoicesKey } from '../../../documents/documentQueries'
import { transactionKey } from '../detail/transactionQueries'
import { refreshAfterChange } from '../transactionQueries'

/** The states of a validated invoice still waiting for its payment: the only ones a transfer can pay. */
export const PAYABLE_STATES = 'VALIDATED,PENDING,LATE'
const PAGE_SIZE = 100

/** An invoice offered in the drawer, and whether its amount is exactly the transfer's. */
export type AttachableInvoice = InvoiceListItemDto & { sameAmount: boolean }

/**
 * The payable invoices, those of exactly the transfer's amount first (asked for separately, so that they come even
 * when they are not among the most recent), then the most recent others.
 */
export function attachableOrder(
  sameAmount: InvoiceListItemDto[],
  recent: InvoiceListItemDto[],
  amount: string,
): AttachableInvoice[] {
  const first = [...sameAmount, ...recent.filter((invoice) => equals(invoice.amount, amount))]
  const seen = new Set<number>()
  const ordered: AttachableInvoice[] = []
  for (const invoice of first) {
    if (seen.has(invoice.id)) continue
    seen.add(invoice.id)
    ordered.push({ ...invoice, sameAmount: true })
  }
  for (const invoice of recent) {
    if (seen.has(invoice.id)) continue
    seen.add(invoice.id)
    ordered.push({ ...invoice, sameAmount: false })
  }
  return ordered
}

const invoiceList = async (fields: Record<string, string>) =>
  (await get<ListResponse<InvoiceListItemDto>>(`/invoices?${new URLSearchParams(fields)}`)).data

/** GET /invoices: the validated unpaid sales invoices (no credit note) matching `search`; idle while closed. */
export function useAttachableInvoices(transaction: TransactionDto, search: string, enabled: boolean) {
  const { amount } = transaction
  return useQuery({
    queryKey: [...invoicesKey, 'attachable', amount, search],
    queryFn: async () => {
      const base: Record<string, string> = {
        'filter[state]': PAYABLE_STATES,
        'filter[creditNote]': 'false',
        sort: '-datedAt',
        pageSize: String(PAGE_SIZE),
        ...(search ? { search } : {}),
      }
      const [same, recent] = await Promise.all([
        invoiceList({ ...base, 'filter[amountMin]': amount, 'filter[amountMax]': amount }),
        invoiceList(base),
      ])
      return attachableOrder(same, recent, amount)
    },
    enabled: enabled && isPositive(amount),
    placeholderData: keepPreviousData,
  })
}

/**
 * After attaching or detaching: the transaction shows the server's answer at once; its lists, the balances and every
 * invoice query (states, lists, the invoice's own transfers) are read again.
 */
function useLinkChange<V>(transaction: TransactionDto, send: (variables: V) => Promise<TransactionDto | undefined>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: (saved) => {
      if (saved) client.setQueryData(transactionKey(transaction.id), saved)
    },
    onSettled: () =>
      Promise.all([refreshAfterChange(client), client.invalidateQueries({ queryKey: invoicesKey })]).then(() => {}),
  })
}

/** POST /transactions/{id}/invoices for each invoice chosen, in turn; the first refusal stops the rest. */
export const useAttachInvoices = (transaction: TransactionDto) =>
  useLinkChange(transaction, async (invoiceIds: number[]) => {
    let saved: TransactionDto | undefined
    for (const invoiceId of invoiceIds)
      saved = (await post<ItemResponse<TransactionDto>>(`/transactions/${transaction.id}/invoices`, { invoiceId })).data
    return saved
  })

/** DELETE /transactions/{id}/invoices/{invoiceId}. */
export const useDetachInvoice = (transaction: TransactionDto) =>
  useLinkChange(
    transaction,
    async (invoiceId: number) =>
      (await api<ItemResponse<TransactionDto>>('DELETE', `/transactions/${transaction.id}/invoices/${invoiceId}`)).data,
  )

/** GET /invoices/{id}/transactions: the transfers that paid an invoice. */
export function useInvoiceTransactions(invoiceId: number) {
  return useQuery({
    queryKey: [...invoicesKey, 'transactions', invoiceId],
    queryFn: async () => (await get<ItemResponse<InvoiceTransactionDto[]>>(`/invoices/${invoiceId}/transactions`)).data,
  })
}
