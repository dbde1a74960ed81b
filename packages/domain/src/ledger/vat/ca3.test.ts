import { describe, expect, it } from 'vitest'
import { type Ca3Boxes, computeCa3, roundedToEuros, type VatDueRow } from './ca3'

const sale = (ratePercent: string, base: string, tax: string, operation: VatDueRow['operation'] = 'domestic') =>
  ({ kind: 'collected', ratePercent, base, tax, operation, fixedAsset: false }) satisfies VatDueRow
const purchase = (tax: string, fixedAsset = false, base = '0') =>
  ({ kind: 'deductible', ratePercent: '20', base, tax, operation: 'domestic', fixedAsset }) satisfies VatDueRow
/** Goods bought from another EU country at 20 %: one row, self-assessed by the return. */
const acquisition = (base: string, tax: string, fixedAsset = false) =>
  ({
    kind: 'deductible',
    ratePercent: '20',
    base,
    tax,
    operation: 'intraCommunityAcquisition',
    fixedAsset,
  }) satisfies VatDueRow

/** Every amount of the return, the rate lines flattened ("08.base"), to check none is negative. */
const amounts = (boxes: Ca3Boxes): [string, string][] => [
  ...Object.entries(boxes).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  ...Object.entries(boxes.lines).flatMap(([code, line]): [string, string][] => [
    [`${code}.base`, line.base],
    [`${code}.tax`, line.tax],
  ]),
]

const MARCH: VatDueRow[] = [
  sale('20', '1000.00', '200.00'),
  sale('20', '2345.67', '469.13'),
  sale('20', '-100.00', '-20.00'), // a credit note
  sale('10', '500.00', '50.00'),
  sale('5.5', '200.00', '11.00'),
  sale('0', '800.00', '0', 'export'),
  sale('0', '1200.00', '0', 'intraCommunitySupply'),
  sale('0', '300.00', '0', 'exempt'),
  sale('0', '50.00', '0'),
  acquisition('400.00', '80.00'),
  purchase('240.00', true),
  purchase('35.50'),
  purchase('12.34'),
  purchase('-5.00'), // a supplier's credit note
]

describe('the 3310-CA3-SD of a month', () => {
  const boxes = computeCa3(MARCH, { previousCredit: '150' })

  it('reports taxed sales in A1, intra-EU acquisitions in B2, and non-taxed operations in E1, E2 and F2', () => {
    expect(boxes).toMatchObject({ A1: '3945.67', B2: '400.00', B5: '0.00', E1: '800.00', E2: '350.00', F2: '1200.00' })
    expect(boxes.F8).toBe('0.00')
  })

  it('puts each rate on its line, base and tax, credit notes deducted and the acquisition self-assessed at 20 %', () => {
    expect(boxes.lines).toEqual({
      '08': { base: '3645.67', tax: '729.13' },
      '09': { base: '200.00', tax: '11.00' },
      '9B': { base: '500.00', tax: '50.00' },
      T6: { base: '0.00', tax: '0.00' },
    })
    expect(boxes['17']).toBe('80.00')
    expect(boxes['16']).toBe('790.13')
  })

  it('deducts fixed assets on 19, other purchases and the acquisition on 20, and carries the previous credit on 22', () => {
    expect(boxes).toMatchObject({ '19': '240.00', '20': '122.84', '21': '0.00', '22': '150.00', '23': '512.84' })
  })

  it('leaves VAT to pay: TD, 28 and 32 are 16 − 23, and no credit', () => {
    expect(boxes).toMatchObject({ TD: '277.29', '28': '277.29', '32': '277.29', '25': '0.00', '27': '0.00' })
  })

  it('sends a fixed asset bought in another EU country to 19', () => {
    expect(computeCa3([acquisition('1000', '200', true)])).toMatchObject({
      B2: '1000.00',
      '16': '200.00',
      '19': '200.00',
      TD: '0.00',
    })
  })

  it('puts 2,1 % sales on line T6', () => {
    expect(computeCa3([sale('2.1', '1000', '21')]).lines.T6).toEqual({ base: '1000.00', tax: '21.00' })
  })
})

