import { type CashClosing, type ClosingPeriod, formatDateFr, formatEuro, cashJournalMessages as m } from '@app/domain'
import { Group, Pagination, SegmentedControl, Skeleton, Stack, Table, Text } from '@mantine/core'
import { useState } from 'react'
import { ErrorState } from '../../../components/ErrorState'
import { SettingsSection } from '../../../components/SettingsSection'
import { useCashClosings } from './cashJournalQueries'

const PAGE_SIZE = 20

const periodOf = (closing: CashClosing) =>
  closing.period === 'DAY'
    ? formatDateFr(closing.from)
    : closing.period === 'MONTH'
      ? closing.from.slice(0, 7).split('-').reverse().join('/')
      : closing.from.slice(0, 4)

const euro = (amount: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatEuro(amount)}</span>

/** One closing: its period, its totals per VAT rate, the perpetual grand total and its signature's start. */
function ClosingRow({ closing }: { closing: CashClosing }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600}>
          {m.periods[closing.period]} · {periodOf(closing)}
        </Text>
        <Text size="xs" c="dimmed">
          n° {closing.sequence} · {closing.entries} écriture{closing.entries > 1 ? 's' : ''}
        </Text>
      </Table.Td>
      <Table.Td>
        {closing.rates.length === 0 ? (
          <Text size="sm" c="dimmed">
            Aucune vente
          </Text>
        ) : (
          closing.rates.map((rate) => (
            <Text size="xs" key={rate.rate}>
              {rate.rate.replace('.', ',')} % : HT {euro(rate.ht)} · TVA {euro(rate.tva)} · TTC {euro(rate.ttc)}
            </Text>
          ))
        )}
      </Table.Td>
      <Table.Td ta="right">{euro(closing.total.ttc)}</Table.Td>
      <Table.Td ta="right">{euro(closing.perpetualTotal)}</Table.Td>
      <Table.Td>
        <Text size="xs" ff="monospace" title={closing.signature}>
          {closing.signature.slice(0, 12)}…
        </Text>
      </Table.Td>
    </Table.Tr>
  )
}

/** The closings (Z) the jobs seal each night for the days, months and years over, newest first. */
export function ClosingsCard() {
  const [page, setPage] = useState(1)
  const [period, setPeriod] = useState<ClosingPeriod | 'ALL'>('ALL')
  const query = useCashClosings({ page, pageSize: PAGE_SIZE, period: period === 'ALL' ? null : period })
  const total = query.data?.meta.total ?? 0
  return (
    <SettingsSection
      id="closings"
      title="Clôtures (Z)"
      description="Chaque nuit, Carnet clôt les jours, les mois et les années terminés qui ont eu des écritures : totaux par taux de TVA et grand total perpétuel, scellés dans la chaîne."
    >
      <SegmentedControl
        value={period}
        onChange={(value) => {
          setPeriod(value as ClosingPeriod | 'ALL')
          setPage(1)
        }}
        data={[
          { value: 'ALL', label: 'Toutes' },
          { value: 'DAY', label: 'Jours' },
          { value: 'MONTH', label: 'Mois' },
          { value: 'YEAR', label: 'Années' },
        ]}
        aria-label="Période des clôtures"
        fullWidth
        maw={420}
      />
      {query.isPending ? <Skeleton height={120} /> : null}
      {query.isError ? <ErrorState onRetry={() => query.refetch()} /> : null}
      {query.data && total === 0 ? (
        <Text size="sm" c="dimmed">
          Aucune clôture pour l’instant : la première viendra la nuit qui suit ta première vente.
        </Text>
      ) : null}
      {query.data && total > 0 ? (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="xs" aria-label="Clôtures">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Période</Table.Th>
                  <Table.Th>Par taux de TVA</Table.Th>
                  <Table.Th ta="right">Total TTC</Table.Th>
                  <Table.Th ta="right">Grand total perpétuel</Table.Th>
                  <Table.Th>Signature</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.data.map((closing) => (
                  <ClosingRow key={closing.sequence} closing={closing} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {total > PAGE_SIZE ? (
            <Group justify="center">
              <Pagination value={page} onChange={setPage} total={Math.ceil(total / PAGE_SIZE)} size="sm" />
            </Group>
          ) : null}
        </Stack>
      ) : null}
    </SettingsSection>
  )
}
