import { sql } from 'drizzle-orm'
import { bigint, check, index, pgTable } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { instant } from './columns'

/**
 * Support access (features/account/support-access): a user lets the instance's operators act as them until `expiresAt`,
 * or until they take it back. The operator's sessions as that user are sessions rows with `impersonator_user_id`.
 */
export const supportGrants = pgTable(
  'support_grants',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    grantedAt: instant('granted_at').notNull().default(sql`now()`),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
  },
  (t) => [
    index('support_grants_user_idx').on(t.userId, t.expiresAt),
    check('support_grants_period_check', sql`${t.expiresAt} > ${t.grantedAt}`),
  ],
)
