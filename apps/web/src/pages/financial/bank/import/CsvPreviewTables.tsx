import { type CsvMappingBody, formatDateFr, formatEuro, type IsoDate, isNegative } from '@app/domain'
import { Badge, Group, ScrollArea, Stack, Table, Text } from '@mantine/core'
import { columnCount, columnLabel, ROLE_LABELS, rolesOf } from './csvColumns'
import type { CsvPreview } from './statementImport'

const ROWS_SHOWN = 10
const cell = { maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const
const tabular = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const

/** The file's first rows as they are, each column headed by its name and the role the mapping gives it. */
export function CsvRowsTable({ preview, mapping }: { preview: CsvPreview; mapping: CsvMappingBody }) {
  const width = columnCount(preview)
  const roles = rolesOf(mapping)
  const columns = [...Array(width).keys()]
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Table striped withTableBorder fz="xs" aria-label="Premières lignes du fichier">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} style={{ verticalAlign: 'top' }}>
                <Stack gap={4}>
                  <Text size="xs" fw={600} style={cell}>
                    {columnLabel({ header: preview.header, rows: [] }, column)}
                  </Text>
                  <Group gap={4}>
                    {(roles.get(column) ?? []).map((role) => (
                      <Badge key={role} size="xs" variant="light" tt="none">
                        {ROLE_LABELS[role]}
                      </Badge>
                    ))}
                  </Group>
                </Stack>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.rows.slice(0, ROWS_SHOWN).map((row, index) => (
            // Rows of a file have no identity but their place, which never changes within one preview.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <Table.Tr key={index}>
              {columns.map((column) => (
                <Table.Td key={column} style={cell} title={row[column]}>
                  {row[column] ?? ''}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  )
}

/** The first rows as the import will write them: date, raw label and signed amount. */
export function CsvLinesTable({ preview }: { preview: CsvPreview }) {
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Table withTableBorder fz="sm" aria-label="Lignes telles qu’elles seront importées">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Libellé</Table.Th>
            <Table.Th ta="right">Montant</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.lines.slice(0, ROWS_SHOWN).map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one preview, by their place in the file.
            <Table.Tr key={index}>
              <Table.Td style={tabular}>{formatDateFr(line.datedAt as IsoDate)}</Table.Td>
              <Table.Td style={cell} title={line.rawName}>
                {line.rawName}
              </Table.Td>
              <Table.Td ta="right" style={tabular} c={isNegative(line.amount) ? 'red' : undefined}>
                {formatEuro(line.amount)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  )
}
