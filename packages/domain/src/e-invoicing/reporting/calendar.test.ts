import { describe, expect, it } from 'vitest'
import { periodOf, reportingPeriods, taxRegimeCodeOf, upcomingDeadlines } from './calendar'

const span = (p: { start: string; end: string; deadline: string }) => `${p.start}→${p.end} due ${p.deadline}`

describe('réel normal mensuel: transactions by decade, payments by month', () => {
  it('cuts a 31-day month in 1–10 due the 20th, 11–20 due the 30th, 21–31 due the 10th of the next month', () => {
    expect(span(periodOf('MONTH', 'transactions', '2026-01-01'))).toBe('2026-01-01→2026-01-10 due 2026-01-20')
    expect(span(periodOf('MONTH', 'transactions', '2026-01-10'))).toBe('2026-01-01→2026-01-10 due 2026-01-20')
    expect(span(periodOf('MONTH', 'transactions', '2026-01-11'))).toBe('2026-01-11→2026-01-20 due 2026-01-30')
    expect(span(periodOf('MONTH', 'transactions', '2026-01-31'))).toBe('2026-01-21→2026-01-31 due 2026-02-10')
  })

  it("ends February's last decade on the 28th, and its second one is due the 28th as there is no 30th", () => {
    expect(span(periodOf('MONTH', 'transactions', '2026-02-21'))).toBe('2026-02-21→2026-02-28 due 2026-03-10')
    expect(span(periodOf('MONTH', 'transactions', '2026-02-15'))).toBe('2026-02-11→2026-02-20 due 2026-02-28')
  })

  it('in a leap year February runs to the 29th and its second decade is due the 29th', () => {
    expect(span(periodOf('MONTH', 'transactions', '2028-02-29'))).toBe('2028-02-21→2028-02-29 due 2028-03-10')
    expect(span(periodOf('MONTH', 'transactions', '2028-02-12'))).toBe('2028-02-11→2028-02-20 due 2028-02-29')
  })

  it("reports December's payments by the 10th of January of the next year", () => {
    expect(span(periodOf('MONTH', 'payments', '2026-12-31'))).toBe('2026-12-01→2026-12-31 due 2027-01-10')
  })

  it('lists a month as three decades of transactions and one month of payments, in order of start', () => {
    const periods = reportingPeriods('MONTH', '2026-04-01', '2026-04-30').map((p) => `${p.kind} ${span(p)}`)
    expect(periods).toEqual([
      'transactions 2026-04-01→2026-04-10 due 2026-04-20',
      'payments 2026-04-01→2026-04-30 due 2026-05-10',
      'transactions 2026-04-11→2026-04-20 due 2026-04-30',
      'transactions 2026-04-21→2026-04-30 due 2026-05-10',
    ])
  })

  it('gives whole periods even when the range starts or ends inside one', () => {
    const periods = reportingPeriods('MONTH', '2026-03-15', '2026-03-22', ['transactions']).map(span)
    expect(periods).toEqual(['2026-03-11→2026-03-20 due 2026-03-30', '2026-03-21→2026-03-31 due 2026-04-10'])
  })
})

describe('réel normal trimestriel and réel simplifié: monthly', () => {
  it('trimestriel: transactions and payments of a month are due the 10th of the next', () => {
    expect(span(periodOf('QUARTER', 'transactions', '2026-03-17'))).toBe('2026-03-01→2026-03-31 due 2026-04-10')
    expect(span(periodOf('QUARTER', 'payments', '2026-02-01'))).toBe('2026-02-01→2026-02-28 due 2026-03-10')
  })

  it('simplifié: due the 30th of the next month, the 28th or 29th when the next month is February', () => {
    expect(span(periodOf('YEAR', 'transactions', '2026-02-10'))).toBe('2026-02-01→2026-02-28 due 2026-03-30')
    expect(span(periodOf('YEAR', 'payments', '2026-01-31'))).toBe('2026-01-01→2026-01-31 due 2026-02-28')
    expect(span(periodOf('YEAR', 'transactions', '2028-01-05'))).toBe('2028-01-01→2028-01-31 due 2028-02-29')
    expect(span(periodOf('YEAR', 'transactions', '2026-12-05'))).toBe('2026-12-01→2026-12-31 due 2027-01-30')
  })
})

describe('franchise en base: every two months from January', () => {
  it('pairs January–February, …, November–December, each due the 30th of the month after', () => {
    expect(span(periodOf('FREE', 'transactions', '2026-02-28'))).toBe('2026-01-01→2026-02-28 due 2026-03-30')
    expect(span(periodOf('FREE', 'payments', '2026-03-01'))).toBe('2026-03-01→2026-04-30 due 2026-05-30')
    expect(span(periodOf('FREE', 'transactions', '2026-12-31'))).toBe('2026-11-01→2026-12-31 due 2027-01-30')
  })

  it('crosses the year end: November–December, then January–February of the next year', () => {
    const periods = reportingPeriods('FREE', '2026-12-10', '2027-01-05', ['transactions']).map(span)
    expect(periods).toEqual(['2026-11-01→2026-12-31 due 2027-01-30', '2027-01-01→2027-02-28 due 2027-03-30'])
  })

  it('a leap year gives January–February its 29th', () => {
    expect(span(periodOf('FREE', 'transactions', '2028-01-20'))).toBe('2028-01-01→2028-02-29 due 2028-03-30')
  })
})

describe('deadlines to announce', () => {
  it('lists the periods due from today to the given number of days, soonest first, past ones left out', () => {
    const due = upcomingDeadlines('MONTH', '2026-02-15', 15).map((p) => `${p.kind} ${span(p)}`)
    expect(due).toEqual([
      'transactions 2026-02-01→2026-02-10 due 2026-02-20',
      'transactions 2026-02-11→2026-02-20 due 2026-02-28',
    ])
    expect(upcomingDeadlines('MONTH', '2026-02-15', 4)).toEqual([])
  })

  it('counts today and the last day: a deadline today is still announced', () => {
    const due = upcomingDeadlines('FREE', '2026-03-30', 0).map((p) => `${p.kind} ${span(p)}`)
    expect(due).toEqual([
      'transactions 2026-01-01→2026-02-28 due 2026-03-30',
      'payments 2026-01-01→2026-02-28 due 2026-03-30',
    ])
  })

  it('refuses a negative or fractional number of days', () => {
    expect(() => upcomingDeadlines('YEAR', '2026-01-01', -1)).toThrow(RangeError)
    expect(() => upcomingDeadlines('YEAR', '2026-01-01', 1.5)).toThrow(RangeError)
  })
})

describe('the regime from its id', () => {
  it('reads the reference ids, and answers null for an unknown one', () => {
    expect(taxRegimeCodeOf(1)).toBe('FREE')
    expect(taxRegimeCodeOf(2)).toBe('MONTH')
    expect(taxRegimeCodeOf(4)).toBe('YEAR')
    expect(taxRegimeCodeOf(9)).toBeNull()
  })
})
