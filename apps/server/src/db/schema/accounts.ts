import type { Preferences } from '@app/domain'
import { sql } from 'drizzle-orm'
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'

import { instant } from './columns'

/** Users are global: one person may belong to several organisations. */
export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    position: text('position'),
    phoneMobile: text('phone_mobile'),
    phoneOffice: text('phone_office'),
    isAdmin: integer('is_admin').notNull().default(0),
    currentOrganizationId: bigint('current_organization_id', { mode: 'number' }),
    preferences: jsonb('preferences').$type<Preferences>().notNull(),
    lastLoginAt: instant('last_login_at'),
    closedAt: instant('closed_at'),
    createdAt: instant('created_at').notNull().default(sql`now()`),
    updatedAt: instant('updated_at').notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`)],
)

/** Sessions live in the database so that any server process can serve any request. Only a hash of the token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** The public id the profile's list shows and ends (the token's hash never leaves the server). */
    id: bigint('id', { mode: 'number' }).notNull().unique().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull().default(sql`now()`),
    lastSeenAt: instant('last_seen_at').notNull().default(sql`now()`),
    expiresAt: instant('expires_at').notNull(),
    userAgent: text('user_agent'),
    /** The address the session was opened from (the client's, as TRUST_PROXY lets it be known). */
    ip: text('ip'),
    /** Support access: the operator acting as this user in this session. */
    impersonatorUserId: bigint('impersonator_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'cascade',
    }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    lastFour: text('last_four').notNull(),
    lastUsedAt: instant('last_used_at'),
    createdAt: instant('created_at').notNull().default(sql`now()`),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
)

/** One-time codes sent by e-mail: password reset, account closure and e-mail change (to the new address). */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Set when the code was verified: the reset token is then valid until expiresAt. */
    tokenHash: text('token_hash'),
    /** E-mail change: the address the code was sent to, which replaces the user's once the code is confirmed. */
    newEmail: text('new_email'),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: instant('created_at').notNull().default(sql`now()`),
  },
  (t) => [index('email_codes_user_idx').on(t.userId, t.purpose)],
)

/** Fixed-window counters for rate limiting, shared by every server process. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: instant('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
)
