import { sql } from 'drizzle-orm'
import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'

import { users } from './accounts'
import { instant } from './columns'

/**
 * The browsers a user has signed in from: the hash of a long-lived random cookie, per user. A sign-in from a browser
 * not in this list e-mails the user (decision 0041). Users are global, like sessions: no organisation here.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    createdAt: instant('created_at').notNull().default(sql`now()`),
    lastSeenAt: instant('last_seen_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
)

/**
 * Wrong secrets counted per subject (an account's e-mail for passwords, a user for second-factor codes), whatever
 * address they come from. Past a threshold every attempt waits a growing delay; an unlock code sent by e-mail lets
 * the owner through (features/account/auth/throttle.ts).
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    subject: text('subject').primaryKey(),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: instant('last_failure_at').notNull(),
    lockedUntil: instant('locked_until'),
    unlockCodeHash: text('unlock_code_hash'),
    unlockExpiresAt: instant('unlock_expires_at'),
    unlockAttempts: integer('unlock_attempts').notNull().default(0),
  },
  (t) => [index('login_throttles_last_failure_idx').on(t.lastFailureAt)],
)
