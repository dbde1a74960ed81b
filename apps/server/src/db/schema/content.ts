import { bigint, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { instant } from './columns'
import { organizations } from './organizations'

/**
 * A member's request for a new tutorial (spec/account.md §3 "Tutorial request"): what about, and the screen it was
 * asked from. The user may go (account closure): the request keeps the e-mail it came from.
 */
export const tutorialRequests = pgTable(
  'tutorial_requests',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    userEmail: text('user_email').notNull(),
    name: text('name').notNull(),
    screenName: text('screen_name'),
    pathName: text('path_name').notNull(),
    hostName: text('host_name').notNull(),
    overview: text('overview').notNull(),
    description: text('description'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('tutorial_requests_recent').on(t.organizationId, t.createdAt.desc()),
  ],
)
