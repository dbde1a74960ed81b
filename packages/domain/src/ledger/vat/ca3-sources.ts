import { isNegative, isZero, negate, sum } from '../../money/arithmetic'
import { CA3_RATE_LINES, type Ca3RateLineCode, ca3RateLineOf, type VatDueRow } from './ca3'
import type { Ca3BoxCode } from './ca3-labels'

/**
 * The rows behind each box of the 3310-CA3-SD, so that a declaration can be checked line by line. It walks the rows as
 * `computeCa3` does, making the same choices (a negative rate line moved to 21 and B5, a negative 19 to 15…), so a
 * box's rows, each counted with its sign, add up to the box computeCa3 gives (ca3-sources.test.ts checks it on
 * generated returns).
 */

/**
 * A row behind a box and the sign it counts with there: −1 where the form writes an amount positive that the books
 * hold negative (the regularisation boxes) and for the side a total subtracts (23 in TD, 16 in 25).
 */
export type Ca3Share<T> = { row: T; sign: 1 | -1 }
export type Ca3Sources<T> = Record<Ca3BoxCode, Ca3Share<T>[]>

/** The boxes of operations add up their rows' bases; every other box their taxes (a rate line: both, base and tax). */
export const CA3_BASE_BOXES: ReadonlySet<Ca3BoxCode> = new Set<Ca3BoxCode>(['A1', 'B2', 'B5', 'E1', 'E2', 'F2', 'F8'])

export const ca3MeasureOf = (code: Ca3BoxCode): 'base' | 'tax' => (CA3_BASE_BOXES.has(code) ? 'base' : 'tax')

/** What shares add up to, on the row's base or tax. */
export function ca3SharesTotal<T extends VatDueRow>(shares: readonly Ca3Share<T>[], measure: 'base' | 'tax'): string {
  return sum(shares.map(({ row, sign }) => (sign === 1 ? row[measure] : negate(row[measure]))))
}

const counted = <T>(rows: readonly T[]): Ca3Share<T>[] => rows.map((row) => ({ row, sign: 1 }))
const flipped = <T>(shares: readonly Ca3Share<T>[]): Ca3Share<T>[] =>
  shares.map(({ row, sign }) => ({ row, sign: sign === 1 ? -1 : 1 }))

/** As `splitNegative` in ca3.ts: [what stays in the box, what its regularisation box gains]. */
function splitNegative<T extends VatDueRow>(
  shares: Ca3Share<T>[],
  measure: 'base' | 'tax',
): [Ca3Share<T>[], Ca3Share<T>[]] {
  return isNegative(ca3SharesTotal(shares, measure)) ? [[], flipped(shares)] : [shares, []]
}

/**
 * Per box, the rows behind it. `previousCredit` stands for box 22: the shares of the previous declaration's box 27
 * (none for the first one, or when it ended with VAT to pay).
 */
export function ca3Sources<T extends VatDueRow>(
  rows: readonly T[],
  previousCredit: readonly Ca3Share<T>[] = [],
): Ca3Sources<T> {
  const taxed = Object.fromEntries(
    CA3_RATE_LINES.map(({ code }) => [code, { domestic: [] as T[], acquisition: [] as T[] }]),
  ) as Record<Ca3RateLineCode, { domestic: T[]; acquisition: T[] }>
  const untaxed = { E1: [] as T[], E2: [] as T[], F2: [] as T[] }
  const deductible = { fixedAssets: [] as T[], other: [] as T[] }
  const deduct = (row: T) => (row.fixedAsset ? deductible.fixedAssets : deductible.other).push(row)

  for (const row of rows) {
    if (row.operation === 'intraCommunityAcquisition') {
      taxed[ca3RateLineOf(row.ratePercent)].acquisition.push(row)
      deduct(row)
    } else if (row.kind === 'deductible') {
      deduct(row)
    } else if (row.operation === 'domestic' && !isZero(row.ratePercent)) {
      taxed[ca3RateLineOf(row.ratePercent)].domestic.push(row)
    } else {
      if (!isZero(row.tax)) throw new RangeError(`A ${row.operation} operation carries no VAT, got ${row.tax}`)
      untaxed[row.operation === 'export' ? 'E1' : row.operation === 'intraCommunitySupply' ? 'F2' : 'E2'].push(row)
    }
  }

  const lines = {} as Record<Ca3RateLineCode, Ca3Share<T>[]>
  const regularisedBases: Ca3Share<T>[] = []
  const box21: Ca3Share<T>[] = []
  const A1: Ca3Share<T>[] = []
  const B2: Ca3Share<T>[] = []
  const box17: Ca3Share<T>[] = []
  for (const { code } of CA3_RATE_LINES) {
    const { domestic, acquisition } = taxed[code]
    const shares = counted([...domestic, ...acquisition])
    const base = ca3SharesTotal(shares, 'base')
    const tax = ca3SharesTotal(shares, 'tax')
    if (isNegative(tax) || (isZero(tax) && isNegative(base))) {
      lines[code] = []
      box21.push(...flipped(shares))
      regularisedBases.push(...flipped(shares))
    } else {
      lines[code] = shares
      A1.push(...counted(domestic))
      B2.push(...counted(acquisition))
      box17.push(...counted(acquisition))
    }
  }
  const [a1, a1Regularised] = splitNegative(A1, 'base')
  const [b2, b2Regularised] = splitNegative(B2, 'base')
  const [e1, e1Regularised] = splitNegative(counted(untaxed.E1), 'base')
  const [e2, e2Regularised] = splitNegative(counted(untaxed.E2), 'base')
  const [f2, f2Regularised] = splitNegative(counted(untaxed.F2), 'base')
  const [box19, box19Reversed] = splitNegative(counted(deductible.fixedAssets), 'tax')
  const [box20, box20Reversed] = splitNegative(counted(deductible.other), 'tax')
  const box15 = [...box19Reversed, ...box20Reversed]
  const box22 = [...previousCredit]

  const gross = [...CA3_RATE_LINES.flatMap(({ code }) => lines[code]), ...box15]
  const deductibleTotal = [...box19, ...box20, ...box21, ...box22]
  const due = [...gross, ...flipped(deductibleTotal)]
  const inCredit = isNegative(ca3SharesTotal(due, 'tax'))
  // A credit reads as what was deducted less what was due: the deductible side first.
  const toPay = inCredit ? [] : due
  const credit = inCredit ? [...deductibleTotal, ...flipped(gross)] : []

  return {
    A1: a1,
    B2: b2,
    B5: [...regularisedBases, ...a1Regularised, ...b2Regularised],
    E1: e1,
    E2: e2,
    F2: f2,
    F8: [...e1Regularised, ...e2Regularised, ...f2Regularised],
    ...lines,
    '15': box15,
    '16': gross,
    '17': splitNegative(box17, 'tax')[0],
    '19': box19,
    '20': box20,
    '21': box21,
    '22': box22,
    '23': deductibleTotal,
    '25': credit,
    '27': credit,
    TD: toPay,
    '28': toPay,
    '32': toPay,
  }
}
