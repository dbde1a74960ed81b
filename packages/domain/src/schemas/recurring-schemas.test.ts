import { describe, expect, it } from 'vitest'
import { messages } from '../messages/index'
import { invoiceSchema } from './documents'
import { recurringCalendarSchema, recurringDateErrors, recurringParamsSchema } from './recurring'

const r = messages.recurring
const base = {
  startingAt: '2026-11-24',
  endingAt: null,
  endingType: 'date',
  occurrences: null,
  recurrence: 1,
  unit: 'month',
  day: 1,
  creationOption: 'draft',
}

const issuesOf = (input: unknown) => {
  const parsed = recurringParamsSchema.safeParse(input)
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]))
}

describe('recurringParamsSchema (spec/sales.md §5)', () => {
  it('accepts the defaults of §9', () => {
    expect(recurringParamsSchema.parse(base)).toMatchObject({ recurrence: 1, day: 1, occurrences: null, emails: null })
  })

  it('wants numbers for occurrences, recurrence and day, not strings', () => {
    expect(issuesOf({ ...base, recurrence: '2' })).toEqual({ recurrence: r.recurrenceRange })
    expect(issuesOf({ ...base, day: '5' })).toHaveProperty('day')
    expect(issuesOf({ ...base, endingType: 'occurrences', occurrences: '3' })).toEqual({
      occurrences: r.occurrencesRange,
    })
  })

  it('keeps recurrence between 1 and 31 and occurrences between 1 and 300', () => {
    expect(issuesOf({ ...base, recurrence: 0 })).toEqual({ recurrence: r.recurrenceRange })
    expect(issuesOf({ ...base, recurrence: 32 })).toEqual({ recurrence: r.recurrenceRange })
    expect(issuesOf({ ...base, recurrence: 1.5 })).toEqual({ recurrence: r.recurrenceRange })
    expect(issuesOf({ ...base, recurrence: null })).toEqual({ recurrence: messages.validation.required })
    expect(issuesOf({ ...base, endingType: 'occurrences', occurrences: 301 })).toEqual({
      occurrences: r.occurrencesRange,
    })
    expect(issuesOf({ ...base, endingType: 'occurrences', occurrences: null })).toEqual({
      occurrences: messages.validation.required,
    })
  })

  it('offers the first, 5, 10, 15, 20, 25 and the last day for a month; Monday=1 to Sunday=7 for a week', () => {
    expect(issuesOf({ ...base, day: 31 })).toEqual({})
    expect(issuesOf({ ...base, day: 7 })).toEqual({ day: r.monthDay })
    expect(issuesOf({ ...base, unit: 'week', day: 7 })).toEqual({})
    expect(issuesOf({ ...base, unit: 'week', day: 8 })).toHaveProperty('day')
    expect(issuesOf({ ...base, unit: 'week', day: null })).toEqual({ day: r.weekday })
  })

  it('requires unit, start date, ending type and creation option', () => {
    expect(Object.keys(issuesOf({}))).toEqual(
      expect.arrayContaining(['startingAt', 'endingType', 'unit', 'creationOption']),
    )
  })

  it('sends occurrences as null when the end is by date, and drops the end date when it is by occurrences', () => {
    expect(recurringParamsSchema.parse({ ...base, occurrences: 4 }).occurrences).toBeNull()
    const byCount = recurringParamsSchema.parse({
      ...base,
      endingType: 'occurrences',
      occurrences: 3,
      endingAt: '2027-01-01',
    })
    expect(byCount).toMatchObject({ occurrences: 3, endingAt: null })
    expect(recurringParamsSchema.parse({ ...base, unit: 'day', day: 5 }).day).toBeNull()
  })

  it('the send option needs recipients (separated by semicolons), a subject and a body', () => {
    expect(issuesOf({ ...base, creationOption: 'send' })).toEqual({
      'emails.emailRecipient': messages.validation.required,
      'emails.subject': messages.validation.required,
      'emails.body': messages.validation.required,
    })
    const parsed = recurringParamsSchema.parse({
      ...base,
      creationOption: 'send',
      emails: {
        emailRecipient: 'A@x.fr; b@y.fr;',
        cc: '',
        cci: null,
        subject: 'Facture {reference}',
        body: 'Bonjour {client}',
      },
    })
    expect(parsed.emails).toEqual({
      emailRecipient: 'a@x.fr;b@y.fr',
      cc: null,
      cci: null,
      subject: 'Facture {reference}',
      body: 'Bonjour {client}',
    })
    expect(issuesOf({ ...base, emails: { emailRecipient: 'pas-un-email', subject: 'x', body: 'y' } })).toEqual({
      'emails.emailRecipient': messages.sending.invalidAddress('pas-un-email'),
    })
  })
})

describe('recurringDateErrors: the rules that depend on today', () => {
  const today = '2026-11-23'
  const params = { startingAt: '2026-11-24', endingAt: null, endingType: 'date' as const }

  it('a new start is at least tomorrow', () => {
    expect(recurringDateErrors(params, { today })).toEqual({})
    expect(recurringDateErrors({ ...params, startingAt: today }, { today })).toEqual({
      'recurringParams.startingAt': r.startTomorrow,
    })
  })

  it('a saved start in the past stays valid while it is not changed', () => {
    const saved = { startingAt: '2026-01-05', endingAt: null }
    expect(recurringDateErrors({ ...params, startingAt: '2026-01-05' }, { today, saved })).toEqual({})
    expect(recurringDateErrors({ ...params, startingAt: '2026-02-05' }, { today, saved })).toHaveProperty(
      'recurringParams.startingAt',
    )
  })

  it('an end date at least tomorrow and never before the start', () => {
    expect(recurringDateErrors({ ...params, endingAt: '2026-11-23' }, { today })).toEqual({
      'recurringParams.endingAt': r.endBeforeStart,
    })
    expect(
      recurringDateErrors(
        { startingAt: '2026-11-20', endingAt: '2026-11-22', endingType: 'date' },
        {
          today,
          saved: { startingAt: '2026-11-20', endingAt: null },
        },
      ),
    ).toEqual({ 'recurringParams.endingAt': r.endTomorrow })
    expect(recurringDateErrors({ ...params, endingAt: '2026-11-24' }, { today })).toEqual({})
  })
})

describe('invoiceSchema with a recurring invoice', () => {
  it('carries isRecurring and its parameters', () => {
    const parsed = invoiceSchema.parse({
      name: 'Abonnement',
      datedAt: '2026-11-24',
      paymentLimit: 30,
      isRecurring: true,
      recurringParams: base,
    })
    expect(parsed.isRecurring).toBe(true)
    expect(parsed.recurringParams?.unit).toBe('month')
    expect(invoiceSchema.parse({ name: 'F', datedAt: '2026-11-24', paymentLimit: 30 })).toMatchObject({
      isRecurring: false,
      recurringParams: null,
    })
  })
})

describe('recurringCalendarSchema', () => {
  it('reads the preview body and ignores a day the unit has not', () => {
    const { creationOption: _, ...rule } = base
    expect(recurringCalendarSchema.parse({ ...rule, unit: 'day', day: 5 })).toMatchObject({
      day: null,
      limit: 12,
      id: null,
    })
  })

  it('refuses a key the rule has not, by its name', () => {
    expect(recurringCalendarSchema.safeParse({ ...base, unit: 'day' }).error?.issues).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', keys: ['creationOption'] }),
    ])
  })
})
