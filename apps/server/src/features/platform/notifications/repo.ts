import { JOURNAL_TYPE_IDS, type NotificationPreferences, type Paging, pageOffset } from '@app/domain'
import { and, count, desc, eq, gte, inArray, lte, not, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { journals, notifications, organizationMembers, transactions, users } from '../../../db/schema/index'

export type NotificationRow = typeof notifications.$inferSelect
export type NewNotification = Omit<typeof notifications.$inferInsert, 'id' | 'readBy'>

/** The channel every process LISTENs on; the payload is "organisationId:notificationId" (decision 0027). */
export const NOTIFICATION_CHANNEL = 'carnet_notifications'

export function createNotificationRepo(db: DbOrTx) {
  const addressedTo = (organizationId: number, userId: number) =>
    and(
      eq(notifications.organizationId, organizationId),
      sql`${notifications.recipientIds} @> array[${userId}]::bigint[]`,
    )

  return {
    /** The members of an organisation, each with their notification preferences (as stored: may lack new fields). */
    async members(organizationId: number) {
      return db
        .select({ userId: users.id, preferences: users.preferences })
        .from(organizationMembers)
        .innerJoin(users, eq(users.id, organizationMembers.userId))
        .where(eq(organizationMembers.organizationId, organizationId))
    },

    /** A page of the user's notifications, newest first, and how many match. */
    async list(
      organizationId: number,
      userId: number,
      filter: { important?: boolean; unread?: boolean; search?: string },
      paging: Paging,
    ) {
      // `search`: found in the sentence or the name of who acted, case and accents aside.
      const pattern = filter.search ? `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined
      const where = and(
        addressedTo(organizationId, userId),
        pattern
          ? sql`(search_fold(${notifications.description}) like search_fold(${pattern})
              or search_fold(coalesce(${notifications.userName}, '')) like search_fold(${pattern}))`
          : undefined,
        filter.important === undefined ? undefined : eq(notifications.isImportant, filter.important),
        filter.unread === undefined
          ? undefined
          : filter.unread
            ? not(sql`${notifications.readBy} @> array[${userId}]::bigint[]`)
            : sql`${notifications.readBy} @> array[${userId}]::bigint[]`,
      )
      const rows = await db
        .select()
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(paging.pageSize)
        .offset(pageOffset(paging))
      const [total] = await db.select({ total: count() }).from(notifications).where(where)
      return { rows, total: total?.total ?? 0 }
    },

    async find(organizationId: number, userId: number, id: number) {
      const [row] = await db
        .select()
        .from(notifications)
        .where(and(addressedTo(organizationId, userId), eq(notifications.id, id)))
      return row
    },

    /** Adds the user to readBy once (reading twice changes nothing). */
    async markRead(organizationId: number, userId: number, id: number) {
      const [row] = await db
        .update(notifications)
        .set({
          readBy: sql`case when ${notifications.readBy} @> array[${userId}]::bigint[] then ${notifications.readBy}
            else array_append(${notifications.readBy}, ${userId}::bigint) end`,
        })
        .where(and(addressedTo(organizationId, userId), eq(notifications.id, id)))
        .returning()
      return row
    },

    /** The row and its announcement in one transaction: the announcement goes out when the row is committed. */
    async insert(values: NewNotification) {
      const [row] = await db
        .insert(notifications)
        .values({ ...values, readBy: [] })
        .returning()
      if (!row) throw new Error('notification insert returned nothing')
      await db.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${`${row.organizationId}:${row.id}`})`)
      return row
    },
  }
}

export type StoredPreferences = Partial<NotificationPreferences> | undefined

/** The bank accounts among `journalIds` with their balance (starting value and lines) as text. */
export async function bankBalanceRows(db: DbOrTx, organizationId: number, journalIds: number[]) {
  return db
    .select({
      id: journals.id,
      // Qualified by hand: in a one-table select drizzle writes the outer columns bare, which the subquery would read
      // as its own.
      balance: sql<string>`(${journals.startingValue} + coalesce((select sum(t.amount) from ${transactions} t
        where t.organization_id = journals.organization_id and t.journal_id = journals.id), 0))::numeric(15,2)::text`,
    })
    .from(journals)
    .where(
      and(
        eq(journals.organizationId, organizationId),
        inArray(journals.id, journalIds),
        eq(journals.journalTypeId, JOURNAL_TYPE_IDS.BQ),
      ),
    )
}

/** The bank lines among `transactionIds` at or above `income`, or at or below minus `outcome` (null: no bound). */
export async function bankLinesBeyond(
  db: DbOrTx,
  organizationId: number,
  transactionIds: number[],
  lowest: { income: number | null; outcome: number | null },
) {
  return db
    .select({ id: transactions.id, amount: transactions.amount, name: transactions.name, account: journals.name })
    .from(transactions)
    .innerJoin(
      journals,
      and(eq(journals.organizationId, transactions.organizationId), eq(journals.id, transactions.journalId)),
    )
    .where(
      and(
        eq(transactions.organizationId, organizationId),
        inArray(transactions.id, transactionIds),
        eq(journals.journalTypeId, JOURNAL_TYPE_IDS.BQ),
        or(
          lowest.income === null ? undefined : gte(transactions.amount, String(lowest.income)),
          lowest.outcome === null ? undefined : lte(transactions.amount, String(-lowest.outcome)),
        ),
      ),
    )
    .orderBy(transactions.datedAt, transactions.id)
}

export async function journalNames(db: DbOrTx, organizationId: number, ids: number[]) {
  return db
    .select({ id: journals.id, name: journals.name })
    .from(journals)
    .where(and(eq(journals.organizationId, organizationId), inArray(journals.id, ids)))
}
