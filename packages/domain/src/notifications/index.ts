import { abs, compare, type DecimalInput, isNegative, isZero } from '../money/index'

/** spec/account.md §9: the dashboard shows 5, the panel 15, the badge says 9+ above 9, read after 3 s in view. */
export const NOTIFICATION_PANEL_SIZE = 15
export const NOTIFICATION_DASHBOARD_SIZE = 5
export const NOTIFICATION_BADGE_MAX = 9
export const NOTIFICATION_READ_DELAY_MS = 3000
/** spec/account.md §9 "Late-invoice reminders: one e-mail per week": an invoice is reminded again 7 days after. */
export const REMINDER_INTERVAL_DAYS = 7
/** spec/account.md §9 "Default notification thresholds 500". */
export const NOTIFICATION_DEFAULT_THRESHOLD = 500

/** What the badge shows: the count, or "9+" above 9; nothing at 0. */
export function badgeLabel(unread: number): string | null {
  if (unread <= 0) return null
  return unread > NOTIFICATION_BADGE_MAX ? `${NOTIFICATION_BADGE_MAX}+` : String(unread)
}

/**
 * The kinds of notification the server makes (decision 0027): a comment, an invoice paid (by hand or by a transfer),
 * a bank line above the member's income or outcome threshold, a bank connection whose synchronisation is lost, a bank
 * account gone below zero. The preference that governs each is in the server.
 */
export const NOTIFICATION_TYPES = [
  'commentAdded',
  'invoicePaid',
  'income',
  'outcome',
  'synchroLost',
  'negativeBalance',
  // A customer's invoice disputed (207), refused (210) or rejected (213) on the e-invoicing network (issue 33).
  'eInvoiceStatus',
  // An e-reporting period whose data is due within days and not transmitted yet (issue 33).
  'eReportingDeadline',
] as const
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]

type ThresholdPreference = { enabled: boolean; threshold: number }

/**
 * Whether a bank line of this signed amount reaches the member's threshold: credits against income, debits against
 * outcome, by absolute value, the threshold included (a whole number of euros).
 */
export function reachesThreshold(
  amount: DecimalInput,
  preferences: { income: ThresholdPreference; outcome: ThresholdPreference },
): boolean {
  if (isZero(amount)) return false
  const preference = isNegative(amount) ? preferences.outcome : preferences.income
  return preference.enabled && compare(abs(amount), preference.threshold) >= 0
}

/** A balance that crossed below zero: it was zero or more, it is now below (once per crossing, not while it stays). */
export const wentNegative = (before: DecimalInput, after: DecimalInput): boolean =>
  !isNegative(before) && isNegative(after)
