import { isZero } from '@app/domain'
import { Table, Text, UnstyledButton } from '@mantine/core'
import type { CSSProperties, ReactNode } from 'react'
import { DragScroll } from './DragScroll'
import { scrollToReveal } from './gridOpening'
import { reportAmount, reportTexts } from './reportTexts'

/** A month column: its short label in the header, its full name ("mars 2026") for assistive technologies. */
export type GridColumn = { key: string; label: string; name?: string; extra?: ReactNode }

/**
 * One row of a report grid. A section row is a heading across the grid ("Produits"); a total or result row stands
 * out. `onOpen` makes the whole row open its detail; `onCellOpen` makes each non-zero cell open its own.
 */
export type GridRow = {
  key: string
  label: ReactNode
  /** The row's name for assistive technologies (its label as plain text). */
  name: string
  kind?: 'section' | 'line' | 'total' | 'result'
  cells?: readonly string[]
  total?: string
  onOpen?: () => void
  onCellOpen?: (index: number) => void
}

const sticky: CSSProperties = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  // On a phone the labels take some 40 % of the screen (they wrap), leaving room for two months beside them.
  minWidth: 'min(220px, 40vw)',
  maxWidth: 'min(320px, 45vw)',
}
const amountStyle: CSSProperties = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', textAlign: 'right' }

function Amount({ value, strong }: { value: string; strong: boolean }) {
  return (
    <Text component="span" size="sm" fw={strong ? 700 : undefined} c={isZero(value) ? 'dimmed' : undefined}>
      {reportAmount(value)}
    </Text>
  )
}

function GridLine({ row, columns, withTotal }: { row: GridRow; columns: GridColumn[]; withTotal: boolean }) {
  const strong = row.kind === 'total' || row.kind === 'result'
  const background = row.kind === 'result' ? 'var(--mantine-color-default-hover)' : undefined
  const { onOpen, onCellOpen } = row
  return (
    <Table.Tr
      // The label's button is the keyboard's way in; a click anywhere on the row bubbles here.
      onClick={onOpen}
      style={{ cursor: onOpen ? 'pointer' : undefined, background }}
    >
      <Table.Th scope="row" style={{ ...sticky, background: background ?? sticky.background }} fw={strong ? 700 : 500}>
        {onOpen ? (
          <UnstyledButton fz="sm" fw="inherit" ta="left">
            {row.label}
          </UnstyledButton>
        ) : (
          row.label
        )}
      </Table.Th>
      {columns.map((column, index) => {
        const value = row.cells?.[index] ?? '0'
        const opens = onCellOpen && !isZero(value)
        return (
          <Table.Td key={column.key} style={amountStyle}>
            {opens ? (
              <UnstyledButton
                aria-label={`${row.name}, ${column.name ?? column.label} : ${reportAmount(value)}`}
                onClick={() => onCellOpen(index)}
                style={{ textDecoration: 'underline dotted' }}
              >
                <Amount value={value} strong={strong} />
              </UnstyledButton>
            ) : (
              <Amount value={value} strong={strong} />
            )}
          </Table.Td>
        )
      })}
      {withTotal ? (
        <Table.Td style={amountStyle}>
          <Amount value={row.total ?? '0'} strong />
        </Table.Td>
      ) : null}
    </Table.Tr>
  )
}

/**
 * A report's monthly grid: a sticky label column, a column per month (and a Total column when `withTotal`), in whole
 * euros; drag-scrollable sideways. The amounts are the API's: the grid adds nothing up.
 */
export function ReportGrid({
  label,
  columns,
  rows,
  withTotal = false,
  openAt,
}: {
  label: string
  columns: GridColumn[]
  rows: GridRow[]
  withTotal?: boolean
  /** The column the grid opens on (this month), scrolled beside the labels when the screen does not show it. */
  openAt?: number
}) {
  const width = columns.length + (withTotal ? 2 : 1)
  const openingScroll = (frame: HTMLDivElement) => {
    const column = frame.querySelector<HTMLElement>(`th[data-column="${openAt}"]`)
    const labels = frame.querySelector<HTMLElement>('th')
    if (openAt === undefined || !column || !labels) return null
    return scrollToReveal({
      columnLeft: column.offsetLeft,
      columnWidth: column.offsetWidth,
      stickyWidth: labels.offsetWidth,
      scrollLeft: frame.scrollLeft,
      frameWidth: frame.clientWidth,
    })
  }
  return (
    <DragScroll label={label} openingScroll={openingScroll} openingKey={`${columns[0]?.key}-${openAt}`}>
      <Table aria-label={label} fz="sm" verticalSpacing={6} horizontalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={sticky} />
            {columns.map((column, index) => (
              <Table.Th key={column.key} data-column={index} style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                {column.label}
                {column.extra}
              </Table.Th>
            ))}
            {withTotal ? <Table.Th style={{ textAlign: 'right' }}>{reportTexts.total}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) =>
            row.kind === 'section' ? (
              <Table.Tr key={row.key}>
                <Table.Th colSpan={width} scope="colgroup" pt="md">
                  {/* The heading spans the grid; its text stays in view while the months scroll. */}
                  <Text
                    size="xs"
                    fw={700}
                    c="dimmed"
                    tt="uppercase"
                    lts={0.5}
                    style={{ position: 'sticky', left: 12, display: 'inline-block' }}
                  >
                    {row.label}
                  </Text>
                </Table.Th>
              </Table.Tr>
            ) : (
              <GridLine key={row.key} row={row} columns={columns} withTotal={withTotal} />
            ),
          )}
        </Table.Tbody>
      </Table>
    </DragScroll>
  )
}
