import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toCents } from '../../money/arithmetic'
import { CA3_RATE_LINES, type Ca3Boxes, computeCa3, type VatDueRow } from './ca3'
import { CA3_FORM, type Ca3BoxCode } from './ca3-labels'
import { type Ca3Share, ca3MeasureOf, ca3SharesTotal, ca3Sources } from './ca3-sources'

type Row = VatDueRow & { id: string }

const sale = (id: string, ratePercent: string, base: string, tax: string, more: Partial<VatDueRow> = {}): Row => ({
  id,
  kind: 'collected',
  ratePercent,
  base,
  tax,
  operation: 'domestic',
  fixedAsset: false,
  ...more,
})
const purchase = (id: string, base: string, tax: string, fixedAsset = false): Row =>
  sale(id, '20', base, tax, { kind: 'deductible', fixedAsset })

const isRateLine = (code: Ca3BoxCode) => CA3_RATE_LINES.some((line) => line.code === code)
const boxOf = (boxes: Ca3Boxes, code: Ca3BoxCode): string =>
  isRateLine(code)
    ? boxes.lines[code as '08'].tax
    : (boxes[code as Exclude<Ca3BoxCode, '08' | '09' | '9B' | 'T6'>] ?? '')

/** Every box's shares add up to what computeCa3 says, and a rate line's bases to its base. */
function expectSharesMakeTheBoxes(rows: Row[], previous: Ca3Share<Row>[] = []) {
  const previousCredit = toCents(ca3SharesTotal(previous, 'tax'))
  const boxes = computeCa3(rows, { previousCredit })
  const sources = ca3Sources(rows, previous)
  for (const code of CA3_FORM.flatMap((section) => section.codes)) {
    expect(toCents(ca3SharesTotal(sources[code], ca3MeasureOf(code))), code).toBe(boxOf(boxes, code))
    if (isRateLine(code))
      expect(toCents(ca3SharesTotal(sources[code], 'base')), `${code} base`).toBe(boxes.lines[code as '08'].base)
  }
  return sources
}

const ids = (shares: Ca3Share<Row>[]) => shares.map(({ row, sign }) => (sign === 1 ? row.id : `-${row.id}`))

describe('the rows behind the CA3 boxes', () => {
  it('puts each sale on its rate line and in A1, each purchase in 19 or 20, and the totals on the lines they sum', () => {
    const rows = [
      sale('s20', '20', '1000.00', '200.00'),
      sale('s55', '5.5', '100.00', '5.50'),
      sale('ex', '0', '300.00', '0'),
      purchase('phone', '50.00', '10.00'),
      purchase('laptop', '1000.00', '200.00', true),
    ]
    const sources = expectSharesMakeTheBoxes(rows)
    expect(ids(sources['08'])).toEqual(['s20'])
    expect(ids(sources['09'])).toEqual(['s55'])
    expect(ids(sources.A1)).toEqual(['s20', 's55'])
    expect(ids(sources.E2)).toEqual(['ex'])
    expect(ids(sources['16'])).toEqual(['s20', 's55'])
    expect(ids(sources['19'])).toEqual(['laptop'])
    expect(ids(sources['20'])).toEqual(['phone'])
    expect(ids(sources['23'])).toEqual(['laptop', 'phone'])
    // 205,50 € collected, 210 € deductible: a credit of 4,50 €, made of the purchases less the sales.
    expect(ids(sources['25'])).toEqual(['laptop', 'phone', '-s20', '-s55'])
    expect(sources['27']).toEqual(sources['25'])
    expect(sources['28']).toEqual([])
  })

  it('moves a rate line that credit notes make negative to 21 and B5, written positive', () => {
    const rows = [sale('sale', '10', '100.00', '10.00'), sale('note', '10', '-300.00', '-30.00')]
    const sources = expectSharesMakeTheBoxes(rows)
    expect(sources['9B']).toEqual([])
    expect(ids(sources['21'])).toEqual(['-sale', '-note'])
    expect(ids(sources.B5)).toEqual(['-sale', '-note'])
  })

  it("carries the previous declaration's credit in 22, and from there into 23", () => {
    const previous = ca3Sources([purchase('old', '500.00', '100.00')])['27']
    const rows = [sale('sale', '20', '250.00', '50.00')]
    const sources = expectSharesMakeTheBoxes(rows, previous)
    expect(ids(sources['22'])).toEqual(['old'])
    expect(ids(sources['27'])).toEqual(['old', '-sale'])
  })

  it('adds up to computeCa3 on any return', () => {
    const amount = fc.integer({ min: -500_000, max: 500_000 }).map((cents) => toCents(cents / 100))
    const row = fc
      .record({
        kind: fc.constantFrom('collected' as const, 'deductible' as const),
        ratePercent: fc.constantFrom('20', '10', '5.5', '2.1', '0'),
        base: amount,
        tax: amount,
        operation: fc.constantFrom(
          'domestic' as const,
          'export' as const,
          'intraCommunitySupply' as const,
          'exempt' as const,
          'intraCommunityAcquisition' as const,
        ),
        fixedAsset: fc.boolean(),
      })
      // As the server gathers them: an operation outside VAT carries none, an acquisition is taxed at a rate.
      .map((draft) => {
        if (draft.operation === 'intraCommunityAcquisition')
          return draft.ratePercent === '0' ? { ...draft, ratePercent: '20' } : draft
        const untaxed = draft.operation !== 'domestic' || draft.ratePercent === '0'
        return draft.kind === 'collected' && untaxed ? { ...draft, tax: '0.00' } : draft
      })
    fc.assert(
      fc.property(fc.array(row, { maxLength: 12 }), fc.array(row, { maxLength: 6 }), (drafts, earlier) => {
        const rows = drafts.map((draft, index) => ({ ...draft, id: `r${index}` }))
        const previous = ca3Sources(earlier.map((draft, index) => ({ ...draft, id: `p${index}` })))['27']
        expectSharesMakeTheBoxes(rows, previous)
      }),
      { numRuns: 300 },
    )
  })
})
