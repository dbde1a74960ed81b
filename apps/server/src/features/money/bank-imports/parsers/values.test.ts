import { describe, expect, it } from 'vitest'
import { type AmountStyle, readAmount } from './amounts'
import { expandYear, isoDate, readCompactDate, readIsoDate } from './dates'
import { decodeText, joinLabelParts, readStatementText, sniffEncoding } from './text'
import { StatementError } from './types'

const auto: AmountStyle = { decimal: 'auto', grouping: true }
const comma: AmountStyle = { decimal: ',', grouping: true, currency: true }
const strictDot: AmountStyle = { decimal: '.', grouping: false }

describe('amounts', () => {
  it.each([
    ['12,3', comma, '12.30'],
    ['-1 234,56', comma, '-1234.56'],
    ['1\u00a0234,56\u00a0€', comma, '1234.56'],
    ['1\u202f234,56', comma, '1234.56'],
    ['1.234,56', comma, '1234.56'],
    ['1234,37 EUR', comma, '1234.37'],
    ['(12,30)', comma, '-12.30'],
    ['12,30-', comma, '-12.30'],
    ['\u221212,30', comma, '-12.30'],
    ['+5', comma, '5.00'],
    [',5', comma, '0.50'],
    ['-0,00', comma, '0.00'],
    ['T-4,158.69'.slice(1), auto, '-4158.69'],
    ['1,000', auto, '1000.00'],
    ['1.234.567', auto, '1234567.00'],
    ["11'373.94", auto, '11373.94'],
    ['12,5', auto, '12.50'],
    ['-33.3', auto, '-33.30'],
    ['-33.300', auto, '-33.30'],
    ['0012.30', strictDot, '12.30'],
    ['9999999999999.99', strictDot, '9999999999999.99'],
  ])('reads %j', (text, style, value) => {
    expect(readAmount(text, style)).toEqual({ value })
  })

  it.each([
    ['12..34', strictDot, "le montant «\u00a012..34\u00a0» n'est pas un nombre."],
    ['1,23,4', comma, "le montant «\u00a01,23,4\u00a0» n'est pas un nombre."],
    ['12,3', strictDot, "le montant «\u00a012,3\u00a0» n'est pas un nombre."],
    ['1 234.5', strictDot, "le montant «\u00a01 234.5\u00a0» n'est pas un nombre."],
    ['abc', auto, "le montant «\u00a0abc\u00a0» n'est pas un nombre."],
    ['-', auto, "le montant «\u00a0-\u00a0» n'est pas un nombre."],
    ['1e5', auto, "le montant «\u00a01e5\u00a0» n'est pas un nombre."],
    ['12.345', strictDot, 'le montant «\u00a012.345\u00a0» a plus de deux décimales.'],
    ['99999999999999', strictDot, 'le montant «\u00a099999999999999\u00a0» est trop grand.'],
    [`1${' '.repeat(100)}2`, comma, expect.stringContaining("n'est pas un nombre.")],
  ])('refuses %j', (text, style, error) => {
    expect(readAmount(text, style)).toEqual({ error })
  })
})

describe('dates', () => {
  it('knows the calendar', () => {
    expect(isoDate(2024, 2, 29)).toBe('2024-02-29')
    expect(isoDate(2023, 2, 29)).toBeNull()
    expect(isoDate(1900, 2, 29)).toBeNull()
    expect(isoDate(2000, 2, 29)).toBe('2000-02-29')
    expect(isoDate(2024, 4, 31)).toBeNull()
    expect(isoDate(2024, 13, 1)).toBeNull()
    expect(isoDate(1899, 12, 31)).toBeNull()
    expect(expandYear(68)).toBe(2068)
    expect(expandYear(69)).toBe(1969)
  })

  it('reads OFX and ISO dates, keeping the day the bank wrote', () => {
    expect(readCompactDate('20180913000000[-3:GMT]')).toEqual({ value: '2018-09-13' })
    expect(readCompactDate('20120231')).toEqual({ error: "la date «\u00a020120231\u00a0» n'existe pas." })
    expect(readIsoDate('2017-04-01+02:00')).toEqual({ value: '2017-04-01' })
    expect(readIsoDate('2023-01-25T23:30:00.000-05:00')).toEqual({ value: '2023-01-25' })
    expect(readIsoDate('2023-01-2')).toEqual({
      error: "la date «\u00a02023-01-2\u00a0» n'est pas au format AAAA-MM-JJ.",
    })
  })
})

describe('text', () => {
  it('tells UTF-8 from Windows-1252 and drops byte-order marks', () => {
    expect(sniffEncoding(Buffer.from('Libellé', 'utf8'))).toBe('utf-8')
    expect(sniffEncoding(Buffer.from('Libellé', 'latin1'))).toBe('windows-1252')
    expect(decodeText(Buffer.from([0x80, 0x20, 0xe9]))).toBe('€ é')
    expect(decodeText(Buffer.from('\ufeffDate', 'utf8'))).toBe('Date')
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Libellé', 'utf16le')]))).toBe('Libellé')
  })

  it('refuses NUL characters except trailing padding', () => {
    expect(readStatementText(Buffer.from('abc\u0000\u0000'))).toBe('abc')
    expect(() => readStatementText(Buffer.from('a\u0000bc'))).toThrow(StatementError)
  })

  it('joins label parts without repeating them', () => {
    expect(joinLabelParts(['PRLV SEPA FREE', 'PRLV SEPA FREE MOBILE FM12'])).toBe('PRLV SEPA FREE MOBILE FM12')
    expect(joinLabelParts(['COTISATION JAZZ', ' COTISATION  JAZZ '])).toBe('COTISATION JAZZ')
    expect(joinLabelParts(['A', null, '', 'B\n C'])).toBe('A B C')
    expect(joinLabelParts(['X'.repeat(600), 'Y'.repeat(600), 'Z']).length).toBe(1000)
  })
})
