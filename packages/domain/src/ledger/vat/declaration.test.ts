import { describe, expect, it } from 'vitest'
import {
  type Ca3LedgerLine,
  type Ca3MonthCell,
  ca3Declaration,
  carriedCredit,
  declarationDto,
  declarationPeriod,
  periodsBetween,
  rateWithoutLine,
  vatDueRowOf,
} from './declaration'

let entryId = 0
const line = (date: string, over: Partial<Ca3LedgerLine>): Ca3LedgerLine => ({
  entryId: ++entryId,
  position: 1,
  journalCode: 'HA',
  number: entryId,
  date,
  pieceRef: `P-${entryId}`,
  label: 'Achat',
  kind: 'deductible',
  rate: '20',
  accountCode: '44566',
  base: '500.00',
  tax: '100.00',
  operation: null,
  ...over,
})
const sale = (date: string, tax: string) =>
  line(date, { journalCode: 'VT', kind: 'collected', accountCode: '44571', base: toBase(tax), tax })
const toBase = (tax: string) => (Number(tax) * 5).toFixed(2)
const cellOf = ({ date, kind, rate, accountCode, base, tax, operation }: Ca3LedgerLine): Ca3MonthCell => ({
  month: date.slice(0, 7),
  kind,
  rate,
  accountCode,
  base,
  tax,
  operation,
})

describe('the period of a declaration', () => {
  it('is a month, or a quarter named by its order', () => {
    expect(declarationPeriod('MONTH', 2026, 3)).toEqual({
      year: 2026,
      month: 3,
      from: '2026-03-01',
      to: '2026-03-31',
      label: 'mars 2026',
      regime: 'MONTH',
    })
    expect(declarationPeriod('QUARTER', 2026, 6)).toMatchObject({
      from: '2026-04-01',
      to: '2026-06-30',
      label: '2e trimestre 2026',
    })
  })

  it('lists the periods from the one holding a day to the one before a period', () => {
    expect(periodsBetween('QUARTER', '2026-02-14', '2026-10-01')).toEqual([
      { from: '2026-01-01', to: '2026-03-31' },
      { from: '2026-04-01', to: '2026-06-30' },
      { from: '2026-07-01', to: '2026-09-30' },
    ])
    expect(periodsBetween('MONTH', '2026-03-14', '2026-03-01')).toEqual([])
  })
})

describe('what the CA3 reads of a ledger line', () => {
  it('counts deductible VAT on 44562 as fixed assets (box 19), the rest as goods and services (box 20)', () => {
    expect(vatDueRowOf(line('2026-03-02', { accountCode: '44562' })).fixedAsset).toBe(true)
    expect(vatDueRowOf(line('2026-03-02', {}))).toEqual({
      kind: 'deductible',
      ratePercent: '20',
      base: '500.00',
      tax: '100.00',
      operation: 'domestic',
      fixedAsset: false,
    })
  })

  it('finds a collected rate the form has no line for (an overseas rate)', () => {
    const rows = [
      line('2026-03-02', { rate: '8.5' }),
      sale('2026-03-02', '20.00'),
      { ...sale('2026-03-03', '8.50'), rate: '8.5' },
    ]
    expect(rateWithoutLine(rows.map(vatDueRowOf))).toBe('8.5')
    expect(rateWithoutLine(rows.slice(0, 2).map(vatDueRowOf))).toBeNull()
  })
})

describe('the credit carried from one declaration to the next (box 22)', () => {
  // January: 100 € deductible, nothing collected, a credit of 100. February: 30 € collected, the credit now 70.
  // March: 200 € collected, 130 € to pay after the credit.
  const lines = [line('2026-01-10', {}), sale('2026-02-05', '30.00'), sale('2026-03-05', '200.00')]
  const march = declarationPeriod('MONTH', 2026, 3)

  it('computes the declarations since the first VAT of the books, and goes back to the one that started the credit', () => {
    const carried = carriedCredit('MONTH', march, '2026-01-10', lines.slice(0, 2).map(cellOf))
    expect(carried).toEqual({ credit: '70.00', roundedCredit: '70.00', chainFrom: '2026-01-01' })
  })

  it('carries nothing when no VAT came before, or when the previous declaration had VAT to pay', () => {
    expect(carriedCredit('MONTH', march, null, [])).toEqual({
      credit: '0',
      roundedCredit: '0',
      chainFrom: '2026-03-01',
    })
    const paid = carriedCredit('MONTH', march, '2026-02-05', [cellOf(sale('2026-02-05', '30.00'))])
    expect(paid).toMatchObject({ credit: '0.00', chainFrom: '2026-03-01' })
  })

  it('puts in box 22 the lines behind the previous credit, and takes it from the VAT to pay', () => {
    const carried = { credit: '70.00', roundedCredit: '70.00', chainFrom: '2026-01-01' }
    const declaration = ca3Declaration('MONTH', march, carried, lines)
    if ('rateWithoutLine' in declaration) throw new Error('refused')
    expect(declaration.boxes).toMatchObject({ '22': '70.00', '28': '130.00' })
    expect(declaration.rounded['22']).toBe('70.00')
    expect(declaration.sources['22'].map(({ row, sign }) => [row.line.date, sign])).toEqual([
      ['2026-01-10', 1],
      ['2026-02-05', -1],
    ])
    const dto = declarationDto(march, declaration.boxes, declaration.rounded, declaration.sources)
    expect(dto.boxes.find((box) => box.code === '22')?.lines.map((entry) => entry.tax)).toEqual(['100.00', '-30.00'])
  })

  it('refuses a period, or one carried into it, that holds a rate the form has no line for', () => {
    const overseas = { ...sale('2026-02-05', '8.50'), rate: '8.5' }
    expect(carriedCredit('MONTH', march, '2026-01-10', [cellOf(overseas)])).toEqual({ rateWithoutLine: '8.5' })
    const carried = { credit: '0', roundedCredit: '0', chainFrom: '2026-02-01' }
    expect(ca3Declaration('MONTH', march, carried, [overseas])).toEqual({ rateWithoutLine: '8.5' })
  })
})
