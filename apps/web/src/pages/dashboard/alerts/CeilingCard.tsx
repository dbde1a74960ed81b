import { type AlertLevel, alertMessages, type CeilingAlertDto, formatEuro } from '@app/domain'
import { Group, Progress, Stack, Text } from '@mantine/core'
import { AlertCard } from './AlertCard'

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
    <AlertCard
      title={alert.title}
      about={`${ACTIVITIES[alert.activity]} · ${alert.year}`}
      badge={BADGES[alert.level]}
      color={COLORS[alert.level]}
      description={alert.description}
    >
      {sides.map(([label, side]) => (
        <SideBar key={label} label={label} side={side} />
      ))}
    </AlertCard>
  )
}
