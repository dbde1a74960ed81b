import {
  cardPaymentAvailabilityDtoSchema,
  cardPaymentDtoSchema,
  cardPaymentSchema,
  dataOf,
  messages,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../../lib/contract'
import type { TenantResolver } from '../../../lib/tenant'
import type { SessionService } from '../../account/sessions/service'
import type { PublicCardPayment } from './public'
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

/** Reads and payment starts from one address: as the shared document's own reads (share-links/routes.ts). */
const PUBLIC_MAX_PER_MINUTE = 60
const tokenParam = z.object({ token: z.string().meta({ description: 'Le jeton du lien public' }) })

/** "Payer par carte" on a shared invoice (/p/{token}), public like the shared document itself. */
export function registerPublicCardPaymentRoutes(
  app: FastifyInstance,
  deps: { publicCardPayment: PublicCardPayment; sessions: Pick<SessionService, 'limit'> },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Documents']
  const limit = (ip: string) => deps.sessions.limit(`public-card-payment:${ip}`, PUBLIC_MAX_PER_MINUTE, 1)

  api.get(
    '/public/documents/:token/card-payment',
    {
      schema: {
        summary: 'Dit si une facture partagée peut être payée par carte, et pour quel montant TTC',
        tags,
        security: [],
        params: tokenParam,
        response: { 200: dataOf(cardPaymentAvailabilityDtoSchema), ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      await limit(request.ip)
      reply.header('cache-control', 'no-store')
      return { data: await deps.publicCardPayment.availability(request.params.token) }
    },
  )

  api.post(
    '/public/documents/:token/card-payment',
    {
      schema: {
        summary: "Ouvre le paiement par carte d'une facture partagée : l'adresse de la page de paiement Stripe",
        description:
          "Une session Stripe Checkout sur le compte de l'entreprise. 409 : la facture n'est pas payable par carte (payée, hors limites, paiement par carte désactivé, clé refusée par Stripe) ; 502 : Stripe ne répond pas.",
        tags,
        security: [],
        params: tokenParam,
        response: { 201: dataOf(z.object({ url: z.string() })), ...errorResponses(404, 409, 429, 502) },
      },
    },
    async (request, reply) => {
      await limit(request.ip)
      return reply.code(201).send({ data: await deps.publicCardPayment.start(request.params.token) })
    },
  )

  api.post(
    '/public/documents/:token/card-payment/confirm',
    {
      schema: {
        summary: 'Confirme le paiement par carte d’une facture partagée au retour de la page de paiement Stripe',
        description:
          "La session est relue chez Stripe avec la clé de l'entreprise : payée, et pour cette facture, elle marque la facture payée.",
        tags,
        security: [],
        params: tokenParam,
        body: z.strictObject({
          sessionId: z
            .string({ error: messages.validation.required })
            .regex(/^cs_(test|live)_[A-Za-z0-9]{1,250}$/, { error: messages.validation.invalidData })
            .meta({ description: 'L’identifiant de la session Stripe Checkout (cs_…), rendu par Stripe au retour' }),
        }),
        response: { 200: dataOf(z.object({ paid: z.boolean() })), ...errorResponses(404, 409, 429, 502) },
      },
    },
    async (request) => {
      await limit(request.ip)
      return { data: await deps.publicCardPayment.confirm(request.params.token, request.body.sessionId) }
    },
  )
}
