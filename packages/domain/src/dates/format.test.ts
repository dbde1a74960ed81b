import { describe, expect, it } from 'vitest'
import { formatDateFr, formatDateLongFr, formatMonthYearFr, monthNameFr, parseDateFr } from './format'

const intlLong = (date: string, withYear = false) =>
  new Intl.DateTimeFormat('fr-FR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(withYear ? { year: 'numeric' as const } : {}),
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`))

describe('formatDateFr: the date of forms', () => {
  it('writes DD/MM/YYYY', () => {
    expect(formatDateFr('2026-03-03')).toBe('03/03/2026')
    expect(formatDateFr('2026-12-31')).toBe('31/12/2026')
    expect(formatDateFr('2024-02-29')).toBe('29/02/2024')
  })

  it('refuses something that is not a date', () => {
    expect(() => formatDateFr('2026-02-30')).toThrow(RangeError)
  })
})

describe('parseDateFr', () => {
  it('reads DD/MM/YYYY and D/M/YYYY back to YYYY-MM-DD', () => {
    expect(parseDateFr('03/03/2026')).toBe('2026-03-03')
    expect(parseDateFr('3/3/2026')).toBe('2026-03-03')
    expect(parseDateFr(' 29/02/2024 ')).toBe('2024-02-29')
  })

  it('returns null for days that do not exist and other shapes', () => {
    for (const text of ['29/02/2026', '31/04/2026', '2026-03-03', '03/03/26', '', 'demain']) {
      expect(parseDateFr(text), text).toBeNull()
    }
  })
})

describe('formatDateLongFr: the date of lists', () => {
  it('writes the weekday, the day and the month: "lundi 3 mars"', () => {
    expect(formatDateLongFr('2025-03-03')).toBe('lundi 3 mars')
    expect(formatDateLongFr('2026-03-03')).toBe('mardi 3 mars')
    expect(formatDateLongFr('2026-08-15')).toBe('samedi 15 août')
  })

  it('adds the year on demand', () => {
    expect(formatDateLongFr('2026-03-03', { withYear: true })).toBe('mardi 3 mars 2026')
  })

  it('writes the first of the month "1er", as French typography wants', () => {
    expect(formatDateLongFr('2026-03-01')).toBe('dimanche 1er mars')
    expect(formatDateLongFr('2026-01-01', { withYear: true })).toBe('jeudi 1er janvier 2026')
  })

  it('agrees with Intl fr-FR on every other day of a year', () => {
    for (let month = 1; month <= 12; month += 1) {
      for (const day of [2, 9, 17, 28]) {
        const date = `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
        expect(formatDateLongFr(date), date).toBe(intlLong(date))
        expect(formatDateLongFr(date, { withYear: true }), date).toBe(intlLong(date, true))
      }
    }
  })
})

describe('month names', () => {
  it('writes the month and year of a group heading: "mars 2026"', () => {
    expect(formatMonthYearFr('2026-03-17')).toBe('mars 2026')
    expect(formatMonthYearFr('2026-02-01')).toBe('février 2026')
    expect(formatMonthYearFr('2026-12-31')).toBe('décembre 2026')
  })

  it('names the twelve months and refuses a thirteenth', () => {
    expect(monthNameFr(1)).toBe('janvier')
    expect(monthNameFr(8)).toBe('août')
    expect(() => monthNameFr(13)).toThrow(RangeError)
    expect(() => monthNameFr(0)).toThrow(RangeError)
  })
})
