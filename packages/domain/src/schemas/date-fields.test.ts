import { describe, expect, it } from 'vitest'
import { messages } from '../messages/index'
import { businessDateField, isoDateField, optionalBusinessDateField, optionalIsoDateField } from './date-fields'

const v = messages.validation
const errorsOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? [])

describe('date fields: what is written stays within the business years, what filters may name any day', () => {
  it('refuses a written date beyond 1900–2199 with its own message, and a day that does not exist with one message', () => {
    for (const field of [businessDateField(), optionalBusinessDateField()]) {
      expect(errorsOf(field.safeParse('9999-12-31'))).toEqual([v.dateOutOfRange])
      expect(errorsOf(field.safeParse('1899-12-31'))).toEqual([v.dateOutOfRange])
      expect(errorsOf(field.safeParse('2026-02-30'))).toEqual([v.dateInvalid])
      expect(field.parse('2199-12-31')).toBe('2199-12-31')
    }
    expect(optionalBusinessDateField().parse('')).toBeNull()
  })

  it('lets a filter or a period name the first and the last day a date can (the audit trail reads from 0001 to 9999)', () => {
    expect(isoDateField().parse('0001-01-01')).toBe('0001-01-01')
    expect(optionalIsoDateField().parse('9999-12-31')).toBe('9999-12-31')
    expect(errorsOf(isoDateField().safeParse('2026-13-01'))).toEqual([v.dateInvalid])
  })
})
