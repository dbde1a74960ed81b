import { messages } from '@app/domain'
import type { Db, DbOrTx } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { conflict } from '../../../lib/errors'
import { billOf, subscriptionOfInvoice, subscriptionWriteOf } from './presenter'
import type { BillingProvider, Stripe } from './provider'
import { type BillingState, createBillingRepo } from './repo'

type Apply = (tx: DbOrTx, now: Date) => Promise<void>

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null)

/**
 * The provider's webhook events (POST /webhooks/stripe, decision 0028). The signature is checked first (400 otherwise);
 * the objects are then read again from the provider rather than trusted from the event, so that an event arriving late
 * or out of order applies the provider's current state; the event id is recorded in the same transaction as the
 * change, so a replay (the provider retries until it gets a 2xx) changes nothing. Events we do not use answer 200.
 */
export function createBillingWebhooks(deps: {
  db: Db
  clock: Clock
  provider: BillingProvider | null
  log: (message: string, detail?: object) => void
}) {
  const repo = createBillingRepo(deps.db)

  /** The organisation a subscription belongs to: its own id, else the customer's, else the checkout's reference. */
  async function organizationOf(subscription: Stripe.Subscription, hint?: number): Promise<BillingState | undefined> {
    if (hint) return repo.stateOf(hint)
    const customerId = idOf(subscription.customer)
    return customerId ? repo.stateByCustomer(customerId) : undefined
  }

  /** Another subscription than the organisation's running one (an old or a duplicate one): it does not change the plan. */
  const isStale = (state: BillingState, subscription: Stripe.Subscription) =>
    state.billingSubscriptionId !== null &&
    state.billingSubscriptionId !== subscription.id &&
    ['active', 'trialing', 'past_due', 'unpaid'].includes(state.billingStatus)

  async function subscriptionChange(provider: BillingProvider, subscriptionId: string, hint?: number) {
    const subscription = await provider.retrieveSubscription(subscriptionId)
    if (!subscription) return null
    const state = await organizationOf(subscription, hint)
    if (!state) return null
    if (isStale(state, subscription) && subscription.status !== 'active') return null
    const apply: Apply = async (tx, now) =>
      createBillingRepo(tx).writeSubscription(
        state.organizationId,
        subscriptionWriteOf(subscription, state.planCode, now),
        now.toISOString(),
      )
    return apply
  }

  async function invoiceEvent(provider: BillingProvider, invoiceId: string, paid: boolean) {
    const invoice = await provider.retrieveInvoice(invoiceId)
    if (!invoice) return null
    const customerId = idOf(invoice.customer)
    const state = customerId ? await repo.stateByCustomer(customerId) : undefined
    if (!state || !invoice.id) return null
    const subscriptionId = subscriptionOfInvoice(invoice)
    const apply: Apply = async (tx, now) => {
      const orgs = createBillingRepo(tx)
      await orgs.upsertBill(billOf(invoice, state.organizationId), now.toISOString())
      if (subscriptionId && subscriptionId === state.billingSubscriptionId)
        await orgs.setPaymentRequired(state.organizationId, !paid, now.toISOString())
    }
    return apply
  }

  async function prepare(provider: BillingProvider, event: Stripe.Event): Promise<Apply | null> {
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object
        const organizationId = Number(session.client_reference_id)
        const subscriptionId = idOf(session.subscription)
        if (session.mode !== 'subscription' || !subscriptionId || !Number.isSafeInteger(organizationId)) return null
        return subscriptionChange(provider, subscriptionId, organizationId)
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return subscriptionChange(provider, event.data.object.id)
      case 'invoice.paid':
        return event.data.object.id ? invoiceEvent(provider, event.data.object.id, true) : null
      case 'invoice.payment_failed':
        return event.data.object.id ? invoiceEvent(provider, event.data.object.id, false) : null
      default:
        return null
    }
  }

  return {
    async receive(rawBody: string, signature: string | undefined): Promise<void> {
      if (!deps.provider) throw conflict(messages.billing.notConfigured, 'BILLING_NOT_CONFIGURED')
      const event = deps.provider.verifyEvent(rawBody, signature)
      if (await repo.isEventProcessed(event.id)) return
      const apply = await prepare(deps.provider, event)
      if (!apply) deps.log('billing event ignored', { id: event.id, type: event.type })
      await deps.db.transaction(async (tx) => {
        const now = deps.clock()
        if (!(await createBillingRepo(tx).claimEvent(event.id, event.type, now.toISOString()))) return
        await apply?.(tx, now)
      })
    },
  }
}
export type BillingWebhooks = ReturnType<typeof createBillingWebhooks>
