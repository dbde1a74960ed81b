import type {
  CashOperationCreateBody,
  CashOperationList,
  CashOperationSaved,
  CashOperationUpdateBody,
  ItemResponse,
  TransactionDto,
} from '@app/domain'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { refreshAfterChange } from '../../../components/transactions/transactionQueries'
import { get, patch, post } from '../../../lib/api'

export const CASH_PATH = '/app/financial/cash'
export const cashOperationPath = (id: number) => `${CASH_PATH}/${id}`

/** Cash movements are transactions: their queries live under the transactions' key, refreshed with them. */
const cashKey = ['transactions', 'cash'] as const

export type CashListParams = { page: number; pageSize: number; search: string }

/** GET /cash-operations: a page of movements, and the cash balance with its warning in `meta`. */
export function useCashOperations(params: CashListParams) {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) })
  if (params.search) query.set('filter[search]', params.search)
  return useQuery({
    queryKey: [...cashKey, 'list', query.toString()],
    queryFn: () => get<CashOperationList>(`/cash-operations?${query}`),
    placeholderData: keepPreviousData,
  })
}

export function useCashOperation(id: number | null) {
  return useQuery({
    queryKey: [...cashKey, id],
    queryFn: async () => (await get<ItemResponse<TransactionDto>>(`/cash-operations/${id}`)).data,
    enabled: id !== null,
  })
}

/** POST /cash-operations, or PATCH /cash-operations/{id}: the movement, its cash box's balance and warning. */
export function useSaveCashOperation(id: number | null) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: CashOperationCreateBody | CashOperationUpdateBody) =>
      id === null
        ? post<CashOperationSaved>('/cash-operations', body)
        : patch<CashOperationSaved>(`/cash-operations/${id}`, body),
    onSuccess: async (saved) => {
      client.setQueryData([...cashKey, saved.data.id], saved.data)
      await refreshAfterChange(client)
    },
  })
}
