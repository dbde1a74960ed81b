import { type DashboardPeriod, formatDateFr } from '@app/domain'
import { Group, NativeSelect, Text } from '@mantine/core'
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
      {/* The browser's own list: the dashboard is the first page shown, and a combobox would double its script. */}
      <NativeSelect
        aria-label="Exercice"
        w={140}
        data={[
          ...(current ? [] : [{ value: '', label: 'Exercice', disabled: true }]),
          ...years.map((year) => ({ value: year.start, label: year.label })),
        ]}
        value={current?.start ?? ''}
        onChange={(event) => {
          const year = years.find((candidate) => candidate.start === event.currentTarget.value)
          if (year) onChoose(year)
        }}
      />
    </Group>
  )
}
