import {
  type ItemResponse,
  messages,
  type ReceiptDto,
  type ReceiptMatchDto,
  type TransactionDto,
  type TransactionReceiptMatchDto,
} from '@app/domain'
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { get, post } from '../../../lib/api'
import { toastSuccess } from '../../../lib/toast'
import { toastActionError } from '../../documents/documentUi'
import { transactionKey } from '../../transactions/detail/transactionQueries'
import { refreshAfterChange } from '../../transactions/transactionQueries'
import { receiptsKey } from '../receiptsKey'

/** Suggestions live under the receipts' key: any change to a receipt reads them again. */
const matchesKey = [...receiptsKey, 'matches'] as const

/** GET /receipt-matches: the organisation's best pairs, each receipt and each bank line once. */
export function useReceiptMatches() {
  return useQuery({
    queryKey: [...matchesKey, 'pairs'],
    queryFn: async () => (await get<{ data: ReceiptMatchDto[] }>('/receipt-matches')).data,
  })
}

/** GET /transactions/{id}/receipt-matches: the receipts that may justify it; idle unless `enabled`. */
export function useTransactionReceiptMatches(transactionId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...matchesKey, 'transaction', transactionId],
    queryFn: async () =>
      (await get<{ data: TransactionReceiptMatchDto[] }>(`/transactions/${transactionId}/receipt-matches`)).data,
    enabled,
  })
}

export type MatchPair = { receiptId: number; transactionId: number }

/** Receipts, suggestions, transactions and balances are read again after a confirmation. */
const refreshAll = (client: QueryClient) =>
  Promise.all([client.invalidateQueries({ queryKey: receiptsKey }), refreshAfterChange(client)]).then(() => {})

/**
 * POST /receipts/{id}/matches/{transactionId}/confirm: attached (the no-receipt flag goes) and learned. The
 * transaction's drawer shows the receipt at once, before the refreshed transaction comes. The toasts are the hook's:
 * the suggestion that asked is gone by the time the answer comes.
 */
export function useConfirmMatch() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({ receiptId, transactionId }: MatchPair) =>
      (await post<ItemResponse<ReceiptDto>>(`/receipts/${receiptId}/matches/${transactionId}/confirm`)).data,
    onSuccess: (receipt, { transactionId }) => {
      toastSuccess(messages.receipts.attached)
      client.setQueryData<TransactionDto>(transactionKey(transactionId), (current) =>
        current && !current.receipts.some((known) => known.id === receipt.id)
          ? {
              ...current,
              hasNoReceipt: false,
              receipts: [
                ...current.receipts,
                {
                  id: receipt.id,
                  name: receipt.name,
                  extension: receipt.extension,
                  stateId: receipt.stateId,
                  taxIncluded: receipt.taxIncluded,
                },
              ],
            }
          : current,
      )
    },
    onError: toastActionError,
    onSettled: () => refreshAll(client),
  })
}

/**
 * POST /receipts/{id}/matches/{transactionId}/decline: the pair leaves the suggestions at once (the server never offers
 * it again); the lists are read again, as another pair may take its place.
 */
export function useDeclineMatch() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ receiptId, transactionId }: MatchPair) =>
      post(`/receipts/${receiptId}/matches/${transactionId}/decline`),
    onSuccess: (_, { receiptId, transactionId }) => {
      client.setQueryData<ReceiptMatchDto[]>([...matchesKey, 'pairs'], (pairs) =>
        pairs?.filter((pair) => pair.receiptId !== receiptId || pair.transactionId !== transactionId),
      )
      client.setQueryData<TransactionReceiptMatchDto[]>([...matchesKey, 'transaction', transactionId], (rows) =>
        rows?.filter((row) => row.receipt.id !== receiptId),
      )
      return client.invalidateQueries({ queryKey: matchesKey })
    },
    onError: toastActionError,
  })
}

/** The reasons as one sentence: "même montant, 2 jours d'écart, fournisseur ressemblant". */
export const reasonsText = (reasons: string[]) => reasons.join(', ')
