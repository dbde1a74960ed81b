import { describe, expect, it } from 'vitest'
import { documentTotals, lineTotals, operationNature } from './totals'
import type { DocumentForTotals, DocumentTotals, LineForTotals } from './types'

const line = (quantity: string, amount: string, ratePercent: string, discount?: LineForTotals['discount']) => ({
  quantity,
  amount,
  ratePercent,
  discount: discount ?? null,
})

describe('lineTotals: a line net is round2(quantity × unit price) minus its discount', () => {
  it('multiplies quantity by unit price, to the cent, without a discount', () => {
    // 3 × 19.99 = 59.97
    expect(lineTotals(line('3', '19.99', '20'))).toEqual({
      gross: '59.97',
      discountAmount: '0.00',
      totalTaxExcluded: '59.97',
    })
  })

  it('rounds the gross half away from zero, once, on quantity × unit price', () => {
    // 1.5 × 33.333 = 49.9995 → 50.00
    expect(lineTotals(line('1.5', '33.333', '20')).gross).toBe('50.00')
    // 1 × 10.005 → 10.01 and 1 × -10.005 → -10.01 (away from zero, not toward +∞)
    expect(lineTotals(line('1', '10.005', '20')).gross).toBe('10.01')
    expect(lineTotals(line('1', '-10.005', '20')).gross).toBe('-10.01')
    // 0.33333 × 3 = 0.99999 → 1.00
    expect(lineTotals(line('0.33333', '3', '20')).totalTaxExcluded).toBe('1.00')
  })

  it('takes a percentage discount on the gross, rounded to the cent', () => {
    // 4 × 12.50 = 50.00; 15 % = 7.50; net 42.50
    expect(lineTotals(line('4', '12.5', '20', { amount: null, percentage: '15' }))).toEqual({
      gross: '50.00',
      discountAmount: '7.50',
      totalTaxExcluded: '42.50',
    })
    // 10.05 × 50 % = 5.025 → 5.03; net 10.05 − 5.03 = 5.02
    expect(lineTotals(line('1', '10.05', '20', { amount: null, percentage: '50' }))).toEqual({
      gross: '10.05',
      discountAmount: '5.03',
      totalTaxExcluded: '5.02',
    })
  })

  it('treats a discount amount as an amount for the whole line, not per unit', () => {
    // 10 × 5.00 = 50.00, minus 5.00 once = 45.00
    expect(lineTotals(line('10', '5', '20', { amount: '5', percentage: null })).totalTaxExcluded).toBe('45.00')
  })

  it('gives the discount amount priority over the percentage and rounds it to the cent', () => {
    // 100.00 − 12.345 (→ 12.35) = 87.65; the 50 % is ignored
    expect(lineTotals(line('1', '100', '20', { amount: '12.345', percentage: '50' }))).toEqual({
      gross: '100.00',
      discountAmount: '12.35',
      totalTaxExcluded: '87.65',
    })
  })

  it('gives no discount when both amount and percentage are null', () => {
    expect(lineTotals(line('2', '7.5', '10', { amount: null, percentage: null })).discountAmount).toBe('0.00')
  })

  it('gives zeros for a zero quantity', () => {
    expect(lineTotals(line('0', '99.99', '20', { amount: null, percentage: '10' }))).toEqual({
      gross: '0.00',
      discountAmount: '0.00',
      totalTaxExcluded: '0.00',
    })
  })

  it('mirrors a positive line exactly when its unit price is negated (credit notes, deposit deductions)', () => {
    const cases: LineForTotals[] = [
      line('1', '10.005', '20'),
      line('1.5', '33.333', '5.5'),
      line('1', '10.05', '20', { amount: null, percentage: '50' }),
      line('3', '0.335', '10', { amount: null, percentage: '33.3333' }),
      line('7', '12.345678', '2.1', { amount: '4.125', percentage: null }),
    ]
    for (const original of cases) {
      const positive = lineTotals(original)
      const negated = lineTotals({ ...original, amount: `-${original.amount}` })
      expect(negated).toEqual({
        gross: negate(positive.gross),
        discountAmount: negate(positive.discountAmount),
        totalTaxExcluded: negate(positive.totalTaxExcluded),
      })
    }
  })

  it('signs a discount amount like the line, whether the credit note negated it or not', () => {
    // -1 × 10.00 with a discount of 2.50: gross -10.00, discount -2.50, net -7.50
    const expected = { gross: '-10.00', discountAmount: '-2.50', totalTaxExcluded: '-7.50' }
    expect(lineTotals(line('1', '-10', '20', { amount: '2.5', percentage: null }))).toEqual(expected)
    expect(lineTotals(line('1', '-10', '20', { amount: '-2.5', percentage: null }))).toEqual(expected)
  })
})

