import { describe, expect, it } from 'vitest'
import {
  abs,
  add,
  compare,
  divide,
  equals,
  isNegative,
  isPositive,
  isZero,
  multiply,
  negate,
  round2,
  roundTo,
  subtract,
  sum,
  toCents,
} from './arithmetic'
import { canonical, Dec, fixed } from './decimal'

describe('decimal arithmetic on strings', () => {
  it('adds exactly where floats would drift (0.1 + 0.2 is 0.3)', () => {
    expect(add('0.1', '0.2')).toBe('0.3')
    expect(add(0.1, 0.2)).toBe('0.3')
  })

  it('returns the canonical form: no trailing zeros, no exponent, no "-0"', () => {
    expect(add('1.10', '2.20')).toBe('3.3')
    expect(add('600.00', '600.00')).toBe('1200')
    expect(subtract('1', '1')).toBe('0')
    expect(multiply('-0', '5')).toBe('0')
    expect(multiply('0.0000001', '1')).toBe('0.0000001')
    expect(multiply('1000000000000', '1000000000000')).toBe('1000000000000000000000000')
  })

  it('subtracts and multiplies without losing a digit of numeric(18,6) × numeric(15,5)', () => {
    expect(subtract('100', '0.01')).toBe('99.99')
    expect(multiply('3.5', '1234.567891')).toBe('4320.9876185')
    expect(multiply('9999999999.99999', '999999999999.999999')).toBe('9999999999999989990000.00000000001')
  })

  it('divides with many significant digits and refuses a zero divisor', () => {
    expect(divide('10', '4')).toBe('2.5')
    expect(divide('1', '3')).toBe(`0.${'3'.repeat(50)}`)
    expect(() => divide('1', '0')).toThrow(RangeError)
    expect(() => divide('1', '-0.00')).toThrow(RangeError)
  })

  it('sums a list, and the sum of nothing is 0', () => {
    expect(sum([])).toBe('0')
    expect(sum(['0.1', '0.2', '-0.3'])).toBe('0')
    expect(sum(['1200.50', 99.5, '-0.001'])).toBe('1299.999')
  })

  it('negates and takes the absolute value', () => {
    expect(negate('12.5')).toBe('-12.5')
    expect(negate('-12.5')).toBe('12.5')
    expect(negate('0')).toBe('0')
    expect(abs('-0.01')).toBe('0.01')
    expect(abs('3')).toBe('3')
  })

  it('compares by value, not by text, and sorts amounts', () => {
    expect(compare('1.50', '1.5')).toBe(0)
    expect(compare('-2', '1')).toBe(-1)
    expect(compare('10', '9.999')).toBe(1)
    expect(['10', '-1', '2.5', '0'].sort(compare)).toEqual(['-1', '0', '2.5', '10'])
    expect(equals('100.00', 100)).toBe(true)
    expect(equals('100.01', 100)).toBe(false)
  })

  it('tells zero, negative and positive apart, "-0" being zero and not negative', () => {
    expect(isZero('0.00')).toBe(true)
    expect(isZero('-0')).toBe(true)
    expect(isZero('0.001')).toBe(false)
    expect(isNegative('-0')).toBe(false)
    expect(isNegative('-0.001')).toBe(true)
    expect(isPositive('0')).toBe(false)
    expect(isPositive('0.001')).toBe(true)
  })

  it('refuses anything that is not a decimal number instead of guessing', () => {
    for (const bad of ['', 'abc', '1,5', ' 1', 'NaN', 'Infinity', '0x10', '1.2.3']) {
      expect(() => add(bad, '1'), bad).toThrow(TypeError)
    }
    expect(() => add(Number.NaN, 1)).toThrow(TypeError)
    expect(() => add(Number.POSITIVE_INFINITY, 1)).toThrow(TypeError)
  })

  it('accepts a leading plus, a bare fraction and an exponent in decimal strings', () => {
    expect(add('+1', '.5')).toBe('1.5')
    expect(add('1e3', '0')).toBe('1000')
  })
})

