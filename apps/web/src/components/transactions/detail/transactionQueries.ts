import type { ItemResponse, TransactionDto, TransactionUpdateBody } from '@app/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { del, get, patch, post } from '../../../lib/api'
import { journalsKey } from '../../journals/journalQueries'
import { refreshAfterChange, transactionsKey } from '../transactionQueries'

/**
 * One transaction and what the detail drawer does to it. Everything lives under the list's ['transactions'] root: a
 * change here refreshes the lists and counts, and the comments and note kept there by the discussion components.
 */
export const transactionKey = (id: number) => [...transactionsKey, 'detail', id] as const

export function useTransaction(id: number) {
  return useQuery({
    queryKey: transactionKey(id),
    queryFn: async () => (await get<ItemResponse<TransactionDto>>(`/transactions/${id}`)).data,
    // The drawer's form owns what is being typed: a refetch on focus must not start it over.
    refetchOnWindowFocus: false,
  })
}

/** A change answered with the transaction: the drawer shows it at once, the lists and balances refetch. */
function useTransactionChange<V>(id: number, send: (variables: V) => Promise<ItemResponse<TransactionDto>>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (variables: V) => (await send(variables)).data,
    onSuccess: (saved) => {
      client.setQueryData(transactionKey(id), saved)
      return refreshAfterChange(client)
    },
  })
}

export const useUpdateTransaction = (id: number) =>
  useTransactionChange(id, (body: TransactionUpdateBody) => patch(`/transactions/${id}`, body))

export const useToggleCheck = (id: number) => useTransactionChange(id, () => post(`/transactions/${id}/toggle-check`))

export const useToggleValidate = (id: number) =>
  useTransactionChange(id, () => post(`/transactions/${id}/toggle-validate`))

export function useDeleteTransaction(id: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => del(`/transactions/${id}`),
    onSuccess: () =>
      Promise.all([
        // Not this transaction's own queries (detail, comments, note…): they would only answer 404 now.
        client.invalidateQueries({ queryKey: transactionsKey, predicate: (query) => !query.queryKey.includes(id) }),
        // The bank balances counted it.
        client.invalidateQueries({ queryKey: journalsKey }),
      ]),
  })
}
