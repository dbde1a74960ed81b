import { type Paging, pageOffset } from '@app/domain'
import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { billingEvents, organizations, plans, subscriptionBills, users } from '../../../db/schema/index'

export type BillingState = {
  organizationId: number
  name: string
  ownerEmail: string
  planCode: string
  trialEndsAt: string | null
  subscriptionEndsAt: string | null
  paymentRequired: boolean
  billingCustomerId: string | null
  billingSubscriptionId: string | null
  billingStatus: string
  billingCurrentPeriodEnd: string | null
}

/** What the provider says of the organisation's subscription, written on the organisation at once. */
export type SubscriptionWrite = {
  billingCustomerId?: string
  billingSubscriptionId?: string
  billingStatus: string
  billingCurrentPeriodEnd: string | null
  planCode: string
  subscriptionEndsAt: string | null
  paymentRequired: boolean
}

export type BillWrite = {
  organizationId: number
  providerId: string
  number: string | null
  datedAt: string
  amount: string
  status: string
  downloadLink: string | null
}

const stateColumns = {
  organizationId: organizations.id,
  name: organizations.name,
  ownerEmail: users.email,
  planCode: organizations.planCode,
  trialEndsAt: organizations.trialEndsAt,
  subscriptionEndsAt: organizations.subscriptionEndsAt,
  paymentRequired: organizations.paymentRequired,
  billingCustomerId: organizations.billingCustomerId,
  billingSubscriptionId: organizations.billingSubscriptionId,
  billingStatus: organizations.billingStatus,
  billingCurrentPeriodEnd: organizations.billingCurrentPeriodEnd,
}

export function createBillingRepo(db: DbOrTx) {
  const stateWhere = async (where: ReturnType<typeof eq>): Promise<BillingState | undefined> => {
    const [row] = await db
      .select(stateColumns)
      .from(organizations)
      .innerJoin(users, eq(users.id, organizations.ownerId))
      .where(where)
    return row
  }

  return {
    stateOf: (organizationId: number) => stateWhere(eq(organizations.id, organizationId)),
    stateByCustomer: (customerId: string) => stateWhere(eq(organizations.billingCustomerId, customerId)),

    async paidPlans() {
      return db
        .select({ code: plans.code, name: plans.name, price: plans.price, isMonthly: plans.isMonthly })
        .from(plans)
        .orderBy(asc(plans.id))
    },

    async setCustomer(organizationId: number, customerId: string, now: string) {
      await db
        .update(organizations)
        .set({ billingCustomerId: customerId, updatedAt: now })
        .where(eq(organizations.id, organizationId))
    },

    /** A paid plan ends the trial for good: cancelling it later leads to the free formula, not back to the trial. */
    async writeSubscription(organizationId: number, values: SubscriptionWrite, now: string) {
      const endsTrial = values.planCode !== 'free'
      await db
        .update(organizations)
        .set({
          ...values,
          ...(endsTrial ? { trialEndedAt: sql`coalesce(${organizations.trialEndedAt}, ${now})` } : {}),
          updatedAt: now,
        })
        .where(eq(organizations.id, organizationId))
    },

    async setPaymentRequired(organizationId: number, paymentRequired: boolean, now: string) {
      await db
        .update(organizations)
        .set({ paymentRequired, updatedAt: now })
        .where(eq(organizations.id, organizationId))
    },

    /** One row per provider invoice: a later event about it (paid after failing) updates the row. */
    async upsertBill(bill: BillWrite, now: string) {
      await db
        .insert(subscriptionBills)
        .values({ ...bill, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [subscriptionBills.providerId, subscriptionBills.organizationId],
          set: {
            number: bill.number,
            datedAt: bill.datedAt,
            amount: bill.amount,
            status: bill.status,
            downloadLink: bill.downloadLink,
            updatedAt: now,
          },
        })
    },

    /** `search`: found in the bill's number, its date (YYYY-MM-DD) or its status. */
    async listBills(organizationId: number, paging: Paging & { search?: string }) {
      const pattern = paging.search ? `%${paging.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined
      const where = and(
        eq(subscriptionBills.organizationId, organizationId),
        pattern
          ? sql`(coalesce(${subscriptionBills.number}, '') ilike ${pattern} or ${subscriptionBills.datedAt}::text like ${pattern}
              or ${subscriptionBills.status} ilike ${pattern})`
          : undefined,
      )
      const rows = await db
        .select()
        .from(subscriptionBills)
        .where(where)
        .orderBy(desc(subscriptionBills.datedAt), desc(subscriptionBills.id))
        .limit(paging.pageSize)
        .offset(pageOffset(paging))
      const [total] = await db.select({ total: count() }).from(subscriptionBills).where(where)
      return { rows, total: total?.total ?? 0 }
    },

    isEventProcessed: async (id: string) =>
      (await db.select({ id: billingEvents.id }).from(billingEvents).where(eq(billingEvents.id, id))).length > 0,

    /** True for the first process to record the event; false when it was already applied. */
    async claimEvent(id: string, type: string, now: string) {
      const claimed = await db
        .insert(billingEvents)
        .values({ id, type, processedAt: now })
        .onConflictDoNothing()
        .returning({ id: billingEvents.id })
      return claimed.length > 0
    },
  }
}
export type BillingRepo = ReturnType<typeof createBillingRepo>
