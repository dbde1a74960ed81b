import { describe, expect, it } from 'vitest'
import { part, transaction } from '../../../test-support/fakeTransactionApi'
import { bodyOf, linesOf, newLine, showsVat, withAmount, withSplitVat } from './allocationDraft'

describe('the split being edited', () => {
  it('starts from the stored parts in their order, VAT hidden for the NUL rate and the ns type', () => {
    const lines = linesOf(
      transaction({
        transactionAllocations: [
          { ...part('627000', '-20'), position: 2 },
          { ...part('606400', '-60'), position: 0 },
          { ...part('616000', '-40'), position: 1 },
        ],
      }),
    )
    expect(lines.map((line) => [line.category?.code, line.amount, showsVat(line, false)])).toEqual([
      ['606400', '-60,00', true],
      ['616000', '-40,00', false],
      ['627000', '-20,00', false],
    ])
    // A tax-free organisation sees no VAT even on a category that has some.
    expect(showsVat(lines[0] as (typeof lines)[0], true)).toBe(false)
  })

  it('gives a new line the transaction’s label and what the other lines leave, empty when nothing is left', () => {
    const stored = transaction({ transactionAllocations: [part('606400', '-80')] })
    const lines = linesOf(stored)
    expect(newLine(stored, lines)).toMatchObject({ name: 'Bureau Vallée', amount: '-40,00', category: null })
    expect(newLine(stored, [...lines, newLine(stored, lines)]).amount).toBe('')
  })

  it('makes a manual VAT automatic again when the amount changes', () => {
    const [line] = linesOf(
      transaction({ transactionAllocations: [part('606400', '-120', { taxManual: true, taxAmount: '-15' })] }),
    )
    if (!line) throw new Error('no line')
    expect(line).toMatchObject({ taxManual: true, taxAmount: '-15.00' })
    expect(withAmount(line, '-60')).toMatchObject({ taxManual: false, taxAmount: '-10.00' })
  })

  it('gives the lines at one tax the VAT of their sum, the remainder on the last, a VAT typed by hand left alone', () => {
    const lines = linesOf(
      transaction({
        amount: '-70.00',
        transactionAllocations: [
          part('606400', '-16.67'),
          { ...part('606400', '-16.67'), position: 1 },
          { ...part('625100', '-20', { taxManual: true, taxAmount: '-1' }), position: 2 },
          { ...part('606400', '-16.66'), position: 3 },
        ],
      }),
    )
    expect(lines.map((line) => line.taxAmount)).toEqual(['-2.78', '-2.78', '-1.00', '-2.78'])
    expect(withSplitVat(lines).map((line) => line.taxAmount)).toEqual(['-2.78', '-2.78', '-1.00', '-2.77'])
    // One line: its own VAT.
    expect(withSplitVat(lines.slice(3)).map((line) => line.taxAmount)).toEqual(['-2.78'])
  })

  it('sends amounts as decimals and no VAT unless it was typed by hand', () => {
    const [auto, manual] = linesOf(
      transaction({
        transactionAllocations: [
          part('606400', '-100'),
          { ...part('625100', '-20', { taxManual: true, taxAmount: '-1' }), position: 1 },
        ],
      }),
    )
    if (!auto || !manual) throw new Error('no lines')
    expect(bodyOf('Bureau Vallée', [withAmount(auto, '-99,5'), manual])).toEqual({
      name: 'Bureau Vallée',
      allocations: [
        {
          name: 'Fournitures administratives',
          amount: '-99.5',
          accountingEntryId: 10,
          taxId: 101,
          taxManual: false,
          taxAmount: null,
        },
        {
          name: 'Voyages et déplacements',
          amount: '-20',
          accountingEntryId: 11,
          taxId: 102,
          taxManual: true,
          taxAmount: '-1.00',
        },
      ],
    })
  })
})
