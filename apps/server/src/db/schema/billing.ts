import { bigint, date, index, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { instant } from './columns'
import { organizations } from './organizations'

/**
 * The bills of the organisation's subscription to Carnet (spec/account.md §3 "Subscription bill"), as the payment
 * provider issued them (TTC); written by its webhooks (features/account/billing), one row per provider invoice.
 */
export const subscriptionBills = pgTable(
  'subscription_bills',
  {
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    providerId: text('provider_id').notNull(),
    number: text('number'),
    datedAt: date('dated_at', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 15, scale: 2 }).notNull(),
    status: text('status').notNull(),
    downloadLink: text('download_link'),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('subscription_bills_provider_unique').on(t.providerId, t.organizationId),
    index('subscription_bills_recent').on(t.organizationId, t.datedAt.desc(), t.id.desc()),
  ],
)

/** The provider's webhook events already applied (any organisation): a replayed event id is acknowledged and skipped. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: instant('processed_at').notNull(),
})
