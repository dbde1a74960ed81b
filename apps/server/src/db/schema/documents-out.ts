import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { instant } from './columns'
import { organizations } from './organizations'
import { paymentModes } from './reference'

const organizationId = () =>
  bigint('organization_id', { mode: 'number' })
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' })

/**
 * The payment modes an organisation offers on its documents (spec/account.md §3 "Payment modes"), one row per mode,
 * made on first use from `payment_modes.is_active_by_default`. The bank transfer carries the IBAN and BIC printed on
 * invoices and written in the Factur-X XML (BT-84, BT-86).
 */
export const organizationPaymentModes = pgTable(
  'organization_payment_modes',
  {
    organizationId: organizationId(),
    paymentModeId: integer('payment_mode_id')
      .notNull()
      .references(() => paymentModes.id),
    isActive: boolean('is_active').notNull(),
    iban: text('iban'),
    bic: text('bic'),
    /** Account holder printed next to the IBAN; the organisation's name when empty. */
    accountName: text('account_name'),
    /** STRIPE only: the organisation's own secret key, never sent back whole (features/sales/card-payment). */
    secretKey: text('secret_key'),
    /** STRIPE only: the invoice totals TTC, in whole euros, between which a customer may pay by card; null: no bound. */
    paymentMinimum: integer('payment_minimum'),
    paymentLimit: integer('payment_limit'),
    updatedAt: instant('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.paymentModeId] }),
    check(
      'organization_payment_modes_card_limits_check',
      sql`(${t.paymentMinimum} is null or ${t.paymentMinimum} > 0) and (${t.paymentLimit} is null or ${t.paymentLimit} > 0)`,
    ),
  ],
)

/**
 * Comments on a document (subject_type invoice, quote, receipt, transaction). Only the author deletes one
 * (spec/sales.md §6); the author row may go (account closure) and the comment stays, unsigned.
 */
export const comments = pgTable(
  'comments',
  {
    organizationId: organizationId(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    subjectType: text('subject_type').notNull(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    comment: text('comment').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: instant('created_at').notNull().default(sql`now()`),
    updatedAt: instant('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('comments_subject_idx').on(t.organizationId, t.subjectType, t.subjectId, t.id),
  ],
)

/** The one private note of a document (PUT /{model}/{id}/note, at most 2000 characters), auto-saved by the editor. */
export const notes = pgTable(
  'notes',
  {
    organizationId: organizationId(),
    subjectType: text('subject_type').notNull(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    comment: text('comment').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    updatedAt: instant('updated_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.subjectType, t.subjectId] })],
)

/**
 * Public share links of a document (POST /invoices/{id}/public-url): the token is 32 random bytes in base64url, the
 * only way to reach the document without an account. Revoking stamps `revoked_at`; a new link is then a new token.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    organizationId: organizationId(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    subjectType: text('subject_type').notNull(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    token: text('token').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().default(sql`now()`),
    revokedAt: instant('revoked_at'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('share_links_token_unique').on(t.token, t.organizationId),
    index('share_links_subject_idx').on(t.organizationId, t.subjectType, t.subjectId),
  ],
)
