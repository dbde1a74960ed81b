import { Group, Select, Skeleton, Stack, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { ErrorState } from '../../../components/ErrorState'
import { ApiError } from '../../../lib/api'
import { bookTexts as t } from './bookTexts'
import { bookYearOptions } from './bookYear'

/** A book page's title, its year menu and what else it offers (the download). */
export function BookHeader({
  title,
  year,
  known,
  onYearChange,
  children,
}: {
  title: string
  year: number
  known?: readonly number[]
  onYearChange: (year: number) => void
  children?: ReactNode
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Group gap="sm" wrap="wrap">
        <Select
          aria-label={t.year}
          w={130}
          allowDeselect={false}
          checkIconPosition="right"
          comboboxProps={{ withinPortal: true }}
          value={String(year)}
          onChange={(value) => value && onYearChange(Number(value))}
          data={bookYearOptions(year, known).map((option) => ({ value: String(option), label: String(option) }))}
        />
        {children}
      </Group>
    </Group>
  )
}

/** While a book loads. */
export function BookLoading({ height = 280 }: { height?: number }) {
  return (
    <Stack aria-busy="true" aria-label={t.loading}>
      <Skeleton height={height} radius="md" />
    </Stack>
  )
}

/** A book that could not be loaded; a refusal (a collaborator: 403) says why in the server's words, no retry. */
export function BookError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 403) return <ErrorState message={error.message} />
  return <ErrorState message={t.error} onRetry={onRetry} />
}