/** Five rates: 20 % 2 × 45.50 = 91.00; 10 % 3 × 12.35 = 37.05; 5.5 % 9.99; 2.1 % 24.90; 0 % 15.00. */
const fiveRates: DocumentForTotals = {
  lines: [
    line('2', '45.5', '20'),
    line('3', '12.35', '10'),
    line('1', '9.99', '5.5'),
    line('1', '24.9', '2.1'),
    line('1', '15', '0'),
  ],
}

describe('documentTotals: EN 16931 totals of a quote, invoice or credit note', () => {
  it('gives "0.00" everywhere and no rate for a document without lines or fees', () => {
    expect(documentTotals({ lines: [] })).toEqual({
      lines: [],
      subtotal: '0.00',
      discountAmount: '0.00',
      discountByRate: [],
      deliveryFees: '0.00',
      disbursement: '0.00',
      byRate: [],
      totalTaxExcluded: '0.00',
      totalTaxes: '0.00',
      totalTaxIncluded: '0.00',
    })
  })

  it('computes the VAT once per rate on the sum of the nets, for rates 20, 10, 5.5, 2.1 and 0', () => {
    // VAT: 91.00 × 20 % = 18.20; 37.05 × 10 % = 3.705 → 3.71; 9.99 × 5.5 % = 0.54945 → 0.55;
    // 24.90 × 2.1 % = 0.5229 → 0.52; 0. Subtotal 177.94, VAT 22.98, TTC 200.92.
    const totals = documentTotals(fiveRates)
    expect(totals.subtotal).toBe('177.94')
    expect(totals.byRate).toEqual([
      { ratePercent: '20', taxExcluded: '91.00', taxAmount: '18.20', taxIncluded: '109.20' },
      { ratePercent: '10', taxExcluded: '37.05', taxAmount: '3.71', taxIncluded: '40.76' },
      { ratePercent: '5.5', taxExcluded: '9.99', taxAmount: '0.55', taxIncluded: '10.54' },
      { ratePercent: '2.1', taxExcluded: '24.90', taxAmount: '0.52', taxIncluded: '25.42' },
      { ratePercent: '0', taxExcluded: '15.00', taxAmount: '0.00', taxIncluded: '15.00' },
    ])
    expect(totals.totalTaxExcluded).toBe('177.94')
    expect(totals.totalTaxes).toBe('22.98')
    expect(totals.totalTaxIncluded).toBe('200.92')
    expect(totals.lines.map((l) => l.totalTaxExcluded)).toEqual(['91.00', '37.05', '9.99', '24.90', '15.00'])
  })

  it('adds up lines of the same rate, "20" and "20.0" being one rate', () => {
    // 10.01 × 3 lines = 30.03; VAT round2(6.006) = 6.01 (line by line it would be 3 × 2.00 = 6.00)
    const totals = documentTotals({
      lines: [line('1', '10.01', '20'), line('1', '10.01', '20.0'), line('1', '10.01', '20')],
    })
    expect(totals.byRate).toEqual([
      { ratePercent: '20', taxExcluded: '30.03', taxAmount: '6.01', taxIncluded: '36.04' },
    ])
  })

  it('uses the line nets after line discounts (amount and percent) in the bases', () => {
    // 20 %: 100.00 − 12.35 = 87.65; 10 %: 10.05 − 50 % (5.03) = 5.02
    // VAT 17.53 + 0.502 → 0.50 = 18.03; HT 92.67; TTC 110.70
    const totals = documentTotals({
      lines: [
        line('1', '100', '20', { amount: '12.345', percentage: null }),
        line('1', '10.05', '10', { amount: null, percentage: '50' }),
      ],
    })
    expect(totals.subtotal).toBe('92.67')
    expect(totals.byRate.map((r) => [r.ratePercent, r.taxExcluded, r.taxAmount])).toEqual([
      ['20', '87.65', '17.53'],
      ['10', '5.02', '0.50'],
    ])
    expect(totals.totalTaxIncluded).toBe('110.70')
  })

  it('spreads a global discount amount over the rates in proportion, the largest base absorbing the remainder', () => {
    // Bases 20 %: 50.00, 10 %: 100.00, 5.5 %: 50.00 (subtotal 200.00); discount 0.10.
    // 20 %: round2(0.10 × 50 / 200) = 0.025 → 0.03; 5.5 %: 0.03; 10 % (largest) absorbs 0.10 − 0.06 = 0.04.
    // Bases 49.97, 99.96, 49.97. VAT 9.994 → 9.99; 9.996 → 10.00; 2.74835 → 2.75 = 22.74. HT 199.90, TTC 222.64.
    const totals = documentTotals({
      lines: [line('1', '50', '20'), line('1', '100', '10'), line('1', '50', '5.5')],
      discount: { amount: '0.1', percentage: null },
    })
    expect(totals.discountAmount).toBe('0.10')
    expect(totals.subtotal).toBe('200.00')
    expect(totals.byRate.map((r) => [r.ratePercent, r.taxExcluded, r.taxAmount])).toEqual([
      ['20', '49.97', '9.99'],
      ['10', '99.96', '10.00'],
      ['5.5', '49.97', '2.75'],
    ])
    expect(totals.totalTaxExcluded).toBe('199.90')
    expect(totals.totalTaxes).toBe('22.74')
    expect(totals.totalTaxIncluded).toBe('222.64')
  })

  it('gives the remainder to the highest rate when several bases are equally largest', () => {
    // 100.00 at 20, 10 and 5.5 %; discount 10.00: 3.33 each at 10 and 5.5 %, 20 % gets 10 − 6.66 = 3.34.
    // Bases 96.66, 96.67, 96.67. VAT 19.332 → 19.33; 9.667 → 9.67; 5.31685 → 5.32 = 34.32. TTC 290.00 + 34.32 = 324.32.
    const totals = documentTotals({
      lines: [line('1', '100', '10'), line('1', '100', '20'), line('1', '100', '5.5')],
      discount: { amount: '10', percentage: null },
    })
    expect(totals.byRate.map((r) => r.taxExcluded)).toEqual(['96.66', '96.67', '96.67'])
    expect(totals.totalTaxes).toBe('34.32')
    expect(totals.totalTaxIncluded).toBe('324.32')
  })

  it('computes a global percentage discount on the subtotal, rounded, then spreads it', () => {
    // 20 %: 6.70, 5.5 %: 3.35, subtotal 10.05; 50 % = 5.025 → 5.03.
    // 5.5 %: round2(5.03 × 3.35 / 10.05) = 1.6766… → 1.68; 20 % absorbs 5.03 − 1.68 = 3.35.
    // Bases 3.35 and 1.67; VAT 0.67 and 0.09185 → 0.09; HT 5.02, VAT 0.76, TTC 5.78.
    const totals = documentTotals({
      lines: [line('1', '6.7', '20'), line('1', '3.35', '5.5')],
      discount: { amount: null, percentage: '50' },
    })
    expect(totals.discountAmount).toBe('5.03')
    expect(totals.byRate.map((r) => [r.ratePercent, r.taxExcluded, r.taxAmount])).toEqual([
      ['20', '3.35', '0.67'],
      ['5.5', '1.67', '0.09'],
    ])
    expect(totals.totalTaxExcluded).toBe('5.02')
    expect(totals.totalTaxIncluded).toBe('5.78')
  })

  it('gives the global discount amount priority over its percentage', () => {
    // 100.00 at 20 %; amount 20 wins over 50 %: HT 80.00, VAT 16.00, TTC 96.00
    const totals = documentTotals({
      lines: [line('1', '100', '20')],
      discount: { amount: '20', percentage: '50' },
    })
    expect(totals.discountAmount).toBe('20.00')
    expect([totals.totalTaxExcluded, totals.totalTaxes, totals.totalTaxIncluded]).toEqual(['80.00', '16.00', '96.00'])
  })

  it('adds delivery fees to the 20 % base and disbursements to the 0 % base, outside the global discount', () => {
    // Line 100.00 at 10 %, fees 12.50 (20 %), disbursement 30.00 (0 %), discount 10 % of the subtotal 100 = 10.00.
    // 20 %: 12.50 → 2.50; 10 %: 90.00 → 9.00; 0 %: 30.00. HT 132.50, VAT 11.50, TTC 144.00.
    const totals = documentTotals({
      lines: [line('1', '100', '10')],
      discount: { amount: null, percentage: '10' },
      deliveryFees: '12.5',
      disbursement: '30',
    })
    expect(totals).toMatchObject({
      subtotal: '100.00',
      discountAmount: '10.00',
      deliveryFees: '12.50',
      disbursement: '30.00',
      totalTaxExcluded: '132.50',
      totalTaxes: '11.50',
      totalTaxIncluded: '144.00',
    })
    expect(totals.byRate).toEqual([
      { ratePercent: '20', taxExcluded: '12.50', taxAmount: '2.50', taxIncluded: '15.00' },
      { ratePercent: '10', taxExcluded: '90.00', taxAmount: '9.00', taxIncluded: '99.00' },
      { ratePercent: '0', taxExcluded: '30.00', taxAmount: '0.00', taxIncluded: '30.00' },
    ])
  })

  it('merges delivery fees with the lines already at 20 %', () => {
    // 50.00 + 10.005 (→ 10.01) = 60.01 at 20 %: VAT 12.002 → 12.00
    const totals = documentTotals({ lines: [line('1', '50', '20')], deliveryFees: '10.005' })
    expect(totals.deliveryFees).toBe('10.01')
    expect(totals.byRate).toEqual([
      { ratePercent: '20', taxExcluded: '60.01', taxAmount: '12.00', taxIncluded: '72.01' },
    ])
  })

  it('counts every rate, delivery fees included, as 0 % for a tax-free organisation', () => {
    // 100 + 50 + fees 10 + disbursement 5 = 165.00 at 0 %
    const totals = documentTotals({
      lines: [line('1', '100', '20'), line('1', '50', '5.5')],
      deliveryFees: '10',
      disbursement: '5',
      taxFree: true,
    })
    expect(totals.byRate).toEqual([
      { ratePercent: '0', taxExcluded: '165.00', taxAmount: '0.00', taxIncluded: '165.00' },
    ])
    expect([totals.totalTaxExcluded, totals.totalTaxes, totals.totalTaxIncluded]).toEqual(['165.00', '0.00', '165.00'])
  })

  it('skips the global discount when the subtotal is 0 (fees only)', () => {
    const totals = documentTotals({ lines: [], deliveryFees: '10', discount: { amount: '5', percentage: null } })
    expect(totals.discountAmount).toBe('0.00')
    expect(totals.totalTaxIncluded).toBe('12.00')
  })

  it('gives a credit note (everything negated) exactly the negated totals of its invoice', () => {
    const documents: DocumentForTotals[] = [
      fiveRates,
      {
        lines: [line('1', '50', '20'), line('1', '100', '10'), line('1', '50', '5.5')],
        discount: { amount: '0.1', percentage: null },
      },
      {
        lines: [line('1', '100', '10'), line('1', '100', '20'), line('1', '100', '5.5')],
        discount: { amount: '10', percentage: null },
      },
      { lines: [line('1', '6.7', '20'), line('1', '3.35', '5.5')], discount: { amount: null, percentage: '50' } },
      {
        lines: [
          line('3', '10.005', '20', { amount: null, percentage: '12.5' }),
          line('2.5', '7.777', '2.1', { amount: '1.235', percentage: null }),
          line('1', '0.01', '5.5'),
        ],
        discount: { amount: null, percentage: '33.3333' },
        deliveryFees: '9.995',
        disbursement: '4.125',
      },
      { lines: [line('1', '100', '20'), line('1', '50', '5.5')], deliveryFees: '10', disbursement: '5', taxFree: true },
    ]
    for (const document of documents) {
      expect(documentTotals(creditNoteOf(document))).toEqual(negateTotals(documentTotals(document)))
    }
  })
})

