import { cardPaymentDtoSchema, cardPaymentSchema, dataOf } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { TenantResolver } from '../account/tenant'
import type { CardPaymentService } from './service'

export function registerCardPaymentRoutes(
  app: FastifyInstance,
  deps: { cardPayment: CardPaymentService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Paramètres de vente']

  api.get(
    '/settings/card-payment',
    {
      schema: {
        summary: "Donne le réglage du paiement par carte : l'indice de la clé Stripe et les montants limites TTC",
        tags,
        response: { 200: dataOf(cardPaymentDtoSchema) },
      },
    },
    async (request) => ({ data: await deps.cardPayment.get(await deps.tenant(request)) }),
  )

  api.patch(
    '/settings/card-payment',
    {
      schema: {
        summary: 'Enregistre la clé secrète Stripe et les montants minimum et maximum TTC du paiement par carte',
        description:
          "La clé n'est jamais renvoyée, seulement son indice (sk_live_…1234). null retire la clé (et désactive le paiement par carte) ou une limite.",
        tags,
        body: cardPaymentSchema,
        response: { 200: dataOf(cardPaymentDtoSchema) },
      },
    },
    async (request) => ({ data: await deps.cardPayment.update(await deps.tenant(request), request.body) }),
  )
}
