import {
  add,
  compare,
  equals,
  type InvoiceListItemDto,
  type InvoiceSuggestionDto,
  type InvoiceTransactionDto,
  type ItemResponse,
  isPositive,
  type ListResponse,
  leavesSomethingToPay,
  messages,
  subtract,
  type TransactionDto,
  toCents,
} from '@app/domain'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { invoicesKey } from '../../../../components/documents/documentQueries'
import { transactionKey } from '../../../../components/transactions/detail/transactionQueries'
import { refreshAfterChange, transactionsKey } from '../../../../components/transactions/transactionQueries'
import { api, get, post } from '../../../../lib/api'

/** The states of a validated invoice still waiting for its payment: the only ones a transfer can pay. */
export const PAYABLE_STATES = 'VALIDATED,PENDING,LATE'
const PAGE_SIZE = 100

/**
 * An invoice offered in the drawer, what its transfers leave to pay of it, and whether that is exactly the
 * transfer's amount.
 */
export type AttachableInvoice = InvoiceListItemDto & { leftToPay: string; sameAmount: boolean }

/** What the transfers already attached to an invoice leave to pay of it (its payments: what each of them paid of it). */
export const leftToPayOf = (invoice: Pick<InvoiceListItemDto, 'amount' | 'transactions'>): string =>
  toCents(invoice.transactions.reduce((left, payment) => subtract(left, payment.amount), invoice.amount))

/**
 * The invoices that still have something to pay, those whose rest is exactly the transfer's amount first (the invoices
 * of that amount are asked for separately, so that they come even when they are not among the most recent), then the
 * most recent others; an invoice paid in full by its transfers is left out (the server would refuse it).
 */
export function attachableOrder(
  sameAmount: InvoiceListItemDto[],
  recent: InvoiceListItemDto[],
  amount: string,
): AttachableInvoice[] {
  const payable = new Map<number, AttachableInvoice>()
  for (const invoice of [...sameAmount, ...recent]) {
    const leftToPay = leftToPayOf(invoice)
    if (payable.has(invoice.id) || !leavesSomethingToPay(invoice.amount, subtract(invoice.amount, leftToPay))) continue
    payable.set(invoice.id, { ...invoice, leftToPay, sameAmount: equals(leftToPay, amount) })
  }
  const inTurn = (list: InvoiceListItemDto[], same: boolean) =>
    list.flatMap((invoice) => {
      const offered = payable.get(invoice.id)
      if (!offered || offered.sameAmount !== same) return []
      payable.delete(invoice.id)
      return [offered]
    })
  return [...inTurn([...sameAmount, ...recent], true), ...inTurn([...recent, ...sameAmount], false)]
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

/**
 * The toast of an attachment, worked out before it from the invoices as the drawer offered them: "marked paid" when
 * what the transfer has left after the invoices it already pays covers what is left of them all; otherwise it may pay
 * only part of them (an instalment), and they are marked paid once settled in full.
 */
export function useAttachedMessage(transaction: TransactionDto) {
  const client = useQueryClient()
  return (invoiceIds: number[]) => {
    const offered = new Map(
      client
        .getQueriesData<AttachableInvoice[]>({ queryKey: [...invoicesKey, 'attachable'] })
        .flatMap(([, data]) => data ?? [])
        .map((invoice) => [invoice.id, invoice.leftToPay]),
    )
    const free = transaction.invoices.reduce((left, invoice) => subtract(left, invoice.amount), transaction.amount)
    const lefts = invoiceIds.map((id) => offered.get(id))
    const covered =
      lefts.every((left) => left !== undefined) &&
      compare(
        lefts.reduce<string>((total, left) => add(total, left ?? '0'), '0'),
        free,
      ) <= 0
    return covered ? messages.transactions.invoiceAttached : messages.transactions.invoiceAttachedInPart
  }
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

/**
 * GET /transactions/{id}/invoice-suggestions: the invoices an incoming line may pay, best first, with their reasons
 * (issue 30). Asked only for money in that pays no invoice yet (the server answers none for the others); under the
 * transaction's key, so that every change of a line or of an invoice link asks again.
 */
export function useInvoiceSuggestions(transaction: TransactionDto, enabled = true) {
  return useQuery({
    queryKey: [...transactionsKey, transaction.id, 'invoice-suggestions'],
    queryFn: async () =>
      (await get<ItemResponse<InvoiceSuggestionDto[]>>(`/transactions/${transaction.id}/invoice-suggestions`)).data,
    enabled: enabled && offersInvoiceSuggestions(transaction),
  })
}

/** Money in that pays no invoice yet: the only lines the server suggests invoices for. */
export const offersInvoiceSuggestions = (transaction: Pick<TransactionDto, 'amount' | 'invoices'>) =>
  isPositive(transaction.amount) && transaction.invoices.length === 0

/**
 * The toast of a suggestion confirmed, as the attach drawer words it: "marked paid" when the line covers what is left
 * of its invoices (nothing is, for an invoice paid by the payment recorded by hand that the line reconciles), otherwise
 * they are marked paid once settled in full.
 */
export function suggestionAttachedMessage(transaction: TransactionDto, suggestion: InvoiceSuggestionDto) {
  const free = transaction.invoices.reduce((left, invoice) => subtract(left, invoice.amount), transaction.amount)
  const asked = suggestion.invoices.reduce<string>((total, invoice) => add(total, invoice.leftToPay), '0')
  return compare(asked, free) <= 0 ? messages.transactions.invoiceAttached : messages.transactions.invoiceAttachedInPart
}