describe('rounding to the cent (half up, half away from zero for negatives)', () => {
  it('rounds a half cent up: 2.675 becomes 2.68 because strings are exact', () => {
    expect(round2('2.675')).toBe('2.68')
    expect(round2('0.005')).toBe('0.01')
    expect(round2('1.005')).toBe('1.01')
    expect(round2('2.674999')).toBe('2.67')
  })

  it('rounds a negative half cent away from zero: -0.005 becomes -0.01', () => {
    expect(round2('-0.005')).toBe('-0.01')
    expect(round2('-2.675')).toBe('-2.68')
    expect(round2('-2.674')).toBe('-2.67')
  })

  it('never returns "-0" when a small negative rounds to nothing', () => {
    expect(round2('-0.004')).toBe('0')
    expect(toCents('-0.004')).toBe('0.00')
  })

  it('keeps round2 in canonical form and toCents with exactly two decimals', () => {
    expect(round2('1200')).toBe('1200')
    expect(round2('0.10')).toBe('0.1')
    expect(toCents('1200')).toBe('1200.00')
    expect(toCents('0.1')).toBe('0.10')
    expect(toCents('2.675')).toBe('2.68')
    expect(toCents('-1234.5')).toBe('-1234.50')
    expect(toCents(99999999.995)).toBe('100000000.00')
  })

  it('rounds to any number of decimals with roundTo', () => {
    expect(roundTo('1.23456789', 5)).toBe('1.23457')
    expect(roundTo('1.5', 0)).toBe('2')
    expect(roundTo('-1.5', 0)).toBe('-2')
    expect(roundTo('12.30000', 3)).toBe('12.3')
    expect(() => roundTo('1', -1)).toThrow(RangeError)
    expect(() => roundTo('1', 1.5)).toThrow(RangeError)
  })

  it('answers exactly what the decimal library answers on the fast path for short values, and past its limits', () => {
    // A seeded generator: short amounts, long ones, many decimals, zeros with a sign, values near 2^53.
    let seed = 20261130
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed / 2147483648
    }
    const digits = (count: number) => Array.from({ length: count }, () => Math.floor(next() * 10)).join('')
    const value = () => {
      const pick = next()
      if (pick < 0.05) return next() < 0.5 ? '-0' : '0.00'
      if (pick < 0.1) return `${next() < 0.5 ? '-' : ''}9007199254740${digits(3)}`
      const whole = String(Number(digits(1 + Math.floor(next() * (pick < 0.9 ? 7 : 16)))))
      const decimals = Math.floor(next() * (pick < 0.8 ? 3 : 8))
      return `${next() < 0.4 ? '-' : ''}${whole}${decimals ? `.${digits(decimals)}` : ''}`
    }
    const library = (a: string, b: string) => {
      const [x, y] = [new Dec(a), new Dec(b)]
      const order = x.comparedTo(y)
      return [
        canonical(x.plus(y)),
        canonical(x.minus(y)),
        canonical(x.times(y)),
        canonical(x.negated()),
        canonical(x.abs()),
        order < 0 ? -1 : order > 0 ? 1 : 0,
        x.isZero(),
        x.lessThan(0),
        x.greaterThan(0),
        canonical(x.toDecimalPlaces(2, Dec.ROUND_HALF_UP)),
        canonical(x.toDecimalPlaces(4, Dec.ROUND_HALF_UP)),
        fixed(x, 2),
        canonical(x.plus(y).plus(x)),
      ]
    }
    for (let round = 0; round < 20_000; round++) {
      const [a, b] = [value(), value()]
      const ours = [
        add(a, b),
        subtract(a, b),
        multiply(a, b),
        negate(a),
        abs(a),
        compare(a, b),
        isZero(a),
        isNegative(a),
        isPositive(a),
        round2(a),
        roundTo(a, 4),
        toCents(a),
        sum([a, b, a]),
      ]
      expect(ours, `${a} and ${b}`).toEqual(library(a, b))
    }
  })
})
