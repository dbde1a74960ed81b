import { messages } from '@app/domain'
import { ActionIcon, Select, type SelectProps, Tooltip } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { get } from '../lib/api'
import { useAutoSelectSingle } from '../lib/useAutoSelect'

/** Reference data changes only between releases: the client keeps it 8 hours (spec/account.md §7, §9). */
export const REFERENCE_STALE_TIME = 8 * 60 * 60 * 1000

export type ReferenceItem = { id: number; code: string; name: string; type?: string }

/** A reference list such as /legal-forms, /sectors, /tax-regimes, /tax-areas or /countries. */
export function useReferenceList<T extends ReferenceItem = ReferenceItem>(path: string) {
  return useQuery({
    queryKey: ['reference', path],
    queryFn: async () => (await get<{ data: T[] }>(path)).data,
    staleTime: REFERENCE_STALE_TIME,
    gcTime: REFERENCE_STALE_TIME,
  })
}

export type ReferenceSelectProps = Omit<SelectProps, 'data'> & {
  /** API path of the list, e.g. "/legal-forms". */
  path: string
  /** How an item is shown; its name by default. */
  formatLabel?: (item: ReferenceItem) => string
}

/** A select whose options come from a reference list; values are ids as strings (what the schemas coerce). */
export function ReferenceSelect({ path, formatLabel, disabled, error, placeholder, ...props }: ReferenceSelectProps) {
  const list = useReferenceList(path)
  const data = useMemo(
    () =>
      (list.data ?? []).map((item) => ({ value: String(item.id), label: formatLabel ? formatLabel(item) : item.name })),
    [list.data, formatLabel],
  )
  useAutoSelectSingle(
    data,
    props.value,
    props.onChange ? (value) => props.onChange?.(value, { value, label: '' }) : undefined,
  )
  const loadError = list.isError ? messages.generic.errorShort : undefined
  return (
    <Select
      data={data}
      searchable={data.length > 8}
      allowDeselect={false}
      nothingFoundMessage={messages.generic.noResult}
      comboboxProps={{ shadow: 'md' }}
      maxDropdownHeight={280}
      disabled={disabled || list.isPending}
      placeholder={list.isPending ? 'Chargement…' : placeholder}
      error={error || loadError}
      rightSection={
        list.isError ? (
          <Tooltip label="Réessayer">
            <ActionIcon variant="subtle" color="gray" aria-label="Recharger la liste" onClick={() => list.refetch()}>
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
        ) : undefined
      }
      {...props}
    />
  )
}