describe('a VAT credit', () => {
  it('reports 23 − 16 on 25 and carries it on 27 when deductible VAT exceeds gross VAT, with nothing to pay', () => {
    const boxes = computeCa3([sale('20', '100', '20'), purchase('200', true)], { previousCredit: '30.5' })
    expect(boxes).toMatchObject({ '16': '20.00', '23': '230.50', '25': '210.50', '27': '210.50' })
    expect(boxes).toMatchObject({ TD: '0.00', '28': '0.00', '32': '0.00' })
  })

  it('refuses a negative previous credit', () => {
    expect(() => computeCa3([], { previousCredit: '-1' })).toThrow(RangeError)
  })

  it('is an empty return when nothing falls due', () => {
    expect(amounts(computeCa3([])).every(([, amount]) => amount === '0.00')).toBe(true)
  })
})

describe('more credit notes than sales', () => {
  const boxes = computeCa3([
    sale('20', '-500', '-100'),
    sale('10', '100', '10'),
    sale('0', '-200', '0', 'exempt'),
    purchase('-30'),
  ])

  it('writes no negative box', () => {
    expect(amounts(boxes).filter(([, amount]) => amount.startsWith('-'))).toEqual([])
  })

  it('empties a negative rate line, its tax going to 21 and its base to B5', () => {
    expect(boxes.lines['08']).toEqual({ base: '0.00', tax: '0.00' })
    expect(boxes).toMatchObject({ '21': '100.00', B5: '500.00', A1: '100.00' })
  })

  it('moves negative non-taxed operations to F8 and negative deductible VAT to 15', () => {
    expect(boxes).toMatchObject({ E2: '0.00', F8: '200.00', '15': '30.00', '20': '0.00' })
  })

  it('still balances: 16 includes 15, 23 includes 21, the difference is a credit', () => {
    expect(boxes).toMatchObject({ '16': '40.00', '23': '100.00', '25': '60.00', '32': '0.00' })
  })
})

describe('rows the form has no place for', () => {
  it('refuses a rate without a line of its own', () => {
    expect(() => computeCa3([sale('8.5', '100', '8.5')])).toThrow(/8.5/)
  })

  it('refuses VAT on an operation that carries none', () => {
    expect(() => computeCa3([sale('20', '100', '20', 'export')])).toThrow(RangeError)
  })

  it('accepts rates written with trailing zeros', () => {
    expect(computeCa3([sale('5.50', '100', '5.5')]).lines['09'].tax).toBe('5.50')
  })
})

describe('the return in whole euros', () => {
  it('rounds each box half-up to the euro', () => {
    const rounded = roundedToEuros(computeCa3(MARCH, { previousCredit: '150' }))
    expect(rounded).toMatchObject({ A1: '3946.00', B2: '400.00', '19': '240.00', '20': '123.00', '22': '150.00' })
    expect(rounded.lines['08']).toEqual({ base: '3646.00', tax: '729.00' })
    expect(rounded).toMatchObject({ '16': '790.00', '23': '513.00', TD: '277.00', '32': '277.00' })
  })

  it('counts a fraction of 0,50 for one euro', () => {
    const rounded = roundedToEuros(computeCa3([sale('20', '502.50', '100.50'), purchase('20.49')]))
    expect(rounded.lines['08']).toEqual({ base: '503.00', tax: '101.00' })
    expect(rounded['20']).toBe('20.00')
  })

  it('adds up the rounded lines rather than rounding the totals', () => {
    const boxes = computeCa3([sale('20', '52', '10.40'), sale('10', '104', '10.40')])
    expect(boxes['16']).toBe('20.80')
    const rounded = roundedToEuros(boxes)
    expect(rounded['16']).toBe('20.00')
    expect(rounded.TD).toBe('20.00')
  })

  it('leaves a return already in euros as it is', () => {
    const rounded = roundedToEuros(computeCa3(MARCH, { previousCredit: '150' }))
    expect(roundedToEuros(rounded)).toEqual(rounded)
  })
})
