import {
  type BillingCheckoutDto,
  type BillingSubscriptionDto,
  type BillListQuery,
  messages,
  type PaidPlanCode,
  planSwitchRefusal,
  type UpcomingInvoiceDto,
} from '@app/domain'
import type { Db } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { conflict, notFound, unprocessable } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import type { OrganizationService } from '../organizations/service'
import { presentBill, presentSubscription, subscriptionWriteOf, upcomingInvoiceOf } from './presenter'
import type { BillingProvider, PlanPrice } from './provider'
import { type BillingState, createBillingRepo } from './repo'

const m = messages.billing

/** Statuses of a subscription that is still the organisation's at the provider (a change or a cancel applies to it). */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due', 'unpaid'])

/**
 * The organisation's subscription to Carnet (spec/account.md §4 "Plans"; API.md /subscription). The provider is the
 * truth: every action asks it first, then writes what it answered; its webhooks (webhooks.ts) bring what happens
 * without us (payments, renewals, the end of a cancelled plan). Reading is for every member, acting for the owner.
 */
export function createBillingService(deps: {
  db: Db
  clock: Clock
  organizations: Pick<OrganizationService, 'access' | 'requireOwner'>
  /** null when this server has no payment provider configured: reading says so, acting answers 409 in French. */
  provider: BillingProvider | null
  appUrl: string
}) {
  const repo = createBillingRepo(deps.db)

  async function stateOf(organizationId: number): Promise<BillingState> {
    const state = await repo.stateOf(organizationId)
    if (!state) throw notFound()
    return state
  }

  async function planOf(code: PaidPlanCode): Promise<PlanPrice> {
    const plan = (await repo.paidPlans()).find((row) => row.code === code)
    if (!plan) throw notFound()
    return { code, name: plan.name, price: plan.price, isMonthly: plan.isMonthly }
  }

  function providerOrFail(): BillingProvider {
    if (!deps.provider) throw conflict(m.notConfigured, 'BILLING_NOT_CONFIGURED')
    return deps.provider
  }

  /** The owner only; then the provider (409 without one). */
  async function ownerAction(tenant: Tenant) {
    await deps.organizations.requireOwner(tenant.userId, tenant.organizationId)
    return providerOrFail()
  }

  /** The provider's subscription the organisation can still change or cancel: 409 without one. */
  async function liveSubscription(provider: BillingProvider, state: BillingState) {
    const ended = state.subscriptionEndsAt !== null && new Date(state.subscriptionEndsAt) <= deps.clock()
    if (!state.billingSubscriptionId || !LIVE_STATUSES.has(state.billingStatus) || ended)
      throw conflict(m.noSubscription, 'NO_SUBSCRIPTION')
    const subscription = await provider.retrieveSubscription(state.billingSubscriptionId)
    if (!subscription) throw conflict(m.noSubscription, 'NO_SUBSCRIPTION')
    return subscription
  }

  const service = {
    async read(tenant: Tenant): Promise<BillingSubscriptionDto> {
      const state = await stateOf(tenant.organizationId)
      const access = await deps.organizations.access(tenant.organizationId)
      return presentSubscription(state, access, deps.provider !== null, deps.clock())
    },

    /** A checkout page of the provider for the plan; 409 "Une erreur est survenue." while a paid plan runs (spec §7). */
    async subscribe(tenant: Tenant, code: PaidPlanCode): Promise<BillingCheckoutDto> {
      const provider = await ownerAction(tenant)
      const state = await stateOf(tenant.organizationId)
      const access = await deps.organizations.access(tenant.organizationId)
      if (access.planCode !== 'free') throw conflict(m.alreadySubscribed, 'ALREADY_SUBSCRIBED')
      const plan = await planOf(code)
      let customerId = state.billingCustomerId
      if (!customerId) {
        const customer = await provider.createCustomer({
          email: state.ownerEmail,
          name: state.name,
          organizationId: tenant.organizationId,
        })
        customerId = customer.id
        // Kept before the checkout: the provider's events name the customer, and find the organisation by it.
        await repo.setCustomer(tenant.organizationId, customerId, deps.clock().toISOString())
      }
      const page = `${deps.appUrl}/app/setting/subscription`
      const session = await provider.createCheckout({
        customerId,
        organizationId: tenant.organizationId,
        plan,
        successUrl: `${page}?checkout=success`,
        cancelUrl: `${page}?checkout=cancel`,
      })
      return { url: session.url ?? null, clientSecret: null }
    },

    /** Another plan on the running subscription, prorated; a yearly plan never becomes a monthly one (spec §4). */
    async changePlan(tenant: Tenant, code: PaidPlanCode): Promise<BillingSubscriptionDto> {
      const provider = await ownerAction(tenant)
      const state = await stateOf(tenant.organizationId)
      const subscription = await liveSubscription(provider, state)
      const refusal = planSwitchRefusal(state.planCode, code)
      if (refusal === 'samePlan') throw conflict(m.samePlan, 'SAME_PLAN')
      if (refusal === 'yearlyToMonthly') throw unprocessable(m.yearlyToMonthly, 'YEARLY_TO_MONTHLY')
      const updated = await provider.changePlan(subscription, await planOf(code))
      const now = deps.clock()
      await repo.writeSubscription(
        tenant.organizationId,
        subscriptionWriteOf(updated, state.planCode, now),
        now.toISOString(),
      )
      return service.read(tenant)
    },

    async upcomingInvoice(tenant: Tenant, code: PaidPlanCode): Promise<UpcomingInvoiceDto> {
      const provider = providerOrFail()
      const state = await stateOf(tenant.organizationId)
      const subscription = await liveSubscription(provider, state)
      const refusal = planSwitchRefusal(state.planCode, code)
      if (refusal === 'samePlan') throw conflict(m.samePlan, 'SAME_PLAN')
      if (refusal === 'yearlyToMonthly') throw unprocessable(m.yearlyToMonthly, 'YEARLY_TO_MONTHLY')
      const now = deps.clock()
      const preview = await provider.previewChange(subscription, await planOf(code), now)
      return upcomingInvoiceOf(preview, subscription, now)
    },

    /** Cancels at the end of the paid period (also the spec's suspension): the plan runs until then (grace period). */
    async cancel(tenant: Tenant): Promise<BillingSubscriptionDto> {
      const provider = await ownerAction(tenant)
      const state = await stateOf(tenant.organizationId)
      const subscription = await liveSubscription(provider, state)
      if (subscription.cancel_at_period_end || subscription.cancel_at)
        throw conflict(m.alreadyCancelled, 'ALREADY_CANCELLED')
      const cancelled = await provider.cancelAtPeriodEnd(subscription.id)
      const now = deps.clock()
      await repo.writeSubscription(
        tenant.organizationId,
        subscriptionWriteOf(cancelled, state.planCode, now),
        now.toISOString(),
      )
      return service.read(tenant)
    },

    /** The provider's customer portal (card, bills, cancel), back to the plan page. */
    async portal(tenant: Tenant): Promise<{ url: string }> {
      const provider = await ownerAction(tenant)
      const state = await stateOf(tenant.organizationId)
      if (!state.billingCustomerId) throw conflict(m.noCustomer, 'NO_CUSTOMER')
      const session = await provider.createPortal(state.billingCustomerId, `${deps.appUrl}/app/setting/subscription`)
      return { url: session.url }
    },

    async bills(tenant: Tenant, query: BillListQuery) {
      const { rows, total } = await repo.listBills(tenant.organizationId, query)
      return { data: rows.map(presentBill), meta: { total, page: query.page, pageSize: query.pageSize } }
    },
  }
  return service
}
export type BillingService = ReturnType<typeof createBillingService>
