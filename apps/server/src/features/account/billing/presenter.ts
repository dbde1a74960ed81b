import {
  BILLING_STATUSES,
  type BillDto,
  type BillingSubscriptionDto,
  centsToEuros,
  type PaidPlanCode,
  PLAN_CODES_PAID,
  type PlanAccess,
  todayInParis,
  type UpcomingInvoiceDto,
} from '@app/domain'
import type { subscriptionBills } from '../../../db/schema/index'
import type { Stripe } from './provider'
import type { BillingState, BillWrite, SubscriptionWrite } from './repo'

type BillingStatus = (typeof BILLING_STATUSES)[number]
const DAY_MS = 86_400_000

const instantOf = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null)

/** The provider's statuses in our words; those we do not show (paused, expired first payment) read as ended. */
export function statusOf(status: string): BillingStatus {
  if ((BILLING_STATUSES as readonly string[]).includes(status)) return status as BillingStatus
  return 'canceled'
}

export const planCodeOf = (subscription: Stripe.Subscription): PaidPlanCode | null => {
  const price = subscription.items.data[0]?.price
  const code = price?.lookup_key ?? price?.metadata?.plan_code ?? null
  return code && (PLAN_CODES_PAID as readonly string[]).includes(code) ? (code as PaidPlanCode) : null
}

const periodOf = (subscription: Stripe.Subscription) => {
  const item = subscription.items.data[0]
  return { start: item?.current_period_start ?? null, end: item?.current_period_end ?? null }
}

/**
 * The organisation's plan as the provider's subscription says: running (or cancelled at the period's end, the grace
 * period of planAccess), or ended — then the free formula from the moment it ended. A failed renewal (past due,
 * unpaid) keeps the plan and asks for the payment (spec "subscription-payment-error").
 */
export function subscriptionWriteOf(
  subscription: Stripe.Subscription,
  fallbackPlan: string,
  now: Date,
): SubscriptionWrite {
  const status = statusOf(subscription.status)
  const periodEnd = instantOf(periodOf(subscription).end)
  const base = {
    billingCustomerId: idOf(subscription.customer) ?? undefined,
    billingSubscriptionId: subscription.id,
    billingStatus: status,
    billingCurrentPeriodEnd: periodEnd,
  }
  if (status === 'canceled' || status === 'incomplete') {
    return {
      ...base,
      planCode: 'free',
      subscriptionEndsAt: instantOf(subscription.ended_at) ?? now.toISOString(),
      paymentRequired: false,
    }
  }
  const cancelAt = subscription.cancel_at ?? (subscription.cancel_at_period_end ? periodOf(subscription).end : null)
  return {
    ...base,
    planCode: planCodeOf(subscription) ?? fallbackPlan,
    subscriptionEndsAt: instantOf(cancelAt),
    paymentRequired: status === 'past_due' || status === 'unpaid',
  }
}

/** A provider invoice as a bill of the organisation (TTC), dated the day it was paid, else the day it was made. */
export function billOf(invoice: Stripe.Invoice, organizationId: number): BillWrite {
  const at = invoice.status_transitions?.paid_at ?? invoice.created
  return {
    organizationId,
    providerId: invoice.id ?? '',
    number: invoice.number ?? null,
    datedAt: todayInParis(new Date(at * 1000)),
    amount: centsToEuros(invoice.total),
    status: invoice.status ?? 'draft',
    downloadLink: invoice.invoice_pdf ?? invoice.hosted_invoice_url ?? null,
  }
}

export const subscriptionOfInvoice = (invoice: Stripe.Invoice): string | null =>
  idOf(invoice.parent?.subscription_details?.subscription)

/**
 * spec/account.md §3 "Subscription payment data": what switching bills now (TTC), when, the whole days used of the
 * current period, and the credit for the unused rest of the current plan (its prorated lines, taxes included).
 */
export function upcomingInvoiceOf(
  preview: Stripe.Invoice,
  subscription: Stripe.Subscription,
  now: Date,
): UpcomingInvoiceDto {
  const start = periodOf(subscription).start
  const consumed = start === null ? 0 : Math.max(0, Math.floor((now.getTime() - start * 1000) / DAY_MS))
  const credit = preview.lines.data
    .filter((line) => line.amount < 0)
    .reduce((total, line) => total + line.amount + (line.taxes ?? []).reduce((tax, t) => tax + t.amount, 0), 0)
  const dueAt = preview.next_payment_attempt ?? preview.due_date ?? preview.created
  return {
    due: todayInParis(new Date(dueAt * 1000)),
    amount: centsToEuros(preview.amount_due),
    data: { days: { consumed }, amount: { remaining: centsToEuros(-credit) } },
  }
}

/** Ended plans read as ended even before the provider's event arrives: planAccess already treats them as free. */
export function presentSubscription(
  state: BillingState,
  access: PlanAccess,
  configured: boolean,
  now: Date,
): BillingSubscriptionDto {
  const ended = state.subscriptionEndsAt !== null && new Date(state.subscriptionEndsAt) <= now
  return {
    configured,
    planCode: access.planCode,
    status: ended ? 'canceled' : statusOf(state.billingStatus),
    isOnTrial: access.isOnTrial,
    trialEndsAt: state.trialEndsAt,
    onGracePeriod: access.onGracePeriod,
    endsAt: state.subscriptionEndsAt,
    currentPeriodEnd: ended ? null : state.billingCurrentPeriodEnd,
    paymentRequired: state.paymentRequired,
  }
}

export const presentBill = (row: typeof subscriptionBills.$inferSelect): BillDto => ({
  id: String(row.id),
  number: row.number,
  date: row.datedAt,
  amount: row.amount,
  status: row.status,
  downloadLink: row.downloadLink,
})
