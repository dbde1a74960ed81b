import { z } from 'zod'
import { addDays, type IsoDate } from '../dates/calendar'
import { messages } from '../messages/index'
import {
  CREATION_OPTIONS,
  ENDING_TYPES,
  MONTH_DAYS,
  OCCURRENCES_MAX,
  OCCURRENCES_MIN,
  RECURRENCE_MAX,
  RECURRENCE_MIN,
  RECURRING_UNITS,
  type RecurrenceRule,
  WEEKDAYS,
} from '../recurrence/rules'
import { optionalIdField, TEXT_MAX } from './common'
import { businessDateField, optionalBusinessDateField } from './date-fields'
import { addressListText, MAIL_CONTENT_MAX } from './send-email'

const v = messages.validation
const r = messages.recurring

/**
 * A whole number a form may leave empty: null (or absent) when empty; a string is refused, the spec wants numbers
 * (spec/sales.md §5 "occurrences, day and recurrence are sent as numbers, or null when empty").
 */
const wholeNumberOrNull = (message: string, min: number, max: number) =>
  z.preprocess(
    (value) => (value === undefined ? null : value),
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(max, { error: message })
      .nullable(),
  )

const mailSubject = () =>
  z
    .string({ error: v.required })
    .refine((value) => !/[\r\n]/.test(value), { error: messages.sending.subjectOneLine })
    .transform((value) => value.trim())
    .pipe(z.string().max(TEXT_MAX, { error: v.tooLong(TEXT_MAX) }))
    .nullish()
    .transform((value) => (value ? value : null))

/** The e-mail of each occurrence (option send): recipients separated by semicolons, Cc and Cci optional. */
export const recurringEmailsSchema = z.strictObject({
  emailRecipient: addressListText(false),
  cc: addressListText(false),
  cci: addressListText(false),
  subject: mailSubject(),
  body: z
    .string({ error: v.required })
    .trim()
    .max(MAIL_CONTENT_MAX, { error: v.tooLong(MAIL_CONTENT_MAX) })
    .nullish()
    .transform((value) => (value ? value : null)),
})
export type RecurringEmailsBody = z.output<typeof recurringEmailsSchema>

/** The rule's fields, shared by the parameters and the calendar preview. */
const ruleFields = () => ({
  startingAt: businessDateField(),
  endingAt: optionalBusinessDateField(),
  endingType: z.enum(ENDING_TYPES, { error: v.required }),
  occurrences: wholeNumberOrNull(r.occurrencesRange, OCCURRENCES_MIN, OCCURRENCES_MAX),
  recurrence: wholeNumberOrNull(r.recurrenceRange, RECURRENCE_MIN, RECURRENCE_MAX),
  unit: z.enum(RECURRING_UNITS, { error: v.required }),
  day: wholeNumberOrNull(v.choiceInvalid, 1, 31),
})

/**
 * RecurringParams (spec/sales.md §3, §5; spec/account.md §5 "Recurring invoice"). The rules that need today's date
 * (a new start at least tomorrow…) are `recurringDateErrors`, run by the server and the form alike. Normalised on the
 * way: occurrences null when the end is by date, the end date null when it is by occurrences, no day for the units
 * that have none.
 */
export const recurringParamsSchema = z
  .strictObject({
    ...ruleFields(),
    creationOption: z.enum(CREATION_OPTIONS, { error: v.required }),
    emails: recurringEmailsSchema.nullish().transform((value) => value ?? null),
  })
  .superRefine((value, ctx) => {
    if (value.recurrence === null) ctx.addIssue({ code: 'custom', message: v.required, path: ['recurrence'] })
    if (value.endingType === 'occurrences' && value.occurrences === null)
      ctx.addIssue({ code: 'custom', message: v.required, path: ['occurrences'] })
    if (value.unit === 'month' && !MONTH_DAYS.includes((value.day ?? 0) as never))
      ctx.addIssue({ code: 'custom', message: r.monthDay, path: ['day'] })
    if (value.unit === 'week' && !WEEKDAYS.includes((value.day ?? 0) as never))
      ctx.addIssue({ code: 'custom', message: r.weekday, path: ['day'] })
    if (value.creationOption === 'send') {
      const emails = value.emails
      if (!emails?.emailRecipient)
        ctx.addIssue({ code: 'custom', message: v.required, path: ['emails', 'emailRecipient'] })
      if (!emails?.subject) ctx.addIssue({ code: 'custom', message: v.required, path: ['emails', 'subject'] })
      if (!emails?.body) ctx.addIssue({ code: 'custom', message: v.required, path: ['emails', 'body'] })
    }
  })
  .transform((value) => ({
    ...value,
    recurrence: value.recurrence ?? RECURRENCE_MIN,
    occurrences: value.endingType === 'occurrences' ? value.occurrences : null,
    endingAt: value.endingType === 'date' ? value.endingAt : null,
    day: value.unit === 'month' || value.unit === 'week' ? value.day : null,
  }))
export type RecurringParamsInput = z.input<typeof recurringParamsSchema>
export type RecurringParamsBody = z.output<typeof recurringParamsSchema>

/** POST /recurring-calendar: the rule of the form (and, for a saved one, its id: what it has produced counts). */
export const recurringCalendarSchema = z
  .strictObject({
    id: optionalIdField({ zeroIsEmpty: false }),
    ...ruleFields(),
    limit: z.number().int().min(1).max(60).default(12),
  })
  .transform((value): RecurrenceRule & { id: number | null; limit: number } => ({
    id: value.id ?? null,
    startingAt: value.startingAt,
    unit: value.unit,
    recurrence: value.recurrence ?? RECURRENCE_MIN,
    day:
      (value.unit === 'month' && MONTH_DAYS.includes(value.day as never)) ||
      (value.unit === 'week' && WEEKDAYS.includes(value.day as never))
        ? value.day
        : null,
    endingType: value.endingType,
    endingAt: value.endingType === 'date' ? value.endingAt : null,
    occurrences: value.endingType === 'occurrences' ? (value.occurrences ?? 0) : null,
    limit: value.limit,
  }))
export type RecurringCalendarBody = z.output<typeof recurringCalendarSchema>

/**
 * The rules of spec/sales.md §5 that depend on today (Europe/Paris): a new start, or a changed one, at least tomorrow;
 * an end date at least tomorrow (new or changed) and never before the start. Keyed like the form's fields.
 */
export function recurringDateErrors(
  params: Pick<RecurrenceRule, 'startingAt' | 'endingAt' | 'endingType'>,
  context: { today: IsoDate; saved?: { startingAt: IsoDate; endingAt: IsoDate | null } | null },
): Record<string, string> {
  const errors: Record<string, string> = {}
  const tomorrow = addDays(context.today, 1)
  const saved = context.saved ?? null
  const startChanged = !saved || saved.startingAt !== params.startingAt
  if (startChanged && params.startingAt < tomorrow) errors['recurringParams.startingAt'] = r.startTomorrow
  const end = params.endingType === 'date' ? params.endingAt : null
  if (end !== null) {
    const endChanged = !saved || saved.endingAt !== end
    if (end < params.startingAt) errors['recurringParams.endingAt'] = r.endBeforeStart
    else if (endChanged && end < tomorrow) errors['recurringParams.endingAt'] = r.endTomorrow
  }
  return errors
}
