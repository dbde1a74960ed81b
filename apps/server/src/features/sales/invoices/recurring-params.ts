import {
  type CreationOption,
  describeRecurrence,
  type EndingType,
  type RecurrenceRule,
  type RecurringParamsDto,
  type RecurringUnit,
  remainingOccurrences,
  subscriptionStatus,
} from '@app/domain'
import type { recurringParams } from '../../../db/schema/index'

export type RecurringParamsRow = typeof recurringParams.$inferSelect

/** The schedule as the domain reads it. */
export const ruleOf = (row: RecurringParamsRow): RecurrenceRule => ({
  startingAt: row.startingAt,
  unit: row.unit as RecurringUnit,
  recurrence: row.recurrence,
  day: row.day,
  endingType: row.endingType as EndingType,
  endingAt: row.endingAt,
  occurrences: row.occurrences,
})

export const historyOf = (row: RecurringParamsRow) => ({
  generatedCount: row.generatedCount,
  lastOccurrenceAt: row.lastOccurrenceAt,
})

/** spec/sales.md §3 "RecurringParams", with the badge as of `today` (Europe/Paris). */
export function presentRecurringParams(
  row: RecurringParamsRow,
  hasContact: boolean,
  today: string,
): RecurringParamsDto {
  const rule = ruleOf(row)
  const remaining = remainingOccurrences(rule, historyOf(row))
  return {
    startingAt: row.startingAt,
    endingAt: row.endingAt,
    endingType: rule.endingType,
    occurrences: row.occurrences,
    remainingOccurrences: remaining,
    recurrence: row.recurrence,
    unit: rule.unit,
    day: row.day,
    nextOccurrence: row.nextOccurrence,
    isActive: row.isActive,
    creationOption: row.creationOption as CreationOption,
    emails: {
      emailRecipient: row.emailRecipient,
      cc: row.emailCc,
      cci: row.emailCci,
      subject: row.emailSubject,
      body: row.emailBody,
    },
    generatedCount: row.generatedCount,
    lastOccurrenceAt: row.lastOccurrenceAt,
    status: subscriptionStatus(
      {
        hasContact,
        isActive: row.isActive,
        endingType: rule.endingType,
        endingAt: row.endingAt,
        remainingOccurrences: remaining,
        nextOccurrence: row.nextOccurrence,
      },
      today,
    ),
    description: describeRecurrence(rule),
  }
}
