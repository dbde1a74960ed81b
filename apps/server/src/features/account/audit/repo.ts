import { type AuditEventFilters, addDays, type Paging, pageOffset, parisDayStart } from '@app/domain'
import { and, count, desc, eq, gte, ilike, lt, lte, or, sql } from 'drizzle-orm'
import type { PgInsertValue } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../../db/client'
import { compiled } from '../../../db/compiled'
import { apiTokens, auditEvents, organizations, users } from '../../../db/schema/index'

export type AuditEventRow = typeof auditEvents.$inferSelect
/** Every column but the id: the insert below is built once, with each column's value given at each run. */
export type NewAuditEvent = Required<Omit<typeof auditEvents.$inferInsert, 'id'>>

const AUDIT_COLUMNS = [
  'organizationId',
  'occurredAt',
  'actorKind',
  'userId',
  'actorName',
  'actorEmail',
  'tokenId',
  'tokenName',
  'impersonatorId',
  'impersonatorName',
  'ip',
  'userAgent',
  'category',
  'summary',
  'method',
  'route',
  'targetId',
  'status',
  'succeeded',
] as const satisfies readonly (keyof NewAuditEvent)[]

// Every request that changes something writes one event, with the reads of its user: their SQL built once.
const insertEvent = compiled('audit_event_insert', (db) =>
  db
    .insert(auditEvents)
    .values(
      Object.fromEntries(AUDIT_COLUMNS.map((column) => [column, sql.placeholder(column)])) as PgInsertValue<
        typeof auditEvents
      >,
    ),
)
const userSnapshot = compiled('audit_user', (db) =>
  db
    .select({
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      currentOrganizationId: users.currentOrganizationId,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId'))),
)

/**
 * The first and last days a date can name: a period from the first has no start (in UTC it starts in 1 BC, which
 * PostgreSQL does not read as an ISO instant), one to the last no end (it has no day after it).
 */
const FIRST_DAY = '0001-01-01'
const LAST_DAY = '9999-12-31'

const searched = (text: string) => {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return or(
    ilike(auditEvents.summary, pattern),
    ilike(auditEvents.actorName, pattern),
    ilike(auditEvents.actorEmail, pattern),
    ilike(auditEvents.ip, pattern),
    ilike(auditEvents.route, pattern),
  )
}

/** The only SQL of the audit trail: it inserts and reads, never updates or deletes (the database refuses both). */
export function createAuditRepo(db: DbOrTx) {
  const whereOf = (organizationId: number, filters: AuditEventFilters) => {
    const from = filters['filter[from]']
    const to = filters['filter[to]']
    return and(
      eq(auditEvents.organizationId, organizationId),
      // Paris days: from the first instant of `from` to before the first instant of the day after `to`.
      from && from > FIRST_DAY ? gte(auditEvents.occurredAt, parisDayStart(from).toISOString()) : undefined,
      to && to < LAST_DAY ? lt(auditEvents.occurredAt, parisDayStart(addDays(to, 1)).toISOString()) : undefined,
      filters['filter[userId]'] === undefined ? undefined : eq(auditEvents.userId, filters['filter[userId]']),
      filters['filter[category]'] === undefined ? undefined : eq(auditEvents.category, filters['filter[category]']),
      filters.search ? searched(filters.search) : undefined,
    )
  }

  return {
    async insert(event: NewAuditEvent): Promise<void> {
      await insertEvent(db, event)
    },

    /** The user's name and e-mail as they are now (the snapshot the event keeps), with their current organisation. */
    async user(userId: number) {
      const [row] = await userSnapshot(db, { userId })
      return row ?? null
    },

    /** An open account by its sign-in address (as sign-in compares it: case aside). */
    async userByEmail(email: string) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${email})`, sql`${users.closedAt} is null`))
        .limit(1)
      return row?.id ?? null
    },

    async tokenName(tokenId: number) {
      const [row] = await db.select({ name: apiTokens.name }).from(apiTokens).where(eq(apiTokens.id, tokenId))
      return row?.name ?? null
    },

    async organizationName(organizationId: number) {
      const [row] = await db
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
      return row?.name ?? null
    },

    /** A page of an organisation's events, newest first, and how many the filters keep. */
    async list(organizationId: number, filters: AuditEventFilters, paging: Paging) {
      const where = whereOf(organizationId, filters)
      const rows = await db
        .select()
        .from(auditEvents)
        .where(where)
        .orderBy(desc(auditEvents.id))
        .limit(paging.pageSize)
        .offset(pageOffset(paging))
      const [total] = await db.select({ total: count() }).from(auditEvents).where(where)
      return { rows, total: total?.total ?? 0 }
    },

    /** The events the filters keep, newest first, a page after the last one read (keyset: the file streams in pages). */
    async chunk(organizationId: number, filters: AuditEventFilters, after: { id: number } | null, size: number) {
      return db
        .select()
        .from(auditEvents)
        .where(and(whereOf(organizationId, filters), after ? lte(auditEvents.id, after.id - 1) : undefined))
        .orderBy(desc(auditEvents.id))
        .limit(size)
    },
  }
}
