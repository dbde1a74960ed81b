import { messages } from '@app/domain'
import { describe, expect, it } from 'vitest'
import {
  dayForUnit,
  newRecurringValues,
  type RecurringValues,
  recurringFormErrors,
  recurringInput,
} from './recurringForm'

const today = '2026-11-23'
const values = (over: Partial<RecurringValues> = {}): RecurringValues => ({
  ...newRecurringValues(null, today),
  ...over,
})

describe('recurring parameters of the editor', () => {
  it('start on the defaults of spec/sales.md §9: tomorrow, every month on the 1st, a draft, no end', () => {
    expect(recurringInput(values())).toEqual({
      startingAt: '2026-11-24',
      endingAt: null,
      endingType: 'date',
      occurrences: null,
      recurrence: 1,
      unit: 'month',
      day: 1,
      creationOption: 'draft',
      emails: null,
    })
  })

  it("start on the organisation's own defaults when its sales settings have them", () => {
    const settings = {
      recurringUnit: 'week',
      recurringCreationOption: 'send',
      recurringEndingType: 'occurrences',
      invoiceEmailSubject: null,
      recurringEmail: 'Bonjour {client}',
    } as unknown as Parameters<typeof newRecurringValues>[0]
    const fromSettings = newRecurringValues(settings, today)
    expect(fromSettings).toMatchObject({
      unit: 'week',
      day: 1,
      creationOption: 'send',
      endingType: 'occurrences',
      occurrences: 1,
    })
    expect(fromSettings.emails.body).toBe('Bonjour {client}')
  })

  it('send null for what the choices leave unused: an end date switched off, occurrences by date, a daily day', () => {
    expect(recurringInput(values({ hasEndingAt: false, endingAt: '2027-01-01' })).endingAt).toBeNull()
    expect(recurringInput(values({ hasEndingAt: true, endingAt: '2027-01-01' })).endingAt).toBe('2027-01-01')
    const byCount = recurringInput(
      values({ endingType: 'occurrences', occurrences: 4, hasEndingAt: true, endingAt: '2027-01-01' }),
    )
    expect(byCount).toMatchObject({ occurrences: 4, endingAt: null })
    expect(recurringInput(values({ unit: 'day', day: 5 })).day).toBeNull()
  })

  it('send the e-mail only with the option send, Cc and Cci null once their row is removed', () => {
    const emails = {
      ...values().emails,
      emailRecipient: 'a@x.fr',
      hasCc: false,
      cc: 'old@x.fr',
      hasCci: true,
      cci: 'b@x.fr',
    }
    expect(recurringInput(values({ emails })).emails).toBeNull()
    expect(recurringInput(values({ creationOption: 'send', emails })).emails).toMatchObject({
      emailRecipient: 'a@x.fr',
      cc: null,
      cci: 'b@x.fr',
      subject: messages.recurring.defaultSubject,
    })
  })

  it('keep a day that fits the new unit, else take the 1st', () => {
    expect(dayForUnit('week', 31)).toBe(1)
    expect(dayForUnit('week', 3)).toBe(3)
    expect(dayForUnit('month', 3)).toBe(1)
    expect(dayForUnit('month', 31)).toBe(31)
  })

  it('refuse a new start before tomorrow, but not the unchanged start of a saved one', () => {
    expect(recurringFormErrors(values({ startingAt: today }), { today, saved: null })).toEqual({
      'recurringParams.startingAt': messages.recurring.startTomorrow,
    })
    const saved = { startingAt: '2026-01-05', endingAt: null }
    expect(recurringFormErrors(values({ startingAt: '2026-01-05' }), { today, saved })).toEqual({})
  })

  it('ask a date once the end date is on, and refuse one before the start', () => {
    expect(recurringFormErrors(values({ hasEndingAt: true }), { today, saved: null })).toEqual({
      'recurringParams.endingAt': messages.validation.required,
    })
    expect(
      recurringFormErrors(values({ startingAt: '2026-12-10', hasEndingAt: true, endingAt: '2026-12-01' }), {
        today,
        saved: null,
      }),
    ).toEqual({ 'recurringParams.endingAt': messages.recurring.endBeforeStart })
  })
})
