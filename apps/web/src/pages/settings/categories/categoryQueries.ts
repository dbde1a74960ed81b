import type {
  AccountingEntryCreateBody,
  AccountingEntryDto,
  AccountingEntryUpdateBody,
  ItemResponse,
  ListResponse,
} from '@app/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useReferenceList } from '../../../components/ReferenceSelect'
import { del, get, patch, post } from '../../../lib/api'

/**
 * Every list of categories (the settings' tabs, the pickers' cache of transactionQueries.ts) lives under this key:
 * a change here is read again everywhere.
 */
export const accountingEntriesKey = ['accounting-entries'] as const

/** The settings ask for every category at once (spec/money.md §9: up to 9999 in the settings). */
const SETTINGS_PAGE_SIZE = 9999

export type CategoryTab = 'general' | 'custom'

const tabKey = (tab: CategoryTab) => [...accountingEntriesKey, 'settings', tab] as const
const allKey = [...accountingEntriesKey, 'settings', 'all'] as const

async function fetchCategories(tab?: CategoryTab) {
  const query = new URLSearchParams({ pageSize: String(SETTINGS_PAGE_SIZE), sort: 'position' })
  if (tab) query.set('filter[category]', tab)
  return (await get<ListResponse<AccountingEntryDto>>(`/accounting-entries?${query}`)).data
}

/** GET /accounting-entries of a tab: the chart every organisation shares (general) or the organisation's own (custom). */
export function useCategoriesOfTab(tab: CategoryTab) {
  return useQuery({ queryKey: tabKey(tab), queryFn: () => fetchCategories(tab) })
}

/** Every category, both tabs, active or not: the form's parent select and the custom tab's places in the chart. */
export function useAllCategories() {
  return useQuery({ queryKey: allKey, queryFn: () => fetchCategories() })
}

/** Tax types and rates give the rows their tax's names (useTaxes of the bank pages tells which rates a type has). */
export const useTaxTypes = () => useReferenceList('/tax-types')
export const useTaxRates = () => useReferenceList('/tax-rates')

/**
 * The active switch (spec/money.md §4 "Accounting entry"): the row shows the new state at once; a refusal puts the
 * switch back where it was (§8 "Accounting entry toggle failure": local switch reset). Works on general categories
 * too: their state belongs to the organisation.
 */
export function useToggleCategory(tab: CategoryTab) {
  const client = useQueryClient()
  const key = tabKey(tab)
  return useMutation({
    mutationFn: async (entry: AccountingEntryDto) =>
      (await post<ItemResponse<AccountingEntryDto>>(`/accounting-entries/${entry.id}/toggle`)).data,
    onMutate: async (entry) => {
      await client.cancelQueries({ queryKey: key })
      const previous = client.getQueryData<AccountingEntryDto[]>(key)
      client.setQueryData<AccountingEntryDto[]>(key, (list) =>
        list?.map((item) => (item.id === entry.id ? { ...item, isActive: !entry.isActive } : item)),
      )
      return { previous }
    },
    onError: (_error, _entry, context) => {
      if (context?.previous) client.setQueryData(key, context.previous)
    },
    onSettled: () => client.invalidateQueries({ queryKey: accountingEntriesKey }),
  })
}

/** DELETE /accounting-entries/{id}; a used category is refused (409, messages.accountingEntries.used). */
export function useDeleteCategory() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (entry: AccountingEntryDto) => del(`/accounting-entries/${entry.id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: accountingEntriesKey }),
  })
}

/** POST /accounting-entries, or PATCH /accounting-entries/{id} (partial) for one of the organisation's own. */
export function useSaveCategory() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({
      id,
      body,
    }: {
      id: number | null
      body: AccountingEntryCreateBody | AccountingEntryUpdateBody
    }) =>
      (
        await (id === null
          ? post<ItemResponse<AccountingEntryDto>>('/accounting-entries', body)
          : patch<ItemResponse<AccountingEntryDto>>(`/accounting-entries/${id}`, body))
      ).data,
    onSuccess: () => client.invalidateQueries({ queryKey: accountingEntriesKey }),
  })
}
