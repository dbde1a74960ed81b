import { Modal, Table } from '@mantine/core'
import { reportAmount, reportTexts } from './reportTexts'

const t = reportTexts
const amountStyle = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', textAlign: 'right' } as const

/** A grid row as its modal shows it: its months with their amounts, and its total as the API gave it. */
export type RowDetail = { title: string; lines: { key: string; label: string; amount: string }[]; total: string }

/** A row's detail (spec/account.md §2: a row click opens a detail modal with a Total), in whole euros. */
export function RowDetailModal({ detail, onClose }: { detail: RowDetail | null; onClose: () => void }) {
  return (
    <Modal
      opened={detail !== null}
      onClose={onClose}
      title={detail?.title}
      centered
      closeButtonProps={{ 'aria-label': t.close }}
    >
      {detail ? (
        <Table fz="sm" verticalSpacing={6} aria-label={detail.title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.month}</Table.Th>
              <Table.Th style={amountStyle}>{t.amount}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.lines.map((line) => (
              <Table.Tr key={line.key}>
                <Table.Td>{line.label}</Table.Td>
                <Table.Td style={amountStyle}>{reportAmount(line.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>{t.total}</Table.Th>
              <Table.Th style={amountStyle}>{reportAmount(detail.total)}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      ) : null}
    </Modal>
  )
}
