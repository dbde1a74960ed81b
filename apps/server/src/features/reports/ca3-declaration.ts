import {
  addDays,
  addMonths,
  CA3_FORM,
  CA3_LABELS,
  CA3_RATE_LINES,
  type Ca3BoxCode,
  type Ca3Boxes,
  type Ca3RateLineCode,
  type Ca3Share,
  type Ca3Sources,
  ca3MeasureOf,
  ca3RateLineOf,
  endOfMonth,
  isZero,
  monthNameFr,
  negate,
  toCents,
  type VatDeclarationBox,
  type VatDeclarationDto,
  type VatDeclarationLine,
  type VatDueRow,
} from '@app/domain'
import type { Ca3Cell, Ca3Line } from './repo'

/** MONTH declares each month; QUARTER each quarter, named by its last month (3, 6, 9 or 12). */
export type DeclarationRegime = 'MONTH' | 'QUARTER'

export type DeclarationPeriod = VatDeclarationDto['period']

const pad2 = (value: number) => String(value).padStart(2, '0')
const ORDINALS = ['1er', '2e', '3e', '4e']

/** The period a declaration covers. The caller has checked that a quarter's month is its last. */
export function declarationPeriod(regime: DeclarationRegime, year: number, month: number): DeclarationPeriod {
  const to = endOfMonth(`${year}-${pad2(month)}-01`)
  if (regime === 'MONTH')
    return { year, month, from: `${year}-${pad2(month)}-01`, to, label: `${monthNameFr(month)} ${year}`, regime }
  return {
    year,
    month,
    from: `${year}-${pad2(month - 2)}-01`,
    to,
    label: `${ORDINALS[month / 3 - 1]} trimestre ${year}`,
    regime,
  }
}

/** The periods of the regime from the one holding `first` to the one before `before` (a period's first day). */
export function periodsBetween(regime: DeclarationRegime, first: string, before: string) {
  const length = regime === 'MONTH' ? 1 : 3
  const month = Number(first.slice(5, 7))
  let from = `${first.slice(0, 4)}-${pad2(month - ((month - 1) % length))}-01`
  const periods: { from: string; to: string }[] = []
  while (from < before) {
    const next = addMonths(from, length)
    periods.push({ from, to: addDays(next, -1) })
    from = next
  }
  return periods
}

export const dayBefore = (date: string) => addDays(date, -1)

/** A line the CA3 reads, as computeCa3 and ca3Sources take it. */
export type Ca3Row = VatDueRow & { line: Ca3Line }

/** Deductible VAT on 44562 is on fixed assets (box 19), the rest on goods and services (box 20). */
export function vatDueRowOf<T extends Pick<Ca3Cell, 'kind' | 'rate' | 'accountCode' | 'base' | 'tax' | 'operation'>>(
  cell: T,
): VatDueRow {
  return {
    kind: cell.kind,
    ratePercent: cell.rate,
    base: cell.base,
    tax: cell.tax,
    operation: cell.operation ?? 'domestic',
    fixedAsset: cell.accountCode.startsWith('44562'),
  }
}

/** The first collected rate the form has no line for (DOM, Corsica's own rates), if any. */
export function rateWithoutLine(rows: readonly VatDueRow[]): string | null {
  for (const row of rows) {
    if (row.kind !== 'collected' || isZero(row.ratePercent)) continue
    try {
      ca3RateLineOf(row.ratePercent)
    } catch {
      return row.ratePercent
    }
  }
  return null
}

const isRateLine = (code: Ca3BoxCode): code is Ca3RateLineCode => CA3_RATE_LINES.some((line) => line.code === code)

function lineOf({ row, sign }: Ca3Share<Ca3Row>): VatDeclarationLine {
  const { line } = row
  const signed = (amount: string) => toCents(sign === 1 ? amount : negate(amount))
  return {
    entryId: line.entryId,
    journalCode: line.journalCode,
    number: line.number,
    date: line.date,
    pieceRef: line.pieceRef,
    label: line.label,
    accountCode: line.accountCode,
    ratePercent: line.rate,
    base: signed(line.base),
    tax: signed(line.tax),
  }
}

/** The declaration as the API answers it: every box in the form's order, its amounts and the lines behind it. */
export function declarationDto(
  period: DeclarationPeriod,
  boxes: Ca3Boxes,
  rounded: Ca3Boxes,
  sources: Ca3Sources<Ca3Row>,
): VatDeclarationDto {
  const box = (section: VatDeclarationBox['section'], code: Ca3BoxCode): VatDeclarationBox => {
    const rateLine = isRateLine(code)
    return {
      code,
      label: CA3_LABELS[code],
      section,
      measure: ca3MeasureOf(code),
      amount: rateLine ? boxes.lines[code].tax : boxes[code],
      rounded: rateLine ? rounded.lines[code].tax : rounded[code],
      base: rateLine ? boxes.lines[code].base : null,
      roundedBase: rateLine ? rounded.lines[code].base : null,
      lines: sources[code].map(lineOf),
    }
  }
  return { period, boxes: CA3_FORM.flatMap(({ section, codes }) => codes.map((code) => box(section, code))) }
}
