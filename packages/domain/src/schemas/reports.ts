import { z } from 'zod'
import { addYears, isIsoDate } from '../dates/calendar'
import { messages } from '../messages/index'
import { isoDateField } from './date-fields'

const m = messages.ledger

/** ?year=2026: a fiscal year or a calendar year, as the reports and the FEC take it. */
export const yearField = () =>
  z.coerce
    .number({ error: m.yearInvalid })
    .int({ error: m.yearInvalid })
    .min(2000, { error: m.yearInvalid })
    .max(2100, { error: m.yearInvalid })

export const fecQuerySchema = z.strictObject({ year: yearField() })
export type FecQuery = z.infer<typeof fecQuerySchema>

/** The longest period the accounting CSV covers: beyond it the file gets too big to open in a spreadsheet. */
export const ACCOUNTING_EXPORT_MAX_YEARS = 5

/**
 * The rule of a period, shared by the export page's form and the server: the end not before the start, and less than
 * five years between them (2021-01-01 to 2025-12-31 is the longest from 2021-01-01). Null when the period is fine.
 */
export function accountingPeriodError(from: string, to: string): string | null {
  if (!isIsoDate(from) || !isIsoDate(to)) return null
  if (to < from) return m.periodEndBeforeStart
  // Near year 9999 the limit would fall beyond the calendar: every period there is shorter than five years.
  const lastYear = Number(from.slice(0, 4)) + ACCOUNTING_EXPORT_MAX_YEARS
  if (lastYear <= 9999 && to >= addYears(from, ACCOUNTING_EXPORT_MAX_YEARS)) return m.periodTooLong
  return null
}

/** GET /exports/accounting.csv?from&to (spec/account.md §2 "Accounting export page"). */
export const accountingExportQuerySchema = z
  .strictObject({ from: isoDateField(), to: isoDateField() })
  .superRefine((period, ctx) => {
    const error = accountingPeriodError(period.from, period.to)
    if (error) ctx.addIssue({ code: 'custom', path: ['to'], message: error })
  })
export type AccountingExportQuery = z.infer<typeof accountingExportQuerySchema>