describe('operationNature: goods, services or both (décret 2022-1299)', () => {
  it('is GOODS with products only', () => expect(operationNature(['PRODUCT', 'PRODUCT', 'MISC'])).toBe('GOODS'))
  it('is SERVICES with services only', () => expect(operationNature(['SERVICE', 'MISC'])).toBe('SERVICES'))
  it('is MIXED with both', () => expect(operationNature(['MISC', 'SERVICE', 'PRODUCT'])).toBe('MIXED'))
  it('is SERVICES with blank lines only or no line', () => {
    expect(operationNature(['MISC'])).toBe('SERVICES')
    expect(operationNature([])).toBe('SERVICES')
  })
})

function negate(value: string): string {
  if (/^-?0(\.0+)?$/.test(value)) return value.replace('-', '')
  return value.startsWith('-') ? value.slice(1) : `-${value}`
}

const negateOptional = (value: string | number | null | undefined) =>
  value === null || value === undefined ? value : negate(String(value))

function creditNoteOf(document: DocumentForTotals): DocumentForTotals {
  return {
    ...document,
    lines: document.lines.map((l) => ({
      ...l,
      amount: negate(String(l.amount)),
      discount: l.discount ? { ...l.discount, amount: negateOptional(l.discount.amount) ?? null } : l.discount,
    })),
    discount: document.discount
      ? { ...document.discount, amount: negateOptional(document.discount.amount) ?? null }
      : document.discount,
    deliveryFees: negateOptional(document.deliveryFees),
    disbursement: negateOptional(document.disbursement),
  }
}

