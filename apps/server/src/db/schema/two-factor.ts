import { sql } from 'drizzle-orm'
import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { instant } from './columns'
import { organizations } from './organizations'

/**
 * A user's authenticator (TOTP, RFC 6238). The seed is sealed by the secret box (lib/secrets.ts): a copy of the
 * database alone cannot make codes. `confirmedAt` null: an enrolment waiting for its first code.
 * `lastUsedStep`: the 30-second step of the last accepted code, so that no code serves twice.
 */
export const userTwoFactors = pgTable('user_two_factors', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  confirmedAt: instant('confirmed_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: instant('created_at').notNull().default(sql`now()`),
})

/** Single-use recovery codes: only their SHA-256 is kept. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: instant('used_at'),
    createdAt: instant('created_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
)

/** A sign-in whose password was right and that waits for its code (5 minutes, 5 wrong codes). */
export const twoFactorPendingLogins = pgTable(
  'two_factor_pending_logins',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    failures: integer('failures').notNull().default(0),
    expiresAt: instant('expires_at').notNull(),
    createdAt: instant('created_at').notNull().default(sql`now()`),
  },
  (t) => [index('two_factor_pending_logins_user_idx').on(t.userId)],
)

/** An organisation whose owner requires the second factor of every member (a row: required). */
export const organizationTwoFactorRequirements = pgTable('organization_two_factor_requirements', {
  organizationId: bigint('organization_id', { mode: 'number' })
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  requiredBy: bigint('required_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  requiredAt: instant('required_at').notNull().default(sql`now()`),
})
