import { messages, PAGE_SIZES } from '@app/domain'
import {
  Badge,
  Box,
  Button,
  Center,
  CloseButton,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { IconFilterOff, IconLayoutGrid, IconList, IconSearch } from '@tabler/icons-react'
import type { UseQueryResult } from '@tanstack/react-query'
import { type ReactNode, useEffect, useState } from 'react'
import type { ItemGroup } from '../../lib/grouping'
import type { ListView } from '../../lib/listParams'
import type { ListParamsApi } from '../../lib/useListParams'
import { ErrorState } from '../ErrorState'
import { ListPagination } from './ListPagination'

export type ListTab = { value: string; label: string }

type BaseParams = { page: number; search: string; view: ListView; pageSize: number }

/** What a list page needs of its URL state (useListParams' result). */
export type ListState = Pick<
  ListParamsApi<{ page: number; search: string; pageSize?: number; view?: ListView }>,
  'set' | 'reset' | 'activeFilters'
> & {
  params: BaseParams
}

export type ListPageProps = {
  title: string
  /** The total the server counted, shown after the title once loaded. */
  count?: number
  /** The primary button ("Nouveau client"…). */
  action?: ReactNode
  tabs?: ListTab[]
  tab?: string
  onTabChange?: (value: string) => void
  list: ListState
  searchLabel?: string
  /** Hides the grid/list toggle for lists that have one view only. */
  withViewToggle?: boolean
  children: ReactNode
}

/**
 * The list page pattern (DESIGN.md "Web"): title with count, primary button, optional tabs, a debounced search, the
 * grid/list toggle and a reset button with the number of active filters, then the list itself (ListBody).
 */
export function ListPage({
  title,
  count,
  action,
  tabs,
  tab,
  onTabChange,
  list,
  searchLabel = 'Rechercher',
  withViewToggle = true,
  children,
}: ListPageProps) {
  const { params, set, reset, activeFilters } = list
  const [search, setSearch] = useState(params.search)
  const pushSearch = useDebouncedCallback((value: string) => set({ search: value.trim() }), 300)
  // The URL wins when it changes from elsewhere (reset, Back).
  useEffect(() => setSearch(params.search), [params.search])

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs" align="baseline">
          <Title order={1} size="h2">
            {title}
          </Title>
          {count !== undefined ? (
            <Text c="dimmed" fw={500} aria-label={`${count} au total`} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {count}
            </Text>
          ) : null}
        </Group>
        {action}
      </Group>

      {tabs && tabs.length > 0 ? (
        <Tabs value={tab ?? tabs[0]?.value ?? null} onChange={(value) => value && onTabChange?.(value)}>
          <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
            {tabs.map((entry) => (
              <Tabs.Tab key={entry.value} value={entry.value}>
                {entry.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      ) : null}

      <Group gap="sm" wrap="nowrap">
        <TextInput
          aria-label={searchLabel}
          placeholder={searchLabel}
          leftSection={<IconSearch size={16} />}
          value={search}
          maxLength={249}
          onChange={(event) => {
            setSearch(event.currentTarget.value)
            pushSearch(event.currentTarget.value)
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') set({ search: search.trim() })
          }}
          rightSection={
            search ? (
              <CloseButton
                size="sm"
                aria-label="Effacer la recherche"
                onClick={() => {
                  setSearch('')
                  set({ search: '' })
                }}
              />
            ) : null
          }
          style={{ flex: 1, maxWidth: 420 }}
        />
        {activeFilters > 0 ? (
          <Tooltip label="Réinitialiser les filtres">
            <Button
              variant="default"
              leftSection={<IconFilterOff size={16} />}
              rightSection={
                <Badge size="sm" circle>
                  {activeFilters}
                </Badge>
              }
              onClick={reset}
              aria-label={`Réinitialiser les filtres (${activeFilters} actif${activeFilters > 1 ? 's' : ''})`}
            >
              <Box visibleFrom="xs" component="span">
                Réinitialiser
              </Box>
            </Button>
          </Tooltip>
        ) : null}
        {withViewToggle ? (
          <SegmentedControl
            ml="auto"
            aria-label="Affichage"
            value={params.view}
            onChange={(value) => set({ view: value as ListView, page: params.page })}
            data={[
              {
                value: 'list',
                label: (
                  <Tooltip label="Liste">
                    <Center>
                      <IconList size={16} aria-hidden />
                      <VisuallyHidden>Liste</VisuallyHidden>
                    </Center>
                  </Tooltip>
                ),
              },
              {
                value: 'grid',
                label: (
                  <Tooltip label="Grille">
                    <Center>
                      <IconLayoutGrid size={16} aria-hidden />
                      <VisuallyHidden>Grille</VisuallyHidden>
                    </Center>
                  </Tooltip>
                ),
              },
            ]}
          />
        ) : null}
      </Group>

      {children}
    </Stack>
  )
}

export type ListData<T> = { data: T[]; meta: { total: number; page: number; pageSize: number } }

export type ListBodyProps<T> = {
  query: UseQueryResult<ListData<T>>
  list: ListState
  /** The empty state: the page's own text, or "Aucun résultat" when a search or filter is on. */
  empty?: ReactNode
  group?: (items: T[]) => ItemGroup<T>[]
  keyOf: (item: T) => string | number
  /** One item, as a row (list view) or a card (grid view). */
  renderItem: (item: T, view: ListView) => ReactNode
}

/** The body of a list page: skeletons, the error state, the empty state, groups of rows or cards, the pagination. */
export function ListBody<T>({ query, list, empty, group, keyOf, renderItem }: ListBodyProps<T>) {
  const { params, set, activeFilters } = list
  if (query.isPending)
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Chargement">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} height={56} radius="md" />
        ))}
      </Stack>
    )
  if (query.isError) return <ErrorState message={messages.generic.errorShort} onRetry={() => query.refetch()} />

  const { data, meta } = query.data
  if (data.length === 0)
    return (
      <Paper withBorder radius="md" p="xl" ta="center" style={{ borderStyle: 'dashed' }}>
        {activeFilters > 0 || !empty ? (
          <Text c="dimmed">{messages.generic.noResult}</Text>
        ) : typeof empty === 'string' ? (
          <Text c="dimmed">{empty}</Text>
        ) : (
          empty
        )}
      </Paper>
    )

  const groups = group ? group(data) : [{ key: 'all', label: '', items: data }]
  const pages = Math.max(1, Math.ceil(meta.total / meta.pageSize))
  return (
    <Stack gap="lg">
      {groups.map((entry) => (
        <Box key={entry.key} component="section" aria-label={entry.label || undefined}>
          {entry.label ? (
            <Text fw={700} c="dimmed" size="sm" mb="xs">
              {entry.label}
            </Text>
          ) : null}
          {params.view === 'grid' ? (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="sm">
              {entry.items.map((item) => (
                <Box key={keyOf(item)}>{renderItem(item, 'grid')}</Box>
              ))}
            </SimpleGrid>
          ) : (
            <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {entry.items.map((item) => (
                <li key={keyOf(item)}>{renderItem(item, 'list')}</li>
              ))}
            </Stack>
          )}
        </Box>
      ))}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Select
          aria-label="Éléments par page"
          w={150}
          size="xs"
          allowDeselect={false}
          value={String(params.pageSize)}
          onChange={(value) => value && set({ pageSize: Number(value) })}
          data={PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} par page` }))}
        />
        {pages > 1 ? <ListPagination page={params.page} pages={pages} onChange={(page) => set({ page })} /> : null}
      </Group>
    </Stack>
  )
}

/** A row (or card) of a list page: its main part opens the item; its own buttons sit beside it. */
export function ListRow({
  onOpen,
  label,
  children,
  actions,
}: {
  onOpen: () => void
  label: string
  children: ReactNode
  actions?: ReactNode
}) {
  return (
    <Paper withBorder radius="md" px="md" py="sm" h="100%">
      <Group justify="space-between" wrap="nowrap" gap="sm" h="100%">
        <UnstyledButton onClick={onOpen} aria-label={label} miw={0} style={{ flex: 1, alignSelf: 'stretch' }}>
          {children}
        </UnstyledButton>
        {actions ? (
          <Group gap={4} wrap="nowrap">
            {actions}
          </Group>
        ) : null}
      </Group>
    </Paper>
  )
}
