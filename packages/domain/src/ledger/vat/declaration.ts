import type { VatDeclarationBox, VatDeclarationDto, VatDeclarationLine } from '../../api/vat-declaration'
import { addDays, addMonths, endOfMonth } from '../../dates/calendar'
import { monthNameFr } from '../../dates/format'
import { isZero, negate, toCents } from '../../money/arithmetic'
import type { VatOperation } from '../posting/types'
import {
  CA3_RATE_LINES,
  type Ca3Boxes,
  type Ca3RateLineCode,
  ca3RateLineOf,
  computeCa3,
  roundedToEuros,
  type VatDueRow,
} from './ca3'
import { CA3_FORM, CA3_LABELS, type Ca3BoxCode } from './ca3-labels'
import { type Ca3Share, type Ca3Sources, ca3MeasureOf, ca3SharesTotal, ca3Sources } from './ca3-sources'

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

/** A ledger line the CA3 reads (VAT due, or a sale at 0 %), with the entry it belongs to. */
export type Ca3LedgerLine = {
  entryId: number
  position: number
  journalCode: string
  number: number
  /** When the VAT fell due. */
  date: string
  pieceRef: string
  label: string
  kind: 'collected' | 'deductible'
  rate: string
  accountCode: string
  base: string
  tax: string
  /** A sale at 0 % abroad: 'export' (E1) or 'intraCommunitySupply' (F2); null otherwise. */
  operation: VatOperation | null
}

/** The same lines summed per month, kind, rate, account and operation: enough for the declarations before a period. */
export type Ca3MonthCell = Pick<Ca3LedgerLine, 'kind' | 'rate' | 'accountCode' | 'base' | 'tax' | 'operation'> & {
  /** YYYY-MM. */
  month: string
}

/** A line the CA3 reads, as computeCa3 and ca3Sources take it. */
export type Ca3Row = VatDueRow & { line: Ca3LedgerLine }

/** Deductible VAT on 44562 is on fixed assets (box 19), the rest on goods and services (box 20). */
export function vatDueRowOf<
  T extends Pick<Ca3MonthCell, 'kind' | 'rate' | 'accountCode' | 'base' | 'tax' | 'operation'>,
>(cell: T): VatDueRow {
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

/** A collected rate the form has no line for: no CA3 can be made of the books. */
export type Ca3Refusal = { rateWithoutLine: string }

/** What the declarations before a period carry into its box 22. */
export type CarriedCredit = {
  /** The previous declaration's box 27, to the cent and as it was filled in whole euros. */
  credit: string
  roundedCredit: string
  /** The first day of the declaration that started the credit: its lines are those behind box 22. */
  chainFrom: string
}

/**
 * Box 22 carries the credit of the previous declaration, which carried the one before it: the declarations since the
 * first VAT of the books (`first`, null when none came before the period) are computed in turn from monthly sums.
 */
export function carriedCredit(
  regime: DeclarationRegime,
  period: Pick<DeclarationPeriod, 'from'>,
  first: string | null,
  cells: readonly Ca3MonthCell[],
): CarriedCredit | Ca3Refusal {
  let credit = '0'
  let roundedCredit = '0'
  let chainFrom = period.from
  if (first === null) return { credit, roundedCredit, chainFrom }
  for (const earlier of periodsBetween(regime, first, period.from)) {
    if (isZero(credit)) chainFrom = earlier.from
    const rows = cells
      .filter((cell) => cell.month >= earlier.from.slice(0, 7) && cell.month <= earlier.to.slice(0, 7))
      .map(vatDueRowOf)
    const rate = rateWithoutLine(rows)
    if (rate) return { rateWithoutLine: rate }
    const boxes = computeCa3(rows, { previousCredit: credit })
    credit = boxes['27']
    roundedCredit = roundedToEuros({ ...boxes, '22': roundedCredit })['27']
  }
  if (isZero(credit)) chainFrom = period.from
  return { credit, roundedCredit, chainFrom }
}

/** A declaration's boxes, the same in whole euros as the form is filled, and the rows behind each box. */
export type Ca3Declaration = { boxes: Ca3Boxes; rounded: Ca3Boxes; sources: Ca3Sources<Ca3Row> }

/**
 * The CA3 of a period (decision 0024 "VAT") from its lines and those of the declarations that carried their credit
 * to it (from `carried.chainFrom`): box 22 is made of the lines behind the previous declaration's box 27.
 */
export function ca3Declaration(
  regime: DeclarationRegime,
  period: Pick<DeclarationPeriod, 'from' | 'to'>,
  carried: CarriedCredit,
  lines: readonly Ca3LedgerLine[],
): Ca3Declaration | Ca3Refusal {
  const rowsIn = (from: string, to: string): Ca3Row[] =>
    lines.filter((line) => line.date >= from && line.date <= to).map((line) => ({ ...vatDueRowOf(line), line }))
  let credit: Ca3Share<Ca3Row>[] = []
  for (const earlier of periodsBetween(regime, carried.chainFrom, period.from)) {
    const rows = rowsIn(earlier.from, earlier.to)
    const rate = rateWithoutLine(rows)
    if (rate) return { rateWithoutLine: rate }
    credit = ca3Sources(rows, credit)['27']
  }
  const rows = rowsIn(period.from, period.to)
  const rate = rateWithoutLine(rows)
  if (rate) return { rateWithoutLine: rate }
  const boxes = computeCa3(rows, { previousCredit: toCents(ca3SharesTotal(credit, 'tax')) })
  const rounded = roundedToEuros({ ...boxes, '22': carried.roundedCredit })
  return { boxes, rounded, sources: ca3Sources(rows, credit) }
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
