import type { DashboardPeriod } from '@app/domain'
import { Card, Group, Skeleton, Stack, Text } from '@mantine/core'
import { lazy, Suspense } from 'react'
import { useDashboard } from '../queries'

// uPlot (≈ 20 KB gzip) loads with the chart only, outside the initial JavaScript of /app.
const ActivityCanvas = lazy(() => import('./ActivityCanvas'))

const LEGEND = [
  { label: 'Encaissé', color: 'var(--mantine-color-teal-6)' },
  { label: 'Décaissé', color: 'var(--mantine-color-red-6)' },
  { label: 'Trésorerie', color: 'var(--mantine-color-blue-6)' },
]

/** The activity graph (spec/account.md §2): money in and out of the bank each month, and the treasury at its end. */
export function ActivityChart({ period, enabled }: { period: DashboardPeriod; enabled: boolean }) {
  const activity = useDashboard('activity', period, enabled).data
  return (
    <Card withBorder radius="md" data-testid="activity-chart">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>Activité</Text>
          <Group gap="md">
            {LEGEND.map((item) => (
              <Group key={item.label} gap={6}>
                <span
                  style={{ width: 10, height: 10, borderRadius: 2, background: item.color, display: 'inline-block' }}
                />
                <Text size="xs">{item.label}</Text>
              </Group>
            ))}
          </Group>
        </Group>
        {activity ? (
          <Suspense fallback={<Skeleton h={240} />}>
            <ActivityCanvas months={activity.activityByMonth} />
          </Suspense>
        ) : (
          <Skeleton h={240} animate={enabled} />
        )}
      </Stack>
    </Card>
  )
}
