import { sql } from 'drizzle-orm'
import { bigint, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { instant } from './columns'
import { organizations } from './organizations'

/**
 * A card payment started on a shared invoice (/p/{token}): the Checkout Session made on the organisation's own Stripe
 * account. Kept until settled, so that a payment whose customer never came back to the page is still found by the jobs
 * (decision 0030); settledAt is when Carnet last needed to look at it (paid and recorded, expired, or the invoice
 * paid otherwise).
 */
export const cardPaymentSessions = pgTable(
  'card_payment_sessions',
  {
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    invoiceId: bigint('invoice_id', { mode: 'number' }).notNull(),
    sessionId: text('session_id').notNull(),
    createdAt: instant('created_at').notNull(),
    settledAt: instant('settled_at'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('card_payment_sessions_session_unique').on(t.sessionId, t.organizationId),
    index('card_payment_sessions_pending').on(t.createdAt).where(sql`${t.settledAt} is null`),
  ],
)
