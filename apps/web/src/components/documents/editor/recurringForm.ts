import {
  addDays,
  type CreationOption,
  type EndingType,
  type IsoDate,
  isIsoDate,
  MONTH_DAYS,
  messages,
  RECURRING_DEFAULTS,
  type RecurringParamsDto,
  type RecurringUnit,
  recurringDateErrors,
  type SalesSettingsDto,
  todayInParis,
  WEEKDAYS,
} from '@app/domain'

/**
 * A recurring invoice's parameters as the editor holds them (spec/sales.md §3 "RecurringParams", §5). Shaped like
 * recurringParamsSchema's input so that its errors and the server's ('recurringParams.emails.emailRecipient') land on
 * the same paths, plus what only the screen needs: whether the end date, Cc and Cci rows are switched on.
 */
export type RecurringValues = {
  startingAt: string
  /** The "Date de fin" toggle: off, the subscription never ends and endingAt is sent null. */
  hasEndingAt: boolean
  endingAt: string | null
  endingType: EndingType
  /** Whole numbers or null when the field is empty: the spec wants numbers, never strings. */
  occurrences: number | null
  recurrence: number | null
  unit: RecurringUnit
  /** Day of the month (1…31, 31 = last day) for a monthly schedule, weekday (1 = Monday) for a weekly one. */
  day: number | null
  creationOption: CreationOption
  emails: {
    /** Semicolon-separated, as typed. */
    emailRecipient: string
    hasCc: boolean
    cc: string
    hasCci: boolean
    cci: string
    subject: string
    body: string
  }
}

/** The e-mail of each occurrence: the settings' subject and recurring template, else the app's defaults. */
function defaultEmails(settings: SalesSettingsDto | null): RecurringValues['emails'] {
  return {
    emailRecipient: '',
    hasCc: false,
    cc: '',
    hasCci: false,
    cci: '',
    subject: settings?.invoiceEmailSubject || messages.recurring.defaultSubject,
    body: settings?.recurringEmail || messages.sending.invoiceBody(messages.sending.invoiceWhat),
  }
}

/**
 * spec/sales.md §9 "Recurring defaults": start tomorrow (Paris), every month on the 1st, a draft each time, no end —
 * unless the organisation's sales settings choose another period, creation option or ending type.
 */
export function newRecurringValues(
  settings: SalesSettingsDto | null,
  today: IsoDate = todayInParis(),
): RecurringValues {
  const unit = settings?.recurringUnit ?? RECURRING_DEFAULTS.unit
  return {
    startingAt: addDays(today, 1),
    hasEndingAt: false,
    endingAt: null,
    endingType: settings?.recurringEndingType ?? RECURRING_DEFAULTS.endingType,
    occurrences: RECURRING_DEFAULTS.occurrences,
    recurrence: RECURRING_DEFAULTS.recurrence,
    unit,
    day: dayForUnit(unit, RECURRING_DEFAULTS.day),
    creationOption: settings?.recurringCreationOption ?? RECURRING_DEFAULTS.creationOption,
    emails: defaultEmails(settings),
  }
}

/** The values of a saved subscription; what it left empty takes the defaults, so that switching an option shows them. */
export function recurringValuesFromDto(params: RecurringParamsDto, settings: SalesSettingsDto | null): RecurringValues {
  const defaults = defaultEmails(settings)
  const emails = params.emails
  return {
    startingAt: params.startingAt,
    hasEndingAt: params.endingAt !== null,
    endingAt: params.endingAt,
    endingType: params.endingType,
    occurrences: params.occurrences ?? RECURRING_DEFAULTS.occurrences,
    recurrence: params.recurrence,
    unit: params.unit,
    day: params.day ?? RECURRING_DEFAULTS.day,
    creationOption: params.creationOption,
    emails: {
      emailRecipient: emails?.emailRecipient ?? '',
      hasCc: Boolean(emails?.cc),
      cc: emails?.cc ?? '',
      hasCci: Boolean(emails?.cci),
      cci: emails?.cci ?? '',
      subject: emails?.subject ?? defaults.subject,
      body: emails?.body ?? defaults.body,
    },
  }
}

/** A day that fits the unit: a weekly schedule needs a weekday, a monthly one a day of MONTH_DAYS; else the 1st. */
export function dayForUnit(unit: RecurringUnit, day: number | null): number | null {
  if (unit === 'week') return WEEKDAYS.includes(day as never) ? day : RECURRING_DEFAULTS.day
  if (unit === 'month') return MONTH_DAYS.includes(day as never) ? day : RECURRING_DEFAULTS.day
  return day
}

/**
 * What recurringParamsSchema reads (spec/sales.md §5): occurrences null when the end is by date, the end date null
 * when its toggle is off or the end is by count, no day for daily and yearly schedules, Cc and Cci null once their row
 * is removed, and the e-mail only with the option send.
 */
export function recurringInput(values: RecurringValues) {
  const { emails } = values
  return {
    startingAt: values.startingAt,
    endingAt: values.endingType === 'date' && values.hasEndingAt ? values.endingAt || null : null,
    endingType: values.endingType,
    occurrences: values.endingType === 'occurrences' ? values.occurrences : null,
    recurrence: values.recurrence,
    unit: values.unit,
    day: values.unit === 'month' || values.unit === 'week' ? values.day : null,
    creationOption: values.creationOption,
    emails:
      values.creationOption === 'send'
        ? {
            emailRecipient: emails.emailRecipient,
            cc: emails.hasCc ? emails.cc : null,
            cci: emails.hasCci ? emails.cci : null,
            subject: emails.subject,
            body: emails.body,
          }
        : null,
  }
}

/** The saved dates recurringDateErrors compares with: an unchanged past start stays valid. */
export type SavedDates = { startingAt: IsoDate; endingAt: IsoDate | null } | null

/**
 * The rules that need today (recurringDateErrors: a new start at least tomorrow, an end at least tomorrow and not
 * before the start), and a switched-on end date left empty. Keyed like the form's fields.
 */
export function recurringFormErrors(
  values: RecurringValues,
  { today = todayInParis(), saved }: { today?: IsoDate; saved: SavedDates },
): Record<string, string> {
  const errors: Record<string, string> = {}
  const byDate = values.endingType === 'date'
  if (byDate && values.hasEndingAt && !values.endingAt)
    errors['recurringParams.endingAt'] = messages.validation.required
  const input = recurringInput(values)
  const datesReadable = isIsoDate(input.startingAt) && (input.endingAt === null || isIsoDate(input.endingAt))
  if (!datesReadable) return errors
  return { ...recurringDateErrors(input, { today, saved }), ...errors }
}
