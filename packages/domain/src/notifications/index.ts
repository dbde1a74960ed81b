/** spec/account.md §9: the dashboard shows 5, the panel 15, the badge says 9+ above 9, read after 3 s in view. */
export const NOTIFICATION_PANEL_SIZE = 15
export const NOTIFICATION_DASHBOARD_SIZE = 5
export const NOTIFICATION_BADGE_MAX = 9
export const NOTIFICATION_READ_DELAY_MS = 3000
/** spec/account.md §9 "Default notification thresholds 500". */
export const NOTIFICATION_DEFAULT_THRESHOLD = 500

/** What the badge shows: the count, or "9+" above 9; nothing at 0. */
export function badgeLabel(unread: number): string | null {
  if (unread <= 0) return null
  return unread > NOTIFICATION_BADGE_MAX ? `${NOTIFICATION_BADGE_MAX}+` : String(unread)
}

/** The kinds of notification the server makes today; the preference that governs each is in the server. */
export const NOTIFICATION_TYPES = ['commentAdded', 'invoicePaid'] as const
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]
