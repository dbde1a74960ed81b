import { type BookKind, type BookMonth, formatDateFr, formatEuro } from '@app/domain'
import { ScrollArea, Table, Title } from '@mantine/core'
import { shortReference, bookTexts as t } from './bookTexts'

const amount = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', textAlign: 'right' } as const
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * A month of a book: one row per movement (date, reference cut to 8 characters with the whole one in its title,
 * contact, category, mode, amount to the cent: a register is read against its pieces) and the month's total.
 */
export function BookMonthTable({ kind, month }: { kind: BookKind; month: BookMonth }) {
  const heading = capitalised(month.label)
  return (
    <section aria-label={heading}>
      <Title order={2} size="h4" mb="xs">
        {heading}
      </Title>
      <ScrollArea type="auto" offsetScrollbars>
        {/* Fixed columns: every month's table lines up with the others. */}
        <Table aria-label={heading} fz="sm" verticalSpacing={6} striped layout="fixed" miw={760}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={110}>{t.columns.date}</Table.Th>
              <Table.Th w={110}>{t.columns.reference}</Table.Th>
              <Table.Th>{t.kinds[kind].contact}</Table.Th>
              <Table.Th>{t.columns.category}</Table.Th>
              <Table.Th w="18%">{t.columns.mode}</Table.Th>
              <Table.Th w={130} style={amount}>
                {t.columns.amount}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {month.rows.map((row, index) => (
              // Two movements of a day may share every field: their place tells them apart, and never changes.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              <Table.Tr key={`${row.date}-${row.reference}-${index}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateFr(row.date)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }} title={row.reference}>
                  {shortReference(row.reference)}
                </Table.Td>
                <Table.Td>{row.contact ?? t.none}</Table.Td>
                <Table.Td>{row.category}</Table.Td>
                <Table.Td>{row.mode}</Table.Td>
                <Table.Td style={amount}>{formatEuro(row.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={5}>{t.totalMonth}</Table.Th>
              <Table.Th style={amount}>{formatEuro(month.totalMonth)}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollArea>
    </section>
  )
}
