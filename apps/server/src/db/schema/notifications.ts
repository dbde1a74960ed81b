import { bigint, boolean, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { instant } from './columns'
import { organizations } from './organizations'

/**
 * A notification of an organisation (spec/account.md §3 "Notification", §4 "Notifications"). One row per event, with
 * the members it is for (`recipientIds`, chosen by each one's preferences when it is made) and those who read it
 * (`readBy`, the spec's readBy): arrays, since a row is read by a handful of people and always read with its row.
 */
export const notifications = pgTable(
  'notifications',
  {
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    modelType: text('model_type'),
    modelId: bigint('model_id', { mode: 'number' }),
    tags: text('tags').array().notNull(),
    userName: text('user_name'),
    description: text('description').notNull(),
    isImportant: boolean('is_important').notNull(),
    recipientIds: bigint('recipient_ids', { mode: 'number' }).array().notNull(),
    readBy: bigint('read_by', { mode: 'number' }).array().notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('notifications_recent').on(t.organizationId, t.createdAt.desc(), t.id.desc()),
  ],
)
