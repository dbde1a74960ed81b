import type { FastifyInstance } from 'fastify'
import type { Config } from './config'
import { createCardCheckout } from './features/sales/card-payment/checkout'
import { createPublicCardPayment } from './features/sales/card-payment/public'

type PublicCardPaymentDeps = Parameters<typeof createPublicCardPayment>[0]

/** The card payment of a shared invoice, with the provider's checkout at config.stripeApiUrl; its failures are logged. */
export function wireCardPayment(
  app: FastifyInstance,
  config: Pick<Config, 'appUrl' | 'stripeApiUrl'>,
  deps: Omit<PublicCardPaymentDeps, 'appUrl' | 'checkout'>,
) {
  const checkout = createCardCheckout({
    apiUrl: config.stripeApiUrl,
    log: (error) => app.log.warn({ err: error }, 'card payment provider failed'),
  })
  return createPublicCardPayment({ ...deps, appUrl: config.appUrl, checkout })
}
