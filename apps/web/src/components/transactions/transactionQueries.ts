import type { TaxChoice } from '@app/domain'
import {
  type AccountingEntryDto,
  ALLOCATION_NAME_MAX,
  type ItemResponse,
  isNegative,
  type ListResponse,
  type TransactionBulkBody,
  type TransactionDto,
  type TransactionSuggestionDto,
} from '@app/domain'
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { get, patch, post } from '../../lib/api'
import { journalsKey } from '../journals/journalQueries'
import { useReferenceList } from '../ReferenceSelect'
import { type TransactionParams, transactionsQuery } from './transactionParams'

/** Every transaction query (lists, one transaction, its suggestions, the count) lives under this key. */
export const transactionsKey = ['transactions'] as const
export const toCategorizeCountKey = [...transactionsKey, 'to-categorize-count'] as const
export const categoriesKey = ['accounting-entries', 'all'] as const

/** Accounting entries are cached 15 minutes in the categorisation pickers, suggestions 1 hour (spec/money.md §9). */
const CATEGORIES_STALE_TIME = 15 * 60 * 1000
const SUGGESTIONS_STALE_TIME = 60 * 60 * 1000
/** The spec's page size for the same-label lookup (spec/money.md §9). */
export const SAME_LABEL_PAGE_SIZE = 999

export function useTransactionList(params: TransactionParams & { pageSize: number }) {
  const query = transactionsQuery(params)
  return useQuery({
    queryKey: [...transactionsKey, 'list', query.toString()],
    queryFn: () => get<ListResponse<TransactionDto>>(`/transactions?${query}`),
    placeholderData: keepPreviousData,
  })
}

/** The "À catégoriser" tab's count. */
export function useToCategorizeCount() {
  return useQuery({
    queryKey: toCategorizeCountKey,
    queryFn: async () => (await get<ItemResponse<{ count: number }>>('/transactions/to-categorize/count')).data.count,
  })
}

/** Every accounting category, folders included (the picker groups by them and never offers them). */
export function useCategories() {
  return useQuery({
    queryKey: categoriesKey,
    queryFn: async () => (await get<ListResponse<AccountingEntryDto>>('/accounting-entries?pageSize=1000')).data,
    staleTime: CATEGORIES_STALE_TIME,
  })
}

/** Every tax (collected and deductible), to give a picked category its tax. */
export const useTaxes = () => useReferenceList<TaxChoice & { code: string; name: string }>('/taxes?pageSize=9999')

/** Up to 3 categories for an uncategorised transaction, asked for only when shown. */
export function useSuggestions(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...transactionsKey, id, 'suggestions'],
    queryFn: async () =>
      (await get<ItemResponse<TransactionSuggestionDto[]>>(`/transactions/${id}/suggestions`)).data.slice(0, 3),
    staleTime: SUGGESTIONS_STALE_TIME,
    enabled,
  })
}

/** After a change: the lists, the count and the accounts' balances are read again. */
export function refreshAfterChange(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: transactionsKey }),
    client.invalidateQueries({ queryKey: journalsKey }),
  ])
}

export type CategoryChoice = { accountingEntryId: number; taxId: number }

/**
 * A split of one part for the whole amount in one category (spec/money.md §4 "Picking a category"): the server
 * computes its VAT from the tax's rate (none for a tax-free organisation).
 */
export const singleAllocation = (transaction: Pick<TransactionDto, 'name' | 'amount'>, choice: CategoryChoice) => ({
  name: transaction.name.slice(0, ALLOCATION_NAME_MAX),
  amount: transaction.amount,
  accountingEntryId: choice.accountingEntryId,
  taxId: choice.taxId,
  taxManual: false,
})

/** PATCH /transactions/{id} with one allocation for the full amount. */
export function useCategorize() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({ transaction, choice }: { transaction: TransactionDto; choice: CategoryChoice }) =>
      (
        await patch<ItemResponse<TransactionDto>>(`/transactions/${transaction.id}`, {
          allocations: [singleAllocation(transaction, choice)],
        })
      ).data,
    onSuccess: () => refreshAfterChange(client),
  })
}

/** POST /transactions/bulk: all or nothing; the refusal is a 422 whose message says why. */
export function useBulkAction() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (body: TransactionBulkBody) =>
      (await post<ItemResponse<{ updated: number }>>('/transactions/bulk', body)).data,
    onSettled: () => refreshAfterChange(client),
  })
}

/**
 * The other uncategorised transactions with the same cleaned label (the similar-transactions modal), of the same
 * direction (one category cannot go to money in and out at once) and not locked.
 */
export async function fetchSameLabel(transaction: Pick<TransactionDto, 'id' | 'amount'>): Promise<TransactionDto[]> {
  const query = new URLSearchParams({
    'filter[sameAs]': String(transaction.id),
    'filter[uncategorized]': 'true',
    pageSize: String(SAME_LABEL_PAGE_SIZE),
  })
  return (await get<ListResponse<TransactionDto>>(`/transactions?${query}`)).data.filter(
    (candidate) =>
      candidate.id !== transaction.id &&
      !candidate.isChecked &&
      !candidate.isValidated &&
      isIncome(candidate) === isIncome(transaction),
  )
}

/** Money in: positive amounts. */
export const isIncome = (transaction: Pick<TransactionDto, 'amount'>) => !isNegative(transaction.amount)
