import { Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { ErrorState } from '../../components/ErrorState'
import { ApiError } from '../../lib/api'
import { reportAmount, reportTexts } from './reportTexts'

const t = reportTexts

/** A report's title with its exercise menu: a select of years, newest first. */
export function ReportHeader({
  title,
  year,
  years,
  onYearChange,
}: {
  title: string
  year: number
  years: readonly number[]
  onYearChange: (year: number) => void
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Select
        aria-label={t.year}
        w={130}
        allowDeselect={false}
        checkIconPosition="right"
        value={String(year)}
        onChange={(value) => value && onYearChange(Number(value))}
        data={years.map((option) => ({ value: String(option), label: String(option) }))}
      />
    </Group>
  )
}

/** While a report loads: the boxes and the grid as skeletons. */
export function ReportLoading({ boxes = 3 }: { boxes?: number }) {
  return (
    <Stack gap="md" aria-busy="true" aria-label={t.loading}>
      {boxes > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: boxes }} spacing="md">
          {Array.from({ length: boxes }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their place.
            <Skeleton key={index} height={84} radius="lg" />
          ))}
        </SimpleGrid>
      ) : null}
      <Skeleton height={280} radius="md" />
    </Stack>
  )
}

/**
 * A report that could not be loaded: the spec's text for that report; a refusal (a collaborator: 403) says why in the
 * server's words, which no retry would change.
 */
export function ReportError({ error, message, onRetry }: { error: unknown; message: string; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 403) return <ErrorState message={error.message} />
  return <ErrorState message={message} onRetry={onRetry} />
}

export type SummaryBox = { label: string; amount: string; tone?: 'positive' | 'negative' }

/** The figures of the year at the top of a report, in whole euros; each box is a region named by its label. */
export function SummaryBoxes({ boxes }: { boxes: SummaryBox[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: boxes.length }} spacing="md">
      {boxes.map((box) => (
        <Paper key={box.label} component="section" withBorder radius="lg" p="md" aria-label={box.label}>
          <Text fw={600} c="dimmed" size="sm">
            {box.label}
          </Text>
          <Text
            fz={26}
            fw={700}
            c={box.tone === 'negative' ? 'red' : box.tone === 'positive' ? 'teal' : undefined}
            style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
          >
            {reportAmount(box.amount)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  )
}

/** A page of reports: the header, then its body. */
export function ReportPage({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="lg">
      {header}
      {children}
    </Stack>
  )
}
