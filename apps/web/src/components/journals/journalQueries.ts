import type { ItemResponse, JournalDto, JournalTypeCode, ListResponse } from '@app/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { del, get, post } from '../../lib/api'

/** Every list of accounts (bank, associate, the balance block's active ones) lives under this key. */
export const journalsKey = ['journals'] as const

/** The spec's page size for journal lists (spec/money.md §7): every account in one page. */
const PAGE_SIZE = 900

export type JournalFilter = { type: JournalTypeCode; active?: boolean }

const listKey = (filter: JournalFilter) => [...journalsKey, filter] as const

/** GET /journals filtered by type (and active state), with their balances. */
export function useJournals(filter: JournalFilter) {
  return useQuery({
    queryKey: listKey(filter),
    queryFn: async () => {
      const query = new URLSearchParams({ 'filter[journalTypeCode]': filter.type, pageSize: String(PAGE_SIZE) })
      if (filter.active !== undefined) query.set('filter[isActive]', String(filter.active))
      return (await get<ListResponse<JournalDto>>(`/journals?${query}`)).data
    },
  })
}

/**
 * The active switch of an account: the list shows the new state at once; a refusal (a second active bank account)
 * puts the switch back where it was. Every list of accounts is read again afterwards (the balance block's too).
 */
export function useToggleJournal(filter: JournalFilter) {
  const client = useQueryClient()
  const key = listKey(filter)
  return useMutation({
    mutationFn: async (journal: JournalDto) =>
      (await post<ItemResponse<JournalDto>>(`/journals/${journal.id}/toggle`)).data,
    onMutate: async (journal) => {
      await client.cancelQueries({ queryKey: key })
      const previous = client.getQueryData<JournalDto[]>(key)
      client.setQueryData<JournalDto[]>(key, (list) =>
        list?.map((item) => (item.id === journal.id ? { ...item, isActive: !journal.isActive } : item)),
      )
      return { previous }
    },
    onError: (_error, _journal, context) => {
      if (context?.previous) client.setQueryData(key, context.previous)
    },
    onSettled: () => client.invalidateQueries({ queryKey: journalsKey }),
  })
}

/** DELETE /journals/{id}; refused (409) while the account holds transactions. */
export function useDeleteJournal() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (journal: JournalDto) => del(`/journals/${journal.id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: journalsKey }),
  })
}
