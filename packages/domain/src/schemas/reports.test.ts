import { describe, expect, it } from 'vitest'
import { messages } from '../messages/index'
import { accountingExportQuerySchema, accountingPeriodError } from './reports'

const m = messages.ledger
const errorsOf = (query: Record<string, unknown>) => {
  const result = accountingExportQuerySchema.safeParse(query)
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message])
}

describe('the period of the accounting export', () => {
  it('takes a single day and any period shorter than five years', () => {
    expect(errorsOf({ from: '2026-11-24', to: '2026-11-24' })).toEqual([])
    expect(errorsOf({ from: '2021-01-01', to: '2025-12-31' })).toEqual([])
  })

  it('refuses an end before the start, on the end date', () => {
    expect(errorsOf({ from: '2026-11-24', to: '2026-11-23' })).toEqual([['to', m.periodEndBeforeStart]])
  })

  it('refuses five years or more, telling to choose a shorter period', () => {
    expect(errorsOf({ from: '2021-01-01', to: '2026-01-01' })).toEqual([['to', m.periodTooLong]])
    expect(accountingPeriodError('2020-02-29', '2025-02-28')).toBe(m.periodTooLong)
    expect(accountingPeriodError('2020-02-29', '2025-02-27')).toBeNull()
  })

  it('needs both dates, real days, and nothing else', () => {
    expect(errorsOf({ from: '2026-01-01' })).toEqual([['to', messages.validation.required]])
    expect(errorsOf({ from: '2026-02-30', to: '2026-03-01' })).toEqual([['from', messages.validation.dateInvalid]])
    expect(errorsOf({ from: '2026-01-01', to: '2026-01-02', year: '2026' })).toHaveLength(1)
  })

  it('never throws at the edge of the calendar', () => {
    expect(accountingPeriodError('9998-06-01', '9999-12-31')).toBeNull()
  })
})
