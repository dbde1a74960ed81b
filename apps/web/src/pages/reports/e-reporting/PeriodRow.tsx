import type { EReportingPeriodDto, IsoDate } from '@app/domain'
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core'
import {
  deadlineText,
  isOverdue,
  KIND_LABELS,
  periodName,
  periodSpan,
  STATE_COLORS,
  summaryText,
  texts,
} from './eReportingTexts'

/**
 * One period of the list: its kind and dates, its deadline (red once passed with something still to send), its state
 * and what it holds; « Voir » opens it (a click anywhere on the row too).
 */
export function PeriodRow({
  period,
  today,
  onOpen,
}: {
  period: EReportingPeriodDto
  today: IsoDate
  onOpen: () => void
}) {
  const overdue = isOverdue(period, today)
  return (
    <Paper withBorder radius="md" px="md" py="sm" onClick={onOpen} style={{ cursor: 'pointer' }}>
      <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} size="sm">
              {KIND_LABELS[period.kind]}{' '}
              <Text span fw={400} inherit>
                {periodSpan(period.start, period.end)}
              </Text>
            </Text>
            <Badge variant="light" size="sm" color={STATE_COLORS[period.state]}>
              {period.stateLabel}
            </Badge>
          </Group>
          <Text size="xs" c={overdue ? 'red' : 'dimmed'} fw={overdue ? 600 : undefined}>
            {deadlineText(period.deadline)}
          </Text>
          <Text size="xs" c="dimmed">
            {summaryText(period.kind, period.summary)}
          </Text>
        </Stack>
        <Button
          variant="default"
          size="xs"
          aria-label={`${texts.view} : ${periodName(period)}`}
          onClick={(event) => {
            event.stopPropagation()
            onOpen()
          }}
        >
          {texts.view}
        </Button>
      </Group>
    </Paper>
  )
}
