import type { VatMonthDto } from '@app/domain'
import { Center, Loader, Modal } from '@mantine/core'
import { ErrorState } from '../../components/ErrorState'
import { useVatMonth } from './reportQueries'
import { reportTexts } from './reportTexts'
import { VatLinesTable } from './VatLinesTable'
import type { VatRow } from './vatRows'

const t = reportTexts

/** A clicked cell of the VAT grid: its row and its month. */
export type VatCell = { row: VatRow; month: VatMonthDto }

/**
 * The operations behind one cell of the VAT grid (spec/account.md §2: a click on a cell with details opens a modal
 * with a Total): the month's detail from the API, kept to the row's operations; the Total is the cell's own figure.
 */
export function VatCellModal({ cell, onClose }: { cell: VatCell | null; onClose: () => void }) {
  const query = useVatMonth(cell?.month.month ?? null)
  const title = cell ? `${cell.row.label} — ${cell.month.label}` : ''
  const keep = cell?.row.lines
  return (
    <Modal
      opened={cell !== null}
      onClose={onClose}
      title={title}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t.close }}
    >
      {!cell || !keep ? null : query.isPending ? (
        <Center py="lg">
          <Loader aria-label={t.loading} />
        </Center>
      ) : query.isError ? (
        <ErrorState message={t.vat.detailError} onRetry={() => query.refetch()} />
      ) : (
        <VatLinesTable
          label={title}
          lines={query.data.lines.filter(keep)}
          totals={[{ label: t.total, amount: cell.row.amount(cell.month) }]}
        />
      )}
    </Modal>
  )
}
