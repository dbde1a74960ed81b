import { describe, expect, it } from 'vitest'
import { NO_HISTORY, type RecurrenceRule } from './rules'
import {
  firstIndexOnOrAfter,
  firstScheduleDate,
  isDue,
  nextOccurrence,
  remainingOccurrences,
  scheduleDate,
  upcomingOccurrences,
} from './schedule'

const rule = (over: Partial<RecurrenceRule>): RecurrenceRule => ({
  startingAt: '2026-01-01',
  unit: 'month',
  recurrence: 1,
  day: 1,
  endingType: 'date',
  endingAt: null,
  occurrences: null,
  ...over,
})

const dates = (r: RecurrenceRule, count: number, from = r.startingAt) => upcomingOccurrences(r, NO_HISTORY, from, count)

describe('monthly schedules', () => {
  it('the last day (31) gives 31, then 28 in February, 31 in March, 30 in April', () => {
    expect(dates(rule({ startingAt: '2027-01-15', day: 31 }), 4)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ])
  })

  it('the last day of February is the 29th in a leap year', () => {
    expect(dates(rule({ startingAt: '2028-01-31', day: 31 }), 3)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31'])
  })

  it('never drifts: after February the 31st comes back', () => {
    const r = rule({ startingAt: '2027-01-31', day: 31 })
    expect(scheduleDate(r, 12)).toBe('2028-01-31')
    expect(scheduleDate(r, 13)).toBe('2028-02-29')
  })

  it('starts in the next month when the chosen day has passed in the start month', () => {
    expect(dates(rule({ startingAt: '2026-11-24', day: 5 }), 3)).toEqual(['2026-12-05', '2027-01-05', '2027-02-05'])
  })

  it('starts on the start date when it is the chosen day', () => {
    expect(firstScheduleDate(rule({ startingAt: '2026-12-05', day: 5 }))).toBe('2026-12-05')
  })

  it('every 3 months, on the first', () => {
    expect(dates(rule({ startingAt: '2026-11-24', day: 1, recurrence: 3 }), 3)).toEqual([
      '2026-12-01',
      '2027-03-01',
      '2027-06-01',
    ])
  })

  it('crosses the year end', () => {
    expect(dates(rule({ startingAt: '2026-11-20', day: 20, recurrence: 2 }), 3)).toEqual([
      '2026-11-20',
      '2027-01-20',
      '2027-03-20',
    ])
  })
})

describe('weekly schedules', () => {
  it('on Sundays (7): the first Sunday from the start, then every week', () => {
    // 2026-11-24 is a Tuesday.
    expect(dates(rule({ startingAt: '2026-11-24', unit: 'week', day: 7 }), 3)).toEqual([
      '2026-11-29',
      '2026-12-06',
      '2026-12-13',
    ])
  })

  it('on Mondays (1) every 2 weeks, starting a Monday', () => {
    expect(dates(rule({ startingAt: '2026-11-30', unit: 'week', day: 1, recurrence: 2 }), 3)).toEqual([
      '2026-11-30',
      '2026-12-14',
      '2026-12-28',
    ])
  })
})

describe('daily and yearly schedules', () => {
  it('every day, then every 10 days', () => {
    expect(dates(rule({ startingAt: '2026-12-30', unit: 'day', day: null }), 3)).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
    ])
    expect(dates(rule({ startingAt: '2026-12-30', unit: 'day', day: null, recurrence: 10 }), 2)).toEqual([
      '2026-12-30',
      '2027-01-09',
    ])
  })

  it('every year on 29 February: 28 February in common years, 29 again in leap years', () => {
    expect(dates(rule({ startingAt: '2028-02-29', unit: 'year', day: null }), 5)).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
    ])
  })

  it('every 2 years', () => {
    expect(dates(rule({ startingAt: '2027-03-15', unit: 'year', day: null, recurrence: 2 }), 2)).toEqual([
      '2027-03-15',
      '2029-03-15',
    ])
  })
})

