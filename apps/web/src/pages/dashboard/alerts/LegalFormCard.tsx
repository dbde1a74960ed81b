import { alertMessages, formatEuro, type LegalFormAlertDto } from '@app/domain'
import { Table, Text } from '@mantine/core'
import { AlertCard } from './AlertCard'

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
  const period = comparison.period.projected ? `${m.projectedNote} ${alert.year}` : comparison.period.from.slice(0, 4)
  return (
    <AlertCard
      title={alert.title}
      about={`${m.currentRegime[comparison.current]} · ${m.nature[comparison.nature]} · ${period}`}
      badge={m.card}
      color="teal"
      description={alert.description}
    >
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
    </AlertCard>
  )
}
