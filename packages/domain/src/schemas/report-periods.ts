import { z } from 'zod'
import { messages } from '../messages/index'
import { isoDateField } from './date-fields'
import { yearField } from './reports'

const m = messages.ledger

/** A report's period: both ends given, the end not before the start, at most two years (a monthly grid of 24). */
export const reportPeriodQuerySchema = z
  .strictObject({ from: isoDateField(), to: isoDateField() })
  .refine((period) => period.to >= period.from, { error: m.periodEndBeforeStart, path: ['to'] })
  .refine((period) => Number(period.to.slice(0, 4)) - Number(period.from.slice(0, 4)) <= 2, {
    error: m.reportPeriodTooLong,
    path: ['to'],
  })
export type ReportPeriodQuery = z.infer<typeof reportPeriodQuerySchema>

export const reportYearQuerySchema = z.strictObject({ year: yearField() })
export const vatMonthParamsSchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: m.monthInvalid }),
})
export const vatDeclarationQuerySchema = z.strictObject({
  year: yearField(),
  month: z.coerce
    .number({ error: m.monthInvalid })
    .int({ error: m.monthInvalid })
    .min(1, { error: m.monthInvalid })
    .max(12, { error: m.monthInvalid }),
})
