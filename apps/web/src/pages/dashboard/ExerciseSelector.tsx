import { type DashboardPeriod, formatDateFr } from '@app/domain'
import { Group, Select, Text } from '@mantine/core'
import { useAvailableYears } from './queries'

/**
 * The exercise selector (spec/account.md §2): a fiscal year sets ?year, from and to; the year's name is one year when
 * it starts in January, else the two it spans (§9). Hidden on the free formula by the page.
 */
export function ExerciseSelector({
  period,
  onChoose,
}: {
  period: DashboardPeriod
  onChoose: (year: { start: string; end: string }) => void
}) {
  const years = useAvailableYears(true).data ?? []
  const current = years.find((year) => year.start === period.from)
  return (
    <Group gap="sm" wrap="nowrap">
      <Text size="sm" c="dimmed" visibleFrom="sm">
        Du {formatDateFr(period.from)} au {formatDateFr(period.to)}
      </Text>
      <Select
        aria-label="Exercice"
        w={140}
        allowDeselect={false}
        placeholder="Exercice"
        data={years.map((year) => ({ value: year.start, label: year.label }))}
        value={current?.start ?? null}
        onChange={(start) => {
          const year = years.find((candidate) => candidate.start === start)
          if (year) onChoose(year)
        }}
      />
    </Group>
  )
}
