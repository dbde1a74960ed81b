import { describe, expect, it } from 'vitest'
import {
  isValidAmount,
  isValidQuantity,
  normalizeMoneyOnBlur,
  normalizeQuantityOnBlur,
  parseMoneyInput,
  parseQuantityInput,
} from './parse'

describe('parseMoneyInput: what people type in an amount field', () => {
  it('accepts a comma or a dot as the decimal separator', () => {
    expect(parseMoneyInput('12,5')).toBe('12.5')
    expect(parseMoneyInput('12.5')).toBe('12.5')
    expect(parseMoneyInput('12,')).toBe('12')
    expect(parseMoneyInput(',5')).toBe('0.5')
  })

  it('removes spaces, no-break spaces and narrow no-break spaces used as grouping', () => {
    expect(parseMoneyInput('1 234,50')).toBe('1234.5')
    expect(parseMoneyInput('1\u00A0234,50')).toBe('1234.5')
    expect(parseMoneyInput('1\u202F234\u202F567,89')).toBe('1234567.89')
    expect(parseMoneyInput('  42  ')).toBe('42')
  })

  it('reads back what formatEuro prints', () => {
    expect(parseMoneyInput('-1\u202F234,50\u00A0€')).toBe('-1234.5')
  })

  it('takes an optional leading minus or plus (and the Unicode minus)', () => {
    expect(parseMoneyInput('-12,30')).toBe('-12.3')
    expect(parseMoneyInput('+12')).toBe('12')
    expect(parseMoneyInput('\u221212')).toBe('-12')
    expect(parseMoneyInput('-0')).toBe('0')
  })

  it('returns the canonical form: no leading or trailing zeros', () => {
    expect(parseMoneyInput('007,500')).toBe('7.5')
    expect(parseMoneyInput('0,000')).toBe('0')
  })

  it('returns null for anything that is not one number', () => {
    const invalid = [
      '',
      '   ',
      '-',
      '+',
      ',',
      'abc',
      '12a',
      '1.234,50',
      '1,234.50',
      '1,2,3',
      '--1',
      '1-',
      '1e3',
      'NaN',
      '€',
    ]
    for (const text of invalid) expect(parseMoneyInput(text), JSON.stringify(text)).toBeNull()
    expect(parseMoneyInput(null)).toBeNull()
    expect(parseMoneyInput(undefined)).toBeNull()
    expect(parseMoneyInput(Number.NaN)).toBeNull()
  })

  it('accepts a number as it is', () => {
    expect(parseMoneyInput(12.5)).toBe('12.5')
    expect(parseMoneyInput(0.1)).toBe('0.1')
  })

  it('returns null beyond ±99999999.999999', () => {
    expect(parseMoneyInput('99 999 999,999999')).toBe('99999999.999999')
    expect(parseMoneyInput('-99999999.999999')).toBe('-99999999.999999')
    expect(parseMoneyInput('100000000')).toBeNull()
    expect(parseMoneyInput('99999999.9999991')).toBeNull()
  })
})

describe('parseQuantityInput', () => {
  it('reads quantities like amounts, with the numeric(15,5) range', () => {
    expect(parseQuantityInput('1,25')).toBe('1.25')
    expect(parseQuantityInput('0.00001')).toBe('0.00001')
    expect(parseQuantityInput('1 000 000 000')).toBe('1000000000')
    expect(parseQuantityInput('10000000000')).toBeNull()
    expect(parseQuantityInput('deux')).toBeNull()
  })
})

describe('amount and quantity bounds', () => {
  it('accepts amounts up to ±99999999.999999 and nothing else', () => {
    expect(isValidAmount('0')).toBe(true)
    expect(isValidAmount('99999999.999999')).toBe(true)
    expect(isValidAmount('-99999999.999999')).toBe(true)
    expect(isValidAmount(99999999.99)).toBe(true)
    expect(isValidAmount('100000000')).toBe(false)
    expect(isValidAmount('-99999999.9999991')).toBe(false)
    expect(isValidAmount('abc')).toBe(false)
    expect(isValidAmount('12,5')).toBe(false)
    expect(isValidAmount(Number.POSITIVE_INFINITY)).toBe(false)
    expect(isValidAmount(null)).toBe(false)
  })

  it('accepts quantities up to 9999999999.99999', () => {
    expect(isValidQuantity('9999999999.99999')).toBe(true)
    expect(isValidQuantity('10000000000')).toBe(false)
  })
})

describe('normalizeMoneyOnBlur: what a money field shows once left', () => {
  it('keeps at most 3 decimals, rounded half up, and drops trailing zeros', () => {
    expect(normalizeMoneyOnBlur('12,34567', '0')).toBe('12.346')
    expect(normalizeMoneyOnBlur('12,3455', '0')).toBe('12.346')
    expect(normalizeMoneyOnBlur('-12,3455', '0')).toBe('-12.346')
    expect(normalizeMoneyOnBlur('12,50', '0')).toBe('12.5')
    expect(normalizeMoneyOnBlur('12', '0')).toBe('12')
  })

  it('removes grouping', () => {
    expect(normalizeMoneyOnBlur('1 234 567,891', '0')).toBe('1234567.891')
  })

  it('reverts invalid or empty input to the previous value', () => {
    expect(normalizeMoneyOnBlur('abc', '42.5')).toBe('42.5')
    expect(normalizeMoneyOnBlur('', '42.5')).toBe('42.5')
    expect(normalizeMoneyOnBlur('1.234,5', 7)).toBe('7')
    expect(normalizeMoneyOnBlur('100000000', '10')).toBe('10')
  })

  it("reverts to '0' when there is no valid previous value", () => {
    expect(normalizeMoneyOnBlur('abc')).toBe('0')
    expect(normalizeMoneyOnBlur('abc', null)).toBe('0')
    expect(normalizeMoneyOnBlur('abc', '')).toBe('0')
    expect(normalizeMoneyOnBlur('abc', 'xyz')).toBe('0')
  })

  it('refuses a value that rounding pushes beyond the bound', () => {
    expect(normalizeMoneyOnBlur('99999999.9999', '5')).toBe('5')
  })

  it('can write a decimal comma for a field shown in French', () => {
    expect(normalizeMoneyOnBlur('12.3456', '0', { decimalSeparator: ',' })).toBe('12,346')
    expect(normalizeMoneyOnBlur('x', '1.5', { decimalSeparator: ',' })).toBe('1,5')
  })
})

describe('normalizeQuantityOnBlur: what a quantity field shows once left', () => {
  it('keeps at most 5 decimals', () => {
    expect(normalizeQuantityOnBlur('1,234567', '1')).toBe('1.23457')
    expect(normalizeQuantityOnBlur('0,000004', '1')).toBe('0')
    expect(normalizeQuantityOnBlur('2,5', '1')).toBe('2.5')
  })

  it("reverts invalid input to the previous value or '0'", () => {
    expect(normalizeQuantityOnBlur('trois', '1')).toBe('1')
    expect(normalizeQuantityOnBlur('trois')).toBe('0')
  })
})
