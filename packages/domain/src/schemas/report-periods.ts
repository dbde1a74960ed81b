import { z } from 'zod'
import { messages } from '../messages/index'
import { isoDateField } from './date-fields'
import { yearField } from './reports'

const m = messages.ledger

type Period = { from: string; to: string }
const periodFields = () => ({ from: isoDateField(), to: isoDateField() })
const endNotBeforeStart = (period: Period) => period.to >= period.from
const atMostTwoYears = (period: Period) => Number(period.to.slice(0, 4)) - Number(period.from.slice(0, 4)) <= 2

/** A report's period: both ends given, the end not before the start, at most two years (a monthly grid of 24). */
export const reportPeriodQuerySchema = z
  .strictObject(periodFields())
  .refine(endNotBeforeStart, { error: m.periodEndBeforeStart, path: ['to'] })
  .refine(atMostTwoYears, { error: m.reportPeriodTooLong, path: ['to'] })
export type ReportPeriodQuery = z.infer<typeof reportPeriodQuerySchema>

/** A book's period (GET /reports/books/{kind}) under the same rules, as JSON for the page or CSV for a spreadsheet. */
export const bookQuerySchema = z
  .strictObject({ ...periodFields(), format: z.enum(['json', 'csv']).optional() })
  .refine(endNotBeforeStart, { error: m.periodEndBeforeStart, path: ['to'] })
  .refine(atMostTwoYears, { error: m.reportPeriodTooLong, path: ['to'] })
export type BookQuery = z.infer<typeof bookQuerySchema>

export const reportYearQuerySchema = z.strictObject({ year: yearField() })
/** GET /reports/vat/{YYYY-MM}: a month of the years the reports take (yearField: 2000 to 2100), else 404. */
export const vatMonthParamsSchema = z.object({
  month: z.string().regex(/^(20\d{2}|2100)-(0[1-9]|1[0-2])$/, { error: m.monthInvalid }),
})
export const vatDeclarationQuerySchema = z.strictObject({
  year: yearField(),
  month: z.coerce
    .number({ error: m.monthInvalid })
    .int({ error: m.monthInvalid })
    .min(1, { error: m.monthInvalid })
    .max(12, { error: m.monthInvalid }),
})
