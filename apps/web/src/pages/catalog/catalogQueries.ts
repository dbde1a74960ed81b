import { type ItemDto, type ItemResponse, isSalesCategoryAllowed, type ListResponse } from '@app/domain'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { REFERENCE_STALE_TIME } from '../../components/ReferenceSelect'
import { get } from '../../lib/api'

export const itemsKey = ['items'] as const

export type ItemListParams = { page: number; pageSize: number; search: string; type?: 'PRO' | 'SER' }

export function useItems(params: ItemListParams) {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) })
  if (params.search) query.set('search', params.search)
  if (params.type) query.set('filter[itemTypeCode]', params.type)
  return useQuery({
    queryKey: [...itemsKey, 'list', params],
    queryFn: () => get<ListResponse<ItemDto>>(`/items?${query}`),
    placeholderData: keepPreviousData,
  })
}

export const fetchItem = async (id: number) => (await get<ItemResponse<ItemDto>>(`/items/${id}`)).data

/** An accounting category as GET /accounting-entries lists it (API.md "Money"). */
export type CategoryDto = { id: number; code: string; name: string; taxRateId?: number | null }

/** The sales categories an item may use: 701/707 for goods, 706/708 for services (spec/sales.md §5). */
export function useSalesCategories() {
  return useQuery({
    queryKey: ['accounting-entries', 'sales'],
    queryFn: async () =>
      (await get<ListResponse<CategoryDto>>('/accounting-entries?pageSize=1000')).data.filter(
        (entry) => isSalesCategoryAllowed('PRO', entry.code) || isSalesCategoryAllowed('SER', entry.code),
      ),
    staleTime: REFERENCE_STALE_TIME,
  })
}

export type TaxDto = {
  id: number
  code: string
  name: string
  amount: string
  isCollected: boolean
  taxTypeId: number
  taxRateId: number
  taxAreaId: number | null
}

/**
 * The collected VAT a category gives in the organisation's tax area (taxes valid everywhere second), as the server
 * settles it; null when unknown.
 */
export function categoryTax(category: CategoryDto | undefined, taxes: TaxDto[], taxAreaId: number | undefined) {
  if (!category?.taxRateId) return null
  const candidates = taxes.filter((tax) => tax.isCollected && tax.taxRateId === category.taxRateId)
  return (
    candidates.find((tax) => tax.taxAreaId === taxAreaId) ?? candidates.find((tax) => tax.taxAreaId === null) ?? null
  )
}
