import { describe, expect, it } from 'vitest'
import {
  addDays,
  addMonths,
  addYears,
  daysBetween,
  daysInMonth,
  endOfMonth,
  isBusinessDate,
  isIsoDate,
  isLeapYear,
  isoWeekday,
  startOfMonth,
} from './calendar'

describe('isIsoDate: business dates are real calendar days written YYYY-MM-DD', () => {
  it('accepts real days, including 29 February of leap years', () => {
    for (const date of ['2026-03-03', '2024-02-29', '2000-02-29', '2026-12-31', '0001-01-01']) {
      expect(isIsoDate(date), date).toBe(true)
    }
  })

  it('refuses days that do not exist and other shapes', () => {
    const invalid = ['2026-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-3-3']
    for (const date of [...invalid, '03/03/2026', '2026-03-03T00:00:00Z', ' 2026-03-03', '']) {
      expect(isIsoDate(date), date).toBe(false)
    }
    expect(isIsoDate(20260303)).toBe(false)
    expect(isIsoDate(null)).toBe(false)
  })
})

describe('isBusinessDate: the years a business date may fall in', () => {
  it('takes 1900 to 2199, and refuses the typos beyond that would open the books every year up to them', () => {
    for (const date of ['1900-01-01', '2026-12-02', '2199-12-31']) expect(isBusinessDate(date), date).toBe(true)
    for (const date of ['1899-12-31', '2200-01-01', '9999-01-15', '0202-06-01', '2026-02-30', 20261202])
      expect(isBusinessDate(date), String(date)).toBe(false)
  })
})

describe('leap years and month lengths', () => {
  it('follows the Gregorian rule: every 4 years, not every 100, but every 400', () => {
    expect(isLeapYear(2024)).toBe(true)
    expect(isLeapYear(2026)).toBe(false)
    expect(isLeapYear(1900)).toBe(false)
    expect(isLeapYear(2000)).toBe(true)
    expect(daysInMonth(2024, 2)).toBe(29)
    expect(daysInMonth(2026, 2)).toBe(28)
    expect(daysInMonth(2026, 4)).toBe(30)
    expect(daysInMonth(2026, 12)).toBe(31)
  })
})

describe('addDays', () => {
  it('crosses month and year ends', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29')
    expect(addDays('2026-01-15', 30)).toBe('2026-02-14')
    expect(addDays('2026-03-03', 0)).toBe('2026-03-03')
  })

  it('is not moved by daylight-saving changes in Paris', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29')
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30')
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26')
    expect(addDays('2026-01-01', 365)).toBe('2027-01-01')
  })

  it('refuses a fractional number of days and an invalid date', () => {
    expect(() => addDays('2026-03-03', 1.5)).toThrow(RangeError)
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError)
  })
})

describe('addMonths and addYears', () => {
  it('keeps the day when the target month has it', () => {
    expect(addMonths('2026-01-15', 1)).toBe('2026-02-15')
    expect(addMonths('2026-11-30', 2)).toBe('2027-01-30')
    expect(addMonths('2026-03-15', -3)).toBe('2025-12-15')
    expect(addMonths('2026-03-15', 0)).toBe('2026-03-15')
  })

  it('clamps to the end of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28')
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29')
    expect(addMonths('2026-03-31', 1)).toBe('2026-04-30')
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28')
    expect(addMonths('2026-05-31', 13)).toBe('2027-06-30')
  })

  it('moves 29 February to 28 February in a common year', () => {
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28')
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29')
    expect(addYears('2026-03-03', -1)).toBe('2025-03-03')
  })

  it('refuses fractional months', () => {
    expect(() => addMonths('2026-03-03', 0.5)).toThrow(RangeError)
  })
})

describe('start and end of month', () => {
  it('gives the first and last calendar day', () => {
    expect(startOfMonth('2026-03-17')).toBe('2026-03-01')
    expect(endOfMonth('2026-03-17')).toBe('2026-03-31')
    expect(endOfMonth('2026-02-01')).toBe('2026-02-28')
    expect(endOfMonth('2024-02-10')).toBe('2024-02-29')
    expect(endOfMonth('2026-04-30')).toBe('2026-04-30')
    expect(endOfMonth('2026-12-05')).toBe('2026-12-31')
  })
})

describe('daysBetween', () => {
  it('counts calendar days, positive forward and negative backward', () => {
    expect(daysBetween('2026-03-03', '2026-03-03')).toBe(0)
    expect(daysBetween('2026-03-03', '2026-04-02')).toBe(30)
    expect(daysBetween('2026-04-02', '2026-03-03')).toBe(-30)
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366)
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365)
  })

  it('counts a day across each daylight-saving change as one day', () => {
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2)
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2)
  })
})

describe('isoWeekday', () => {
  it('numbers Monday 1 to Sunday 7', () => {
    expect(isoWeekday('2025-03-03')).toBe(1)
    expect(isoWeekday('2026-03-03')).toBe(2)
    expect(isoWeekday('2026-03-01')).toBe(7)
    expect(isoWeekday('2000-01-01')).toBe(6)
  })
})
