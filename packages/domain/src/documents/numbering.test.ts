import { describe, expect, it } from 'vitest'
import {
  CHRONO_DIGITS,
  DEFAULT_REFERENCE_FORMATS,
  formatReference,
  hasDate,
  type ReferenceFormat,
  referenceExample,
} from './numbering'

const format = (extra: Partial<ReferenceFormat> = {}): ReferenceFormat => ({
  prefix: 'F',
  separator: '-',
  suffix: '',
  hasDay: false,
  hasMonth: false,
  hasYearLong: false,
  hasYearShort: false,
  dateSeparator: '',
  ...extra,
})

const DATE = '2026-03-07'

describe('formatReference: the reference given at validation', () => {
  it('writes the default invoice, credit note and quote references', () => {
    expect(formatReference(DEFAULT_REFERENCE_FORMATS.invoice, 42, DATE)).toBe('F-2026-0042')
    expect(formatReference(DEFAULT_REFERENCE_FORMATS.credit_note, 1, DATE)).toBe('AV-2026-0001')
    expect(formatReference(DEFAULT_REFERENCE_FORMATS.quote, 1, DATE)).toBe('D-2026-0001')
  })

  it('writes each date part combination in the order year, month, day', () => {
    expect(formatReference(format(), 1, DATE)).toBe('F-0001')
    expect(formatReference(format({ hasYearLong: true }), 1, DATE)).toBe('F-2026-0001')
    expect(formatReference(format({ hasYearShort: true }), 1, DATE)).toBe('F-26-0001')
    expect(formatReference(format({ hasMonth: true }), 1, DATE)).toBe('F-03-0001')
    expect(formatReference(format({ hasDay: true }), 1, DATE)).toBe('F-07-0001')
    expect(formatReference(format({ hasYearLong: true, hasMonth: true }), 1, DATE)).toBe('F-202603-0001')
    expect(formatReference(format({ hasYearShort: true, hasMonth: true, hasDay: true }), 1, DATE)).toBe('F-260307-0001')
    expect(formatReference(format({ hasMonth: true, hasDay: true }), 1, DATE)).toBe('F-0307-0001')
    expect(formatReference(format({ hasYearLong: true, hasYearShort: true }), 1, DATE)).toBe('F-202626-0001')
  })

  it('joins the date parts with the date separator', () => {
    const all = { hasYearLong: true, hasMonth: true, hasDay: true }
    expect(formatReference(format({ ...all, dateSeparator: '.' }), 1, DATE)).toBe('F-2026.03.07-0001')
    expect(formatReference(format({ ...all, dateSeparator: '-' }), 1, DATE)).toBe('F-2026-03-07-0001')
    expect(formatReference(format({ hasYearShort: true, hasMonth: true, dateSeparator: '_' }), 1, DATE)).toBe(
      'F-26_03-0001',
    )
  })

  it('pads the short year and month of early dates with zeros', () => {
    expect(formatReference(format({ hasYearShort: true, hasMonth: true }), 1, '2005-01-31')).toBe('F-0501-0001')
  })

  it('uses the separator between prefix, date and chrono, and none when it is empty', () => {
    expect(formatReference(format({ hasYearLong: true, separator: '_' }), 5, DATE)).toBe('F_2026_0005')
    expect(formatReference(format({ hasYearLong: true, separator: '' }), 5, DATE)).toBe('F20260005')
    expect(formatReference(format({ separator: '/' }), 5, DATE)).toBe('F/0005')
  })

  it('leaves out an empty prefix without a leading separator, and trims prefix and suffix', () => {
    expect(formatReference(format({ prefix: '', hasYearLong: true }), 3, DATE)).toBe('2026-0003')
    expect(formatReference(format({ prefix: '', hasYearLong: false }), 3, DATE)).toBe('0003')
    expect(formatReference(format({ prefix: ' FA ', suffix: ' -X ', hasYearLong: true }), 3, DATE)).toBe(
      'FA-2026-0003-X',
    )
  })

  it('appends the suffix right after the chrono', () => {
    expect(formatReference(format({ hasYearLong: true, suffix: 'B' }), 12, DATE)).toBe('F-2026-0012B')
  })

  it(`pads the chrono to ${CHRONO_DIGITS} digits and keeps longer chronos whole`, () => {
    expect(formatReference(format(), 7, DATE)).toBe('F-0007')
    expect(formatReference(format(), 123, DATE)).toBe('F-0123')
    expect(formatReference(format(), 9999, DATE)).toBe('F-9999')
    expect(formatReference(format(), 12345, DATE)).toBe('F-12345')
  })

  it('refuses a chrono below 1 or not whole', () => {
    for (const chrono of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => formatReference(format(), chrono, DATE)).toThrow(RangeError)
    }
  })

  it('refuses a date that is not YYYY-MM-DD', () => {
    expect(() => formatReference(format(), 1, '2026-02-30')).toThrow(RangeError)
  })
})

describe('referenceExample: the live example of the numbering editor', () => {
  it('shows AAAA, AA, MM, JJ and XXXX in place of the real values', () => {
    expect(referenceExample(DEFAULT_REFERENCE_FORMATS.invoice)).toBe('F-AAAA-XXXX')
    expect(referenceExample(format({ prefix: 'AV', hasYearShort: true }))).toBe('AV-AA-XXXX')
    expect(referenceExample(format({ hasYearLong: true, hasMonth: true, hasDay: true, dateSeparator: '/' }))).toBe(
      'F-AAAA/MM/JJ-XXXX',
    )
    expect(referenceExample(format({ prefix: 'D', suffix: 'Z' }))).toBe('D-XXXXZ')
  })
})

describe('hasDate: whether any date part is ticked', () => {
  it('is false without date parts and true with any of them', () => {
    expect(hasDate(format())).toBe(false)
    for (const part of ['hasDay', 'hasMonth', 'hasYearLong', 'hasYearShort'] as const) {
      expect(hasDate(format({ [part]: true }))).toBe(true)
    }
  })
})
