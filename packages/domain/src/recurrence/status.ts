import type { IsoDate } from '../dates/calendar'
import { dateParts, isIsoDate } from '../dates/calendar'
import { monthNameFr } from '../dates/format'
import { LAST_DAY_OF_MONTH, type RecurrenceRule, type Schedule } from './rules'

/**
 * The badge of a recurring invoice (spec/sales.md §4 "Recurring invoice badge"), read in the table's order: no
 * customer → Brouillon; inactive → Suspendu; ended (end date passed, no occurrence left) → Terminé; else Actif.
 */
export const SUBSCRIPTION_STATUSES = {
  DRAFT: { label: 'Brouillon', color: 'gray' },
  SUSPENDED: { label: 'Suspendu', color: 'orange' },
  ACTIVE: { label: 'Actif', color: 'green' },
  FINISHED: { label: 'Terminé', color: 'dark' },
} as const
export type SubscriptionStatus = keyof typeof SUBSCRIPTION_STATUSES

export type SubscriptionFacts = {
  hasContact: boolean
  isActive: boolean
  endingType: RecurrenceRule['endingType']
  endingAt: IsoDate | null
  remainingOccurrences: number | null
  /** Null once the schedule has no date left. */
  nextOccurrence: IsoDate | null
}

export function subscriptionStatus(facts: SubscriptionFacts, today: IsoDate): SubscriptionStatus {
  if (!facts.hasContact) return 'DRAFT'
  if (!facts.isActive) return 'SUSPENDED'
  const ended =
    facts.nextOccurrence === null ||
    (facts.endingType === 'date' && facts.endingAt !== null && facts.endingAt < today) ||
    (facts.endingType === 'occurrences' && (facts.remainingOccurrences ?? 0) <= 0)
  return ended ? 'FINISHED' : 'ACTIVE'
}

/** What can be done to a recurring invoice: the server refuses (409) and the web hides what this table refuses. */
export const SUBSCRIPTION_ACTIONS = ['edit', 'delete', 'duplicate', 'suspend', 'reactivate'] as const
export type SubscriptionAction = (typeof SUBSCRIPTION_ACTIONS)[number]

export function canSubscription(action: SubscriptionAction, facts: Pick<SubscriptionFacts, 'hasContact' | 'isActive'>) {
  switch (action) {
    case 'edit':
    case 'delete':
    case 'duplicate':
      return true
    case 'suspend':
      return facts.isActive
    case 'reactivate':
      // spec/sales.md §4: reactivating needs a customer.
      return !facts.isActive && facts.hasContact
  }
}

export const subscriptionActions = (facts: Pick<SubscriptionFacts, 'hasContact' | 'isActive'>) =>
  SUBSCRIPTION_ACTIONS.filter((action) => canSubscription(action, facts))

const WEEKDAY_NAMES = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'] as const

/** "le 1er", "le 5", "le dernier jour". */
export const monthDayLabel = (day: number) =>
  day >= LAST_DAY_OF_MONTH ? 'le dernier jour' : day === 1 ? 'le 1er' : `le ${day}`

export const weekdayName = (day: number) => WEEKDAY_NAMES[day - 1] ?? ''

/**
 * The recurrence in words, as the list shows it: "tous les mois, le 5", "toutes les 2 semaines, le lundi", "tous les
 * jours", "tous les ans, le 29 février".
 */
export function describeRecurrence(schedule: Schedule): string {
  const n = schedule.recurrence
  const start = isIsoDate(schedule.startingAt) ? dateParts(schedule.startingAt) : null
  switch (schedule.unit) {
    case 'day':
      return n === 1 ? 'tous les jours' : `tous les ${n} jours`
    case 'week': {
      const every = n === 1 ? 'toutes les semaines' : `toutes les ${n} semaines`
      const day = schedule.day ?? null
      return day ? `${every}, le ${weekdayName(day)}` : every
    }
    case 'month': {
      const every = n === 1 ? 'tous les mois' : `tous les ${n} mois`
      const day = schedule.day ?? start?.day ?? null
      return day ? `${every}, ${monthDayLabel(day)}` : every
    }
    case 'year': {
      const every = n === 1 ? 'tous les ans' : `tous les ${n} ans`
      if (!start) return every
      return `${every}, le ${start.day === 1 ? '1er' : start.day} ${monthNameFr(start.month)}`
    }
  }
}
