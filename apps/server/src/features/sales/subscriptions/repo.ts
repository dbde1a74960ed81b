import { and, asc, eq, isNotNull, lte } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { invoices, recurringParams } from '../../../db/schema/index'
import type { RecurringParamsRow } from '../invoices/recurring-params'

export type RecurringParamsInsert = typeof recurringParams.$inferInsert

const ofInvoice = (organizationId: number, invoiceId: number) =>
  and(eq(recurringParams.organizationId, organizationId), eq(recurringParams.invoiceId, invoiceId))

/** The only SQL on `recurring_params`. */
export function createSubscriptionRepo(db: DbOrTx) {
  return {
    async find(organizationId: number, invoiceId: number): Promise<RecurringParamsRow | undefined> {
      const [row] = await db.select().from(recurringParams).where(ofInvoice(organizationId, invoiceId))
      return row
    },

    /** Locks the schedule until the transaction ends. */
    async lock(organizationId: number, invoiceId: number): Promise<RecurringParamsRow | undefined> {
      const [row] = await db.select().from(recurringParams).where(ofInvoice(organizationId, invoiceId)).for('update')
      return row
    },

    async insert(values: RecurringParamsInsert) {
      await db.insert(recurringParams).values(values)
    },

    async update(organizationId: number, invoiceId: number, values: Partial<RecurringParamsInsert>) {
      await db.update(recurringParams).set(values).where(ofInvoice(organizationId, invoiceId))
    },

    /**
     * Active schedules with a customer whose next date has come by `until`, every organisation, oldest date first.
     * Read without a lock: each is then claimed on its own (`claim`).
     */
    dueCandidates(until: string, limit: number) {
      return db
        .select({
          organizationId: recurringParams.organizationId,
          invoiceId: recurringParams.invoiceId,
          nextOccurrence: recurringParams.nextOccurrence,
          userId: invoices.userId,
        })
        .from(recurringParams)
        .innerJoin(
          invoices,
          and(eq(invoices.organizationId, recurringParams.organizationId), eq(invoices.id, recurringParams.invoiceId)),
        )
        .where(
          and(
            eq(recurringParams.isActive, true),
            lte(recurringParams.nextOccurrence, until),
            isNotNull(invoices.contactId),
          ),
        )
        .orderBy(
          asc(recurringParams.nextOccurrence),
          asc(recurringParams.organizationId),
          asc(recurringParams.invoiceId),
        )
        .limit(limit)
    },

    /**
     * Locks one schedule for its occurrence of `date`, unless another process holds it (SKIP LOCKED) or it has moved
     * on since it was read: then undefined, and this process leaves it alone.
     */
    async claim(organizationId: number, invoiceId: number, date: string): Promise<RecurringParamsRow | undefined> {
      const [row] = await db
        .select()
        .from(recurringParams)
        .where(
          and(
            ofInvoice(organizationId, invoiceId),
            eq(recurringParams.isActive, true),
            eq(recurringParams.nextOccurrence, date),
          ),
        )
        .for('update', { skipLocked: true })
      return row
    },
  }
}
