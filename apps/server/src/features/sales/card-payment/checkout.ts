import { messages } from '@app/domain'
import Stripe from 'stripe'
import { AppError } from '../../../lib/errors'
import { stripeClient } from '../../../lib/stripe'

export type CheckoutRequest = {
  /** What the customer pays, in cents (the invoice's total TTC). */
  amountCents: number
  /** The line the provider's page shows: "Facture F-2026-0001". */
  label: string
  successUrl: string
  cancelUrl: string
  metadata: Record<string, string>
}

/**
 * A card payment on the organisation's own Stripe account: a Checkout Session in payment mode, created with the
 * organisation's secret key (not the platform's) through Stripe's official SDK, at STRIPE_API_URL; every failure is
 * logged with the provider's words and answered in French.
 */
export function createCardCheckout(deps: { apiUrl: string; log: (error: unknown) => void }) {
  const clientFor = (secretKey: string) => stripeClient(secretKey, deps.apiUrl)
  /**
   * Stripe refusing the organisation's key or request is the organisation's state, told to the customer as such (409);
   * Stripe down, slow or failing is a 502.
   */
  const unavailable = (error: unknown) => {
    deps.log(error)
    const refused =
      error instanceof Stripe.errors.StripeAuthenticationError ||
      error instanceof Stripe.errors.StripePermissionError ||
      error instanceof Stripe.errors.StripeInvalidRequestError
    return refused
      ? new AppError(409, 'CARD_PAYMENT_UNAVAILABLE', messages.cardPayment.keyRefused)
      : new AppError(502, 'PAYMENT_PROVIDER_UNAVAILABLE', messages.cardPayment.providerUnavailable)
  }

  async function createSession(secretKey: string, request: CheckoutRequest): Promise<{ id: string; url: string }> {
    const stripe = clientFor(secretKey)
    try {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: { currency: 'eur', unit_amount: request.amountCents, product_data: { name: request.label } },
          },
        ],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        metadata: request.metadata,
        payment_intent_data: { metadata: request.metadata },
      })
      if (!session.url) throw new Error('the provider answered a checkout session without its page')
      return { id: session.id, url: session.url }
    } catch (error) {
      throw unavailable(error)
    }
  }

  /**
   * A session as the provider knows it: paid or not, still open or done with (complete or expired), and for which
   * invoice (its metadata). Null when unknown.
   */
  async function findSession(secretKey: string, sessionId: string) {
    try {
      const session = await clientFor(secretKey).checkout.sessions.retrieve(sessionId)
      return {
        paid: session.payment_status === 'paid',
        open: session.status === 'open',
        metadata: session.metadata ?? {},
      }
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null
      throw unavailable(error)
    }
  }

  return { createSession, findSession }
}
export type CardCheckout = ReturnType<typeof createCardCheckout>
