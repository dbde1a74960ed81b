import type { CashSaleCreateBody, CashSaleUpdateBody, ItemResponse, ListResponse, TransactionDto } from '@app/domain'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { refreshAfterChange } from '../../../components/transactions/transactionQueries'
import { get, patch, post } from '../../../lib/api'

/** Cash sales are transactions: their queries live under the transactions' key, refreshed with them. */
const cashSalesKey = ['transactions', 'cash-sales'] as const

export type CashSaleListParams = { page: number; pageSize: number; search: string }

export function useCashSales(params: CashSaleListParams) {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) })
  if (params.search) query.set('filter[search]', params.search)
  return useQuery({
    queryKey: [...cashSalesKey, 'list', query.toString()],
    queryFn: () => get<ListResponse<TransactionDto>>(`/cash-sales?${query}`),
    placeholderData: keepPreviousData,
  })
}

export function useCashSale(id: number | null) {
  return useQuery({
    queryKey: [...cashSalesKey, id],
    queryFn: async () => (await get<ItemResponse<TransactionDto>>(`/cash-sales/${id}`)).data,
    enabled: id !== null,
  })
}

/** POST /cash-sales, or PATCH /cash-sales/{id}. */
export function useSaveCashSale(id: number | null) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (body: CashSaleCreateBody | CashSaleUpdateBody) =>
      (id === null
        ? await post<ItemResponse<TransactionDto>>('/cash-sales', body)
        : await patch<ItemResponse<TransactionDto>>(`/cash-sales/${id}`, body)
      ).data,
    onSuccess: async (saved) => {
      client.setQueryData([...cashSalesKey, saved.id], saved)
      await refreshAfterChange(client)
    },
  })
}
