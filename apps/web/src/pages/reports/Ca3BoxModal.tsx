import { formatDateFr, formatEuro, formatPercentFr, isNegative, type VatDeclarationBox } from '@app/domain'
import { Modal, ScrollArea, Stack, Table, Text } from '@mantine/core'
import { reportTexts } from './reportTexts'

const t = reportTexts.ca3
const amount = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', textAlign: 'right' } as const

/**
 * The ledger lines behind a box of the CA3, as VatCellModal shows a cell's: each line to the cent, signed as it counts
 * in the box, and the box's own figure as Total (the lines add up to it: the server derives both from the same rows).
 */
export function Ca3BoxModal({ box, onClose }: { box: VatDeclarationBox | null; onClose: () => void }) {
  const title = box ? t.modalTitle(box.code, box.label) : ''
  const showsBase = box !== null && (box.measure === 'base' || box.base !== null)
  const showsTax = box !== null && box.measure === 'tax'
  const subtracted = box?.lines.some((line) => isNegative(line.tax) || isNegative(line.base)) ?? false
  return (
    <Modal
      opened={box !== null}
      onClose={onClose}
      title={title}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': reportTexts.close }}
    >
      {box ? (
        <Stack gap="sm">
          <ScrollArea type="auto" offsetScrollbars>
            <Table aria-label={t.entries(box.code)} fz="sm" verticalSpacing={6} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.date}</Table.Th>
                  <Table.Th>{t.journal}</Table.Th>
                  <Table.Th>{t.number}</Table.Th>
                  <Table.Th>{t.piece}</Table.Th>
                  <Table.Th>{t.entryLabel}</Table.Th>
                  <Table.Th>{t.account}</Table.Th>
                  <Table.Th style={amount}>{t.rate}</Table.Th>
                  <Table.Th style={amount}>{t.base}</Table.Th>
                  <Table.Th style={amount}>{t.tax}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {box.lines.map((line, index) => (
                  // A total may list one line twice (collected, then deducted): its place tells them apart.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                  <Table.Tr key={`${line.entryId}-${line.accountCode}-${index}`}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateFr(line.date)}</Table.Td>
                    <Table.Td>{line.journalCode}</Table.Td>
                    <Table.Td>{line.number}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{line.pieceRef}</Table.Td>
                    <Table.Td>{line.label}</Table.Td>
                    <Table.Td>{line.accountCode}</Table.Td>
                    <Table.Td style={amount}>{formatPercentFr(line.ratePercent)}</Table.Td>
                    <Table.Td style={amount}>{formatEuro(line.base)}</Table.Td>
                    <Table.Td style={amount}>{formatEuro(line.tax)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={7}>{reportTexts.total}</Table.Th>
                  <Table.Th style={amount}>{showsBase ? formatEuro(box.base ?? box.amount) : null}</Table.Th>
                  <Table.Th style={amount}>{showsTax ? formatEuro(box.amount) : null}</Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </ScrollArea>
          {subtracted ? (
            <Text size="xs" c="dimmed">
              {t.signNote}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  )
}
