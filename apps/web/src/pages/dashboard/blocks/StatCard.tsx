import type { Trend } from '@app/domain'
import { Anchor, Card, Group, Stack, Text } from '@mantine/core'
import { type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import { lazyModal } from '../../../app/lazyPage'
import type { StatDetail } from '../drawers/StatDrawer'
import { TrendArrow } from './TrendArrow'

const StatDrawer = lazyModal(
  () => import('../drawers/StatDrawer'),
  (module) => module.StatDrawer,
)

export type StatCardProps = {
  /** With a bank connection, the card opens its detail in a drawer. */
  detail?: StatDetail
  title: string
  value: string | null
  caption?: ReactNode
  trend?: Trend
  link?: { to: string; label: string }
}

/** One card of the dashboard (spec/account.md §2 "Cards"): a figure, its trend against the month before, a link. */
export function StatCard({ title, value, caption, trend, link, detail }: StatCardProps) {
  const [opened, setOpened] = useState(false)
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
        <Group gap="md">
          {link ? (
            <Anchor component={Link} to={link.to} size="sm" fw={600}>
              {link.label}
            </Anchor>
          ) : null}
          {detail ? (
            <Anchor component="button" type="button" size="sm" fw={600} onClick={() => setOpened(true)}>
              Voir le détail
            </Anchor>
          ) : null}
        </Group>
      </Stack>
      {detail ? <StatDrawer opened={opened} onClose={() => setOpened(false)} title={title} detail={detail} /> : null}
    </Card>
  )
}
