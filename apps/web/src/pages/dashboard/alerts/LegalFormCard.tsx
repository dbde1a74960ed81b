import { alertMessages, formatEuro, type LegalFormAlertDto } from '@app/domain'
import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core'

const m = alertMessages.alerts.legalForm

/**
 * The legal-form comparison (spec/account.md §3 "Legal-form data"): what each regime would cost in social
 * contributions on the year's figures, and the saving of the other one, which is why this card is shown at all.
 */
export function LegalFormCard({ alert }: { alert: LegalFormAlertDto }) {
  const comparison = alert.legalForm
  const euros = (amount: string) => formatEuro(amount, { decimals: 0 })
  const rows: [string, string, boolean][] = [
    [m.gains, comparison.gains, false],
    [m.expenses, comparison.expenses, false],
    [m.result, comparison.resultBeforeTaxes, false],
    [m.microContributions, comparison.micro.urssafTotal, comparison.suggested === 'micro'],
    [m.realContributions, comparison.real.taxes, comparison.suggested === 'real'],
  ]
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Text fw={600}>{alert.title}</Text>
            <Text size="xs" c="dimmed">
              {m.currentRegime[comparison.current]} · {m.nature[comparison.nature]} ·{' '}
              {comparison.period.projected ? `${m.projectedNote} ${alert.year}` : comparison.period.from.slice(0, 4)}
            </Text>
          </Stack>
          <Badge color="teal" variant="light" style={{ flexShrink: 0 }}>
            {m.card}
          </Badge>
        </Group>
        <Text size="sm">{alert.description}</Text>
        <Table aria-label={m.card} verticalSpacing={4}>
          <Table.Tbody>
            {rows.map(([label, amount, better]) => (
              <Table.Tr key={label}>
                <Table.Td>
                  <Text size="sm">{label}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" fw={better ? 700 : 400} c={better ? 'teal' : undefined}>
                    {euros(amount)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {m.saving}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" fw={700} c="teal">
                  {euros(comparison.difference)}
                </Text>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  )
}
