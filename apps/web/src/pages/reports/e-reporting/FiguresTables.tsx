import { type EReportingPeriodDetailDto, formatDateFr, formatEuro, formatPercentFr } from '@app/domain'
import { Stack, Table, Text, Title } from '@mantine/core'
import type { CSSProperties, ReactNode } from 'react'
import { countryName } from '../../../lib/countries'
import { DragScroll } from '../DragScroll'
import { CATEGORY_LABELS, texts } from './eReportingTexts'

const sticky: CSSProperties = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  whiteSpace: 'nowrap',
}
const numeric: CSSProperties = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', textAlign: 'right' }

type Column = { label: string; numeric?: boolean }

/**
 * One block of the figures: its title, and its table in a frame of its own that scrolls sideways on a phone, the first
 * column fixed so that each line stays named.
 */
function FiguresTable({
  title,
  flux,
  columns,
  rows,
}: {
  title: string
  flux: string
  columns: Column[]
  rows: { key: string; cells: ReactNode[] }[]
}) {
  return (
    <Stack gap={6}>
      <Title order={3} size="h5">
        {title}{' '}
        <Text span size="xs" c="dimmed" fw={400}>
          (flux {flux})
        </Text>
      </Title>
      <DragScroll label={title}>
        <Table aria-label={title} fz="sm" verticalSpacing={6} horizontalSpacing="sm" striped>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column, index) => (
                <Table.Th
                  key={column.label}
                  style={index === 0 ? sticky : column.numeric ? numeric : { whiteSpace: 'nowrap' }}
                >
                  {column.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                {row.cells.map((cell, index) =>
                  index === 0 ? (
                    <Table.Th key={columns[index]?.label} scope="row" style={sticky} fw={500}>
                      {cell}
                    </Table.Th>
                  ) : (
                    <Table.Td key={columns[index]?.label} style={columns[index]?.numeric ? numeric : undefined}>
                      {cell}
                    </Table.Td>
                  ),
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </DragScroll>
    </Stack>
  )
}

/**
 * What the period will tell the administration: B2C sales by day, category and rate (10.3), each sale to a foreign
 * business (10.1), B2C takings by day and rate (10.4), each payment of a foreign business (10.2). Empty tables are
 * left out; nothing at all says so.
 */
export function FiguresTables({ detail }: { detail: EReportingPeriodDetailDto }) {
  const { aggregatedTransactions, unitaryTransactions, aggregatedPayments, unitaryPayments } = detail
  const empty =
    aggregatedTransactions.length + unitaryTransactions.length + aggregatedPayments.length + unitaryPayments.length ===
    0
  if (empty)
    return (
      <Stack gap={2} p="md" style={{ border: '1px dashed var(--mantine-color-default-border)', borderRadius: 8 }}>
        <Text fw={600}>{texts.nothingToSend}</Text>
        <Text size="sm" c="dimmed">
          {texts.nothingToSendHint}
        </Text>
      </Stack>
    )
  return (
    <Stack gap="lg">
      {aggregatedTransactions.length > 0 ? (
        <FiguresTable
          title="Ventes aux particuliers, par jour"
          flux="10.3"
          columns={[
            { label: 'Jour' },
            { label: 'Catégorie' },
            { label: 'Taux', numeric: true },
            { label: 'HT', numeric: true },
            { label: 'TVA', numeric: true },
            { label: 'Ventes', numeric: true },
          ]}
          rows={aggregatedTransactions.map((line) => ({
            key: `${line.date}-${line.category}-${line.ratePercent}`,
            cells: [
              formatDateFr(line.date),
              CATEGORY_LABELS[line.category],
              formatPercentFr(line.ratePercent),
              formatEuro(line.taxExcluded),
              formatEuro(line.tax),
              line.operations,
            ],
          }))}
        />
      ) : null}
      {unitaryTransactions.length > 0 ? (
        <FiguresTable
          title="Ventes à des entreprises étrangères"
          flux="10.1"
          columns={[
            { label: 'Numéro' },
            { label: 'Date' },
            { label: 'Pays' },
            { label: 'N° de TVA' },
            { label: 'HT', numeric: true },
            { label: 'TVA', numeric: true },
            { label: 'TTC', numeric: true },
          ]}
          rows={unitaryTransactions.map((sale) => ({
            key: sale.number,
            cells: [
              sale.isCreditNote ? `Avoir ${sale.number}` : sale.number,
              formatDateFr(sale.date),
              countryName(sale.buyerCountryCode),
              sale.buyerVatNumber ?? '—',
              formatEuro(sale.taxExcluded),
              formatEuro(sale.tax),
              formatEuro(sale.taxIncluded),
            ],
          }))}
        />
      ) : null}
      {aggregatedPayments.length > 0 ? (
        <FiguresTable
          title="Paiements reçus de particuliers, par jour"
          flux="10.4"
          columns={[{ label: 'Jour' }, { label: 'Taux', numeric: true }, { label: 'Encaissé TTC', numeric: true }]}
          rows={aggregatedPayments.map((line) => ({
            key: `${line.date}-${line.ratePercent}`,
            cells: [formatDateFr(line.date), formatPercentFr(line.ratePercent), formatEuro(line.amount)],
          }))}
        />
      ) : null}
      {unitaryPayments.length > 0 ? (
        <FiguresTable
          title="Paiements reçus d'entreprises étrangères"
          flux="10.2"
          columns={[
            { label: 'Date' },
            { label: 'Facture' },
            { label: 'Pays' },
            { label: 'Montant TTC', numeric: true },
          ]}
          rows={unitaryPayments.map((payment, index) => ({
            // One invoice may be paid twice the same day: the place tells them apart.
            key: `${payment.date}-${payment.invoiceNumber}-${index}`,
            cells: [
              formatDateFr(payment.date),
              payment.invoiceNumber,
              countryName(payment.buyerCountryCode),
              formatEuro(payment.amount),
            ],
          }))}
        />
      ) : null}
    </Stack>
  )
}
