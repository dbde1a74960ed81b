import { type AlertLevel, alertMessages, type CeilingAlertDto, formatEuro } from '@app/domain'
import { Badge, Card, Group, Progress, Stack, Text } from '@mantine/core'

const m = alertMessages.alerts

const COLORS: Record<AlertLevel, string> = {
  none: 'teal',
  approaching: 'yellow',
  crossed: 'orange',
  toleranceExceeded: 'red',
}

const BADGES: Record<AlertLevel, string> = {
  none: 'Sous le seuil',
  approaching: 'Seuil proche',
  crossed: 'Seuil dépassé',
  toleranceExceeded: 'Seuil majoré dépassé',
}

const ACTIVITIES: Record<CeilingAlertDto['activity'], string> = {
  AC: 'Activité commerciale',
  SERV: 'Prestations de services',
  AM: 'Activité mixte',
}

type Side = CeilingAlertDto['commerce']

function SideBar({ label, side }: { label: string; side: Side }) {
  const euros = (amount: string) => formatEuro(amount, { decimals: 0 })
  const value = Math.min(Number(side.percentage), 100)
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{label}</Text>
        <Text size="sm" fw={600}>
          {side.percentage}&nbsp;%
        </Text>
      </Group>
      <Progress value={value} color={COLORS[side.level]} aria-label={`${label} : ${side.percentage} % du seuil`} />
      <Text size="xs" c="dimmed">
        {euros(side.current)} encaissés sur {euros(side.limit)}
        {side.tolerance ? ` (seuil majoré ${euros(side.tolerance)})` : ''}
      </Text>
    </Stack>
  )
}

/**
 * One ceiling (spec/account.md §3 "Alert"): its title and description, and a bar per side that applies to the
 * activity: the whole turnover against the goods ceiling (commerce), the services against theirs.
 */
export function CeilingCard({ alert }: { alert: CeilingAlertDto }) {
  const sides: [string, Side][] = []
  if (alert.activity !== 'SERV') sides.push([m.commerceSide, alert.commerce])
  if (alert.activity !== 'AC') sides.push([m.serviceSide, alert.service])
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Text fw={600}>{alert.title}</Text>
            <Text size="xs" c="dimmed">
              {ACTIVITIES[alert.activity]} · {alert.year}
            </Text>
          </Stack>
          <Badge color={COLORS[alert.level]} variant="light" style={{ flexShrink: 0 }}>
            {BADGES[alert.level]}
          </Badge>
        </Group>
        <Text size="sm">{alert.description}</Text>
        {sides.map(([label, side]) => (
          <SideBar key={label} label={label} side={side} />
        ))}
      </Stack>
    </Card>
  )
}
