import { addDays, INVOICE_STATE_IDS, type IsoDate } from '@app/domain'
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { contacts, invoices, organizations, salesSettings, users } from '../../../db/schema/index'

/** Sent and unpaid: PENDING whose due date passed is late too, whether or not the hourly refresh has run yet. */
const WAITING = [INVOICE_STATE_IDS.PENDING, INVOICE_STATE_IDS.LATE]

/** Not reminded yet, or last reminded at least `interval` days before `until`. */
const dueForReminder = (until: IsoDate, interval: number) =>
  or(isNull(invoices.lastReminderAt), lte(invoices.lastReminderAt, addDays(until, -interval)))

export type ReminderCandidate = Awaited<ReturnType<ReturnType<typeof createReminderRepo>['candidates']>>[number]

export function createReminderRepo(db: DbOrTx) {
  return {
    /**
     * Every organisation's invoices late on `until` and due for a reminder, in organisations that keep reminders on:
     * the customer's address (as printed, else the contact's), and the address copied (who made the invoice, else
     * the owner). The due-date index (state, payment_limit_at) finds them.
     */
    async candidates(until: IsoDate, interval: number) {
      return db
        .select({
          organizationId: invoices.organizationId,
          id: invoices.id,
          reference: invoices.reference,
          datedAt: invoices.datedAt,
          paymentLimitAt: invoices.paymentLimitAt,
          amount: invoices.amount,
          customerEmail: sql<string | null>`coalesce(nullif(${invoices.customer}->>'email', ''), ${contacts.email})`,
          senderEmail: users.email,
          organizationName: organizations.name,
          brandName: organizations.brandName,
          signature: salesSettings.emailSignature,
        })
        .from(invoices)
        .innerJoin(organizations, eq(organizations.id, invoices.organizationId))
        .leftJoin(salesSettings, eq(salesSettings.organizationId, invoices.organizationId))
        .leftJoin(
          contacts,
          and(eq(contacts.organizationId, invoices.organizationId), eq(contacts.id, invoices.contactId)),
        )
        .leftJoin(users, eq(users.id, sql`coalesce(${invoices.userId}, ${organizations.ownerId})`))
        .where(
          and(
            inArray(invoices.stateId, WAITING),
            lt(invoices.paymentLimitAt, until),
            eq(invoices.isCreditNote, false),
            eq(invoices.isRecurring, false),
            sql`coalesce(${salesSettings.lateInvoiceReminders}, true)`,
            dueForReminder(until, interval),
          ),
        )
        .orderBy(asc(invoices.organizationId), asc(invoices.id))
    },

    /**
     * Takes the reminder of one invoice for `until`, under the row's lock: false when another process took it, or the
     * invoice was paid or reminded meanwhile. The caller writes the e-mail in the same transaction.
     */
    async claim(organizationId: number, id: number, until: IsoDate, interval: number) {
      const rows = await db
        .update(invoices)
        .set({ lastReminderAt: until })
        .where(
          and(
            eq(invoices.organizationId, organizationId),
            eq(invoices.id, id),
            inArray(invoices.stateId, WAITING),
            dueForReminder(until, interval),
          ),
        )
        .returning({ id: invoices.id })
      return rows.length > 0
    },
  }
}
