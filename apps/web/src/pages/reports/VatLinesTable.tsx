import { formatDateFr, formatEuro, formatPercentFr, type VatDetailLine } from '@app/domain'
import { ScrollArea, Table } from '@mantine/core'
import type { ReactNode } from 'react'
import { reportTexts } from './reportTexts'

const t = reportTexts.vatMonth
const amount = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', textAlign: 'right' } as const

export type VatTotal = { label: string; amount: string }

/**
 * Operations behind VAT: date it fell due, journal, piece, label, rate, base and tax, to the cent (each one is an
 * operation of the books, checked against its piece); the footer's totals are the API's.
 */
export function VatLinesTable({
  label,
  lines,
  totals,
  caption,
}: {
  label: string
  lines: VatDetailLine[]
  totals: VatTotal[]
  caption?: ReactNode
}) {
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Table aria-label={label} fz="sm" verticalSpacing={6} striped>
        {caption ? <Table.Caption>{caption}</Table.Caption> : null}
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.date}</Table.Th>
            <Table.Th>{t.journal}</Table.Th>
            <Table.Th>{t.piece}</Table.Th>
            <Table.Th>{t.label}</Table.Th>
            <Table.Th style={amount}>{t.rate}</Table.Th>
            <Table.Th style={amount}>{t.base}</Table.Th>
            <Table.Th style={amount}>{t.tax}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, index) => (
            // Two lines of one piece may share everything: their place tells them apart, and never changes.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <Table.Tr key={`${line.journalCode}-${line.pieceRef}-${index}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateFr(line.dueAt)}</Table.Td>
              <Table.Td>{line.journalCode}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{line.pieceRef}</Table.Td>
              <Table.Td>{line.label}</Table.Td>
              <Table.Td style={amount}>{formatPercentFr(line.ratePercent)}</Table.Td>
              <Table.Td style={amount}>{formatEuro(line.base)}</Table.Td>
              <Table.Td style={amount}>{formatEuro(line.tax)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          {totals.map((total) => (
            <Table.Tr key={total.label}>
              <Table.Th colSpan={6}>{total.label}</Table.Th>
              <Table.Th style={amount}>{formatEuro(total.amount)}</Table.Th>
            </Table.Tr>
          ))}
        </Table.Tfoot>
      </Table>
    </ScrollArea>
  )
}