function negateTotals(totals: DocumentTotals): DocumentTotals {
  return {
    lines: totals.lines.map((l) => ({
      gross: negate(l.gross),
      discountAmount: negate(l.discountAmount),
      totalTaxExcluded: negate(l.totalTaxExcluded),
    })),
    subtotal: negate(totals.subtotal),
    discountAmount: negate(totals.discountAmount),
    discountByRate: totals.discountByRate.map((part) => ({
      ratePercent: part.ratePercent,
      amount: negate(part.amount),
    })),
    deliveryFees: negate(totals.deliveryFees),
    disbursement: negate(totals.disbursement),
    byRate: totals.byRate.map((r) => ({
      ratePercent: r.ratePercent,
      taxExcluded: negate(r.taxExcluded),
      taxAmount: negate(r.taxAmount),
      taxIncluded: negate(r.taxIncluded),
    })),
    totalTaxExcluded: negate(totals.totalTaxExcluded),
    totalTaxes: negate(totals.totalTaxes),
    totalTaxIncluded: negate(totals.totalTaxIncluded),
  }
}

describe('documentTotals: the part of the global discount each rate received', () => {
  it('lists each part, highest rate first, adding up to the discount, fees and disbursements aside', () => {
    const totals = documentTotals({
      lines: [
        { quantity: '1', amount: '333.33', ratePercent: '20' },
        { quantity: '1', amount: '94.98', ratePercent: '5.5' },
        { quantity: '1', amount: '250', ratePercent: '10' },
      ],
      discount: { amount: null, percentage: '10' },
      deliveryFees: '15.005',
      disbursement: '30',
    })
    // 10 % of 678.31 = 67.83: 5.5 % → 9.50, 10 % → 25.00, 20 % (largest base) takes the rest, 33.33.
    expect(totals.discountByRate).toEqual([
      { ratePercent: '20', amount: '33.33' },
      { ratePercent: '10', amount: '25.00' },
      { ratePercent: '5.5', amount: '9.50' },
    ])
    expect(totals.discountAmount).toBe('67.83')
  })

  it('is empty without a global discount', () => {
    expect(documentTotals({ lines: [{ quantity: '1', amount: '10', ratePercent: '20' }] }).discountByRate).toEqual([])
  })
})