describe('daylight-saving changes (Europe/Paris)', () => {
  it('a daily schedule crosses both changes with no day missed or doubled', () => {
    expect(dates(rule({ startingAt: '2027-03-27', unit: 'day', day: null }), 3)).toEqual([
      '2027-03-27',
      '2027-03-28',
      '2027-03-29',
    ])
    expect(dates(rule({ startingAt: '2027-10-30', unit: 'day', day: null }), 3)).toEqual([
      '2027-10-30',
      '2027-10-31',
      '2027-11-01',
    ])
  })

  it('a weekly schedule on Sundays lands on the change Sundays', () => {
    expect(dates(rule({ startingAt: '2027-03-20', unit: 'week', day: 7 }), 2)).toEqual(['2027-03-21', '2027-03-28'])
    expect(dates(rule({ startingAt: '2027-10-24', unit: 'week', day: 7 }), 2)).toEqual(['2027-10-24', '2027-10-31'])
  })

  it('an occurrence is due from midnight in Paris, summer time or not', () => {
    // Spring change: 2026-03-29 starts at 2026-03-28T23:00Z (UTC+1).
    expect(isDue('2026-03-29', new Date('2026-03-28T22:59:59Z'))).toBe(false)
    expect(isDue('2026-03-29', new Date('2026-03-28T23:00:00Z'))).toBe(true)
    // The day after the change starts at 22:00Z (UTC+2).
    expect(isDue('2026-03-30', new Date('2026-03-29T21:59:59Z'))).toBe(false)
    expect(isDue('2026-03-30', new Date('2026-03-29T22:00:00Z'))).toBe(true)
    // Autumn change: 2026-10-25 starts at 2026-10-24T22:00Z (still UTC+2), the next day at 23:00Z.
    expect(isDue('2026-10-25', new Date('2026-10-24T21:59:59Z'))).toBe(false)
    expect(isDue('2026-10-25', new Date('2026-10-24T22:00:00Z'))).toBe(true)
    expect(isDue('2026-10-26', new Date('2026-10-25T22:59:59Z'))).toBe(false)
    expect(isDue('2026-10-26', new Date('2026-10-25T23:00:00Z'))).toBe(true)
  })
})

describe('how a schedule ends', () => {
  it('by date: no occurrence after the end date, the end date itself included', () => {
    const r = rule({ startingAt: '2026-12-05', day: 5, endingAt: '2027-02-05' })
    expect(dates(r, 10)).toEqual(['2026-12-05', '2027-01-05', '2027-02-05'])
  })

  it('by date with no end date: it never ends', () => {
    expect(dates(rule({ startingAt: '2026-12-05', day: 5 }), 50)).toHaveLength(50)
  })

  it('after 3 occurrences: three dates, then none left', () => {
    const r = rule({ startingAt: '2026-12-05', day: 5, endingType: 'occurrences', occurrences: 3 })
    expect(dates(r, 10)).toEqual(['2026-12-05', '2027-01-05', '2027-02-05'])
    expect(remainingOccurrences(r, { generatedCount: 2, lastOccurrenceAt: '2027-01-05' })).toBe(1)
    expect(nextOccurrence(r, { generatedCount: 2, lastOccurrenceAt: '2027-01-05' }, '2026-12-01')).toBe('2027-02-05')
    expect(nextOccurrence(r, { generatedCount: 3, lastOccurrenceAt: '2027-02-05' }, '2026-12-01')).toBeNull()
    expect(remainingOccurrences(rule({}))).toBeNull()
  })

  it('an end date before the first date gives no date at all', () => {
    expect(dates(rule({ startingAt: '2026-12-06', day: 5, endingAt: '2026-12-20' }), 5)).toEqual([])
  })
})

describe('where the next occurrence is looked for', () => {
  const r = rule({ startingAt: '2026-12-05', day: 5 })

  it('from today: dates missed while suspended are skipped', () => {
    expect(nextOccurrence(r, NO_HISTORY, '2027-03-06')).toBe('2027-04-05')
    expect(nextOccurrence(r, NO_HISTORY, '2027-04-05')).toBe('2027-04-05')
  })

  it('after the last occurrence: a catch-up walks on one date at a time', () => {
    const history = { generatedCount: 1, lastOccurrenceAt: '2026-12-05' }
    expect(nextOccurrence(r, history, '2026-12-06')).toBe('2027-01-05')
    expect(upcomingOccurrences(r, history, '2026-12-01', 2)).toEqual(['2027-01-05', '2027-02-05'])
  })

  it('finds a far date without walking every step', () => {
    const daily = rule({ startingAt: '2026-01-01', unit: 'day', day: null })
    expect(firstIndexOnOrAfter(daily, '2126-01-01')).toBe(36524)
    expect(nextOccurrence(daily, NO_HISTORY, '2126-01-01')).toBe('2126-01-01')
  })

  it('stops at the end of year 9999', () => {
    const yearly = rule({ startingAt: '9998-06-01', unit: 'year', day: null })
    expect(dates(yearly, 5)).toEqual(['9998-06-01', '9999-06-01'])
  })
})
