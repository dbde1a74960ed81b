import Stripe from 'stripe'

/** How long a call to the payment provider may take before it counts as failed. */
const PROVIDER_TIMEOUT_MS = 20_000

/**
 * A client of Stripe's API (the official SDK) at `apiUrl`: Stripe's own address, or a local stand-in that speaks its
 * protocol in tests. One retry, no telemetry. Carnet's plans use the platform's key, card payments of invoices the
 * organisation's own.
 */
export function stripeClient(secretKey: string, apiUrl: string): Stripe {
  const url = new URL(apiUrl)
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'http:' ? 80 : 443),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
    timeout: PROVIDER_TIMEOUT_MS,
    maxNetworkRetries: 1,
    telemetry: false,
  })
}
