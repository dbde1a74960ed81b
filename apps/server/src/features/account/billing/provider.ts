import { eurosToCents, messages, type PaidPlanCode } from '@app/domain'
import type Stripe from 'stripe'
import type { Config } from '../../../config'
import { AppError } from '../../../lib/errors'
import { stripeClient } from '../../../lib/stripe'

const m = messages.billing

/** A plan as the reference list holds it (prices excluding VAT, per month or per year). */
export type PlanPrice = { code: PaidPlanCode; name: string; price: string; isMonthly: boolean }

/** French VAT on Carnet's own plans: prices are excluding tax, the bills add 20 % (decision 0028). */
const VAT_RATE = { percentage: 20, marker: 'carnet-fr-vat-20' }

/**
 * The payment provider, spoken to through Stripe's official SDK (decision 0028). Every failure of the provider (down,
 * slow, refusing) is a 502 in French for the caller, logged with the provider's own words; the prices and the tax rate
 * are found by their keys and made once when missing, then remembered by this process.
 */
export function createBillingProvider(config: NonNullable<Config['stripe']>, log: (error: unknown) => void) {
  const stripe = stripeClient(config.secretKey, config.apiUrl)
  const prices = new Map<string, string>()
  let taxRateId: string | undefined

  async function call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      if (error instanceof AppError) throw error
      log(error)
      throw new AppError(502, 'PAYMENT_PROVIDER_UNAVAILABLE', m.providerUnavailable)
    }
  }

  /** An object the provider no longer has is null: an event about it is acknowledged rather than retried for days. */
  async function find<T>(work: () => Promise<T>): Promise<T | null> {
    return call(async () => {
      try {
        return await work()
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null
        throw error
      }
    })
  }

  /** The provider's price of a plan, by lookup key = plan code; a new one when missing or when our price changed. */
  async function priceOf(plan: PlanPrice): Promise<string> {
    const known = prices.get(plan.code)
    if (known) return known
    const interval = plan.isMonthly ? 'month' : 'year'
    const amount = eurosToCents(plan.price)
    const [found] = (await stripe.prices.list({ lookup_keys: [plan.code], active: true, limit: 1 })).data
    let id = found?.id
    if (!found || found.unit_amount !== amount || found.recurring?.interval !== interval || found.currency !== 'eur') {
      const product = await stripe.products.create({
        name: `Carnet ${plan.name} (${plan.isMonthly ? 'mensuel' : 'annuel'})`,
        metadata: { plan_code: plan.code },
      })
      const created = await stripe.prices.create({
        product: product.id,
        currency: 'eur',
        unit_amount: amount,
        recurring: { interval },
        lookup_key: plan.code,
        // A second process making the same price at the same time takes the key over: either price is right.
        transfer_lookup_key: true,
        tax_behavior: 'exclusive',
        metadata: { plan_code: plan.code },
      })
      id = created.id
    }
    if (!id) throw new Error('the provider answered a price without an id')
    prices.set(plan.code, id)
    return id
  }

  async function vatRate(): Promise<string> {
    if (taxRateId) return taxRateId
    const existing = (await stripe.taxRates.list({ active: true, inclusive: false, limit: 100 })).data.find(
      (rate) => rate.metadata?.carnet === VAT_RATE.marker && rate.percentage === VAT_RATE.percentage,
    )
    const rate =
      existing ??
      (await stripe.taxRates.create({
        display_name: 'TVA',
        description: 'TVA française 20 %',
        percentage: VAT_RATE.percentage,
        inclusive: false,
        country: 'FR',
        jurisdiction: 'FR',
        metadata: { carnet: VAT_RATE.marker },
      }))
    taxRateId = rate.id
    return rate.id
  }

  return {
    createCustomer: (input: { email: string; name: string; organizationId: number }) =>
      call(() =>
        stripe.customers.create({
          email: input.email,
          name: input.name,
          metadata: { organization_id: String(input.organizationId) },
        }),
      ),

    /** A hosted checkout page for a subscription to the plan, VAT added, back to the app afterwards. */
    createCheckout: (input: {
      customerId: string
      organizationId: number
      plan: PlanPrice
      successUrl: string
      cancelUrl: string
    }) =>
      call(async () => {
        const price = await priceOf(input.plan)
        const taxRate = await vatRate()
        return stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: input.customerId,
          client_reference_id: String(input.organizationId),
          line_items: [{ price, quantity: 1 }],
          subscription_data: {
            default_tax_rates: [taxRate],
            metadata: { organization_id: String(input.organizationId) },
          },
          metadata: { organization_id: String(input.organizationId) },
          locale: 'fr',
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        })
      }),

    retrieveSubscription: (id: string) => find(() => stripe.subscriptions.retrieve(id)),

    retrieveInvoice: (id: string) => find(() => stripe.invoices.retrieve(id)),

    /** Switches the subscription's one item to the plan's price; the difference is billed at once (prorated). */
    changePlan: (subscription: Stripe.Subscription, plan: PlanPrice) =>
      call(async () => {
        const item = subscription.items.data[0]
        if (!item) throw new Error('the subscription has no item')
        return stripe.subscriptions.update(subscription.id, {
          items: [{ id: item.id, price: await priceOf(plan) }],
          proration_behavior: 'always_invoice',
          cancel_at_period_end: false,
        })
      }),

    /** What changePlan would bill now, computed by the provider at `at`. */
    previewChange: (subscription: Stripe.Subscription, plan: PlanPrice, at: Date) =>
      call(async () => {
        const item = subscription.items.data[0]
        if (!item) throw new Error('the subscription has no item')
        const customer = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id
        return stripe.invoices.createPreview({
          customer,
          subscription: subscription.id,
          subscription_details: {
            items: [{ id: item.id, price: await priceOf(plan) }],
            proration_behavior: 'always_invoice',
            proration_date: Math.floor(at.getTime() / 1000),
          },
        })
      }),

    cancelAtPeriodEnd: (subscriptionId: string) =>
      call(() => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true })),

    createPortal: (customerId: string, returnUrl: string) =>
      call(() => stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl, locale: 'fr' })),

    /** The event, when its signature is the provider's and recent (5 minutes); a 400 otherwise. */
    verifyEvent(rawBody: string, signature: string | undefined): Stripe.Event {
      try {
        return stripe.webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret, 300)
      } catch {
        throw new AppError(400, 'BAD_SIGNATURE', m.badSignature)
      }
    },
  }
}
export type BillingProvider = ReturnType<typeof createBillingProvider>
export type { Stripe }
