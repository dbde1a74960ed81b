import { describe, expect, it } from 'vitest'
import { CASH_LINES, CASH_SALE_LINES, emptyLine, forceSign, lineBody, withKind, withSignedAmount } from './moneyLines'

describe('money lines', () => {
  it('forces the sign by changing the sign only, so that what is being typed stays as typed', () => {
    expect(forceSign('1,', true)).toBe('-1,')
    expect(forceSign('-12,5', true)).toBe('-12,5')
    expect(forceSign('-12,5', false)).toBe('12,5')
    expect(forceSign('', true)).toBe('')
  })

  it('signs an exit’s amount negative and its VAT with it; a sale stays positive', () => {
    const exit = withSignedAmount(emptyLine('Sortie'), '12', CASH_LINES)
    expect(exit).toMatchObject({ amount: '-12', taxAmount: '0.00' })
    const taxed = withSignedAmount(
      { ...emptyLine('Sortie'), tax: { id: 1, ratePercent: '20', hidden: false } },
      '12',
      CASH_LINES,
    )
    expect(taxed).toMatchObject({ amount: '-12', taxAmount: '-2.00' })
    expect(withSignedAmount(emptyLine('Vente'), '-30', CASH_SALE_LINES).amount).toBe('30')
  })

  it('renames a line to its new kind and signs it again, keeping a stored name of that kind', () => {
    const entry = withSignedAmount(emptyLine('Entrée'), '40', CASH_LINES)
    expect(withKind(entry, 'Sortie', CASH_LINES)).toMatchObject({ kind: 'Sortie', name: 'Sortie', amount: '-40' })
    const stamps = { ...emptyLine('Sortie'), name: 'Sortie timbres', amount: '-3' }
    expect(withKind(stamps, 'Sortie', CASH_LINES).name).toBe('Sortie timbres')
    expect(CASH_SALE_LINES.kindOf('Encaissement des ventes')).toBe('Encaissement')
    expect(CASH_LINES.kindOf('Sortie timbres')).toBe('Sortie')
  })

  it('sends amounts as decimals once they read as numbers, and the VAT only when typed by hand', () => {
    const line = {
      ...withSignedAmount(emptyLine('Sortie'), '12,5', CASH_LINES),
      category: { id: 3, code: '626', name: 'Tél.' },
    }
    expect(lineBody(line)).toEqual({
      name: 'Sortie',
      amount: '-12.5',
      accountingEntryId: 3,
      taxId: null,
      taxManual: false,
      taxAmount: null,
    })
    expect(lineBody({ ...emptyLine('Entrée'), amount: 'abc' })).toMatchObject({
      amount: 'abc',
      accountingEntryId: null,
    })
  })
})
