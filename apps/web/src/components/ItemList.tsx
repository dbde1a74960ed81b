import { ActionIcon, Group, Paper, Skeleton, Stack, Tooltip } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ErrorState } from './ErrorState'

/**
 * The body of a section listing what a query loaded: skeleton rows while it loads, the error state with "Réessayer",
 * `empty` when there is nothing, then `children(items)`.
 */
export function QueryList<T>({
  query,
  empty,
  skeletons = 2,
  skeletonHeight = 56,
  children,
}: {
  query: UseQueryResult<T[]>
  empty: ReactNode
  /** How many skeleton rows stand for the list while it loads, and how high. */
  skeletons?: number
  skeletonHeight?: number
  children: (items: T[]) => ReactNode
}) {
  if (query.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Chargement">
        {Array.from({ length: skeletons }, (_, index) => (
          // Placeholders have no identity of their own; their number never changes.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <Skeleton key={index} height={skeletonHeight} />
        ))}
      </Stack>
    )
  }
  if (query.isError) return <ErrorState onRetry={() => query.refetch()} />
  if (query.data.length === 0) return empty
  return children(query.data)
}

/** A plain list of ItemRow. */
export function ItemList({ children }: { children: ReactNode }) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  )
}

/** One bordered row of an ItemList: what the item is on the left, its action on the right. */
export function ItemRow({ children, action }: { children: ReactNode; action: ReactNode }) {
  return (
    <Paper component="li" withBorder radius="md" px="md" py="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0}>
          {children}
        </Stack>
        {action}
      </Group>
    </Paper>
  )
}

/** A row's red trash button: `tooltip` on hover, `label` (which names the item) for screen readers. */
export function RemoveButton({ tooltip, label, onClick }: { tooltip: string; label: string; onClick: () => void }) {
  return (
    <Tooltip label={tooltip}>
      <ActionIcon variant="subtle" color="red" aria-label={label} onClick={onClick}>
        <IconTrash size={18} />
      </ActionIcon>
    </Tooltip>
  )
}
