import type { Trend } from '@app/domain'
import { Anchor, Card, Group, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { TrendArrow } from './TrendArrow'

export type StatCardProps = {
  title: string
  value: string | null
  caption?: ReactNode
  trend?: Trend
  link?: { to: string; label: string }
}

/** One card of the dashboard (spec/account.md §2 "Cards"): a figure, its trend against the month before, a link. */
export function StatCard({ title, value, caption, trend, link }: StatCardProps) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="stat-card">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" c="dimmed" fw={500}>
            {title}
          </Text>
          {trend ? <TrendArrow trend={trend} /> : null}
        </Group>
        <Text fz={24} fw={700} lh={1.2}>
          {value ?? '—'}
        </Text>
        {caption ? (
          <Text size="xs" c="dimmed">
            {caption}
          </Text>
        ) : null}
        {link ? (
          <Anchor component={Link} to={link.to} size="sm" fw={600}>
            {link.label}
          </Anchor>
        ) : null}
      </Stack>
    </Card>
  )
}
