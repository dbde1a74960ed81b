import { messages } from '@app/domain'
import { Button, Center, Loader, Stack } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { Link, matchPath } from 'react-router'
import { ApiError } from '../lib/api'
import { ErrorState } from './ErrorState'

/** The id in {base}/{id} (a cash movement's, a cash sale's); 'new' for /new; null for anything that is not an id. */
export function routeId(base: string, pathname: string): number | 'new' | null {
  const raw = matchPath(`${base}/:id`, pathname)?.params.id ?? ''
  if (raw === 'new') return 'new'
  return /^\d{1,10}$/.test(raw) ? Number(raw) : null
}

/** A page that loads one item for its form, with the loading, error and not-found states. */
export function LoadedForm<T>({
  query,
  listPath,
  listLabel,
  render,
}: {
  query: { data?: T; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }
  listPath: string
  listLabel: string
  render: (item: T) => ReactNode
}) {
  if (query.error instanceof ApiError && query.error.status === 404)
    return (
      <Stack align="center" gap={0}>
        <ErrorState message={messages.http.notFound} />
        <Button component={Link} to={listPath} variant="light" leftSection={<IconArrowLeft size={16} />}>
          {listLabel}
        </Button>
      </Stack>
    )
  if (query.isError) return <ErrorState onRetry={() => query.refetch()} />
  if (query.isPending || query.data === undefined)
    return (
      <Center py="xl">
        <Loader aria-label="Chargement" />
      </Center>
    )
  return <>{render(query.data)}</>
}
