import { sql } from 'drizzle-orm'
import { bigint, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { instant } from './columns'

/**
 * The audit trail (decision 0037): one row per thing done, never changed (triggers in migration 0034 refuse UPDATE,
 * DELETE and TRUNCATE). No foreign key: ids and a snapshot of the actor's name outlive the organisation and the user.
 * `organizationId` is null only for a failed sign-in with an unknown e-mail.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    organizationId: bigint('organization_id', { mode: 'number' }),
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: instant('occurred_at').notNull().default(sql`now()`),
    actorKind: text('actor_kind').notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    tokenId: bigint('token_id', { mode: 'number' }),
    tokenName: text('token_name'),
    impersonatorId: bigint('impersonator_id', { mode: 'number' }),
    impersonatorName: text('impersonator_name'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    category: text('category').notNull(),
    summary: text('summary').notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    targetId: text('target_id'),
    status: integer('status').notNull(),
    succeeded: boolean('succeeded').notNull(),
  },
  (t) => [
    index('audit_events_organization_idx').on(t.organizationId, t.id.desc()),
    index('audit_events_user_idx').on(t.organizationId, t.userId, t.id.desc()),
  ],
)
