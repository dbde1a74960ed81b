import {
  billDtoSchema,
  billingCheckoutDtoSchema,
  billingPlanBodySchema,
  billingPlanQuerySchema,
  billingPortalDtoSchema,
  billingSubscriptionDtoSchema,
  billListQuerySchema,
  dataOf,
  listOf,
  upcomingInvoiceDtoSchema,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../../lib/contract'
import { keepRawJsonBody } from '../../../lib/raw-json-body'
import type { TenantResolver } from '../../../lib/tenant'
import type { BillingService } from './service'
import type { BillingWebhooks } from './webhooks'

const tags = ['Abonnement']

/** API.md "GET /subscription, POST /subscription {plan}, …" (spec/account.md §4 "Plans"), and the provider's webhook. */
export function registerBillingRoutes(
  app: FastifyInstance,
  deps: { billing: BillingService; webhooks: BillingWebhooks; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const { billing } = deps

  api.get(
    '/subscription',
    {
      schema: {
        summary: 'Lit l’abonnement de l’entreprise à Carnet : formule, essai, période de grâce, paiement requis',
        tags,
        response: { 200: dataOf(billingSubscriptionDtoSchema) },
      },
    },
    async (request) => ({ data: await billing.read(await deps.tenant(request)) }),
  )

  api.post(
    '/subscription',
    {
      schema: {
        summary:
          'Souscrit à une formule : l’adresse de la page de paiement par carte du prestataire (propriétaire seulement)',
        tags,
        body: billingPlanBodySchema,
        // 409: a paid plan already runs, or no payment provider on this server; 502: the provider did not answer.
        response: { 200: dataOf(billingCheckoutDtoSchema), ...errorResponses(409, 502) },
      },
    },
    async (request) => ({ data: await billing.subscribe(await deps.tenant(request), request.body.plan) }),
  )

  api.patch(
    '/subscription',
    {
      schema: {
        summary:
          'Change de formule, au prorata (propriétaire seulement) ; une formule annuelle ne repasse pas en mensuelle',
        tags,
        body: billingPlanBodySchema,
        response: { 200: dataOf(billingSubscriptionDtoSchema), ...errorResponses(409, 502) },
      },
    },
    async (request) => ({ data: await billing.changePlan(await deps.tenant(request), request.body.plan) }),
  )

  api.delete(
    '/subscription',
    {
      schema: {
        summary:
          'Annule (ou suspend) l’abonnement à la fin de la période payée : la formule reste active jusqu’à endsAt',
        tags,
        response: { 200: dataOf(billingSubscriptionDtoSchema), ...errorResponses(409, 502) },
      },
    },
    async (request) => ({ data: await billing.cancel(await deps.tenant(request)) }),
  )

  api.get(
    '/subscription/upcoming-invoice',
    {
      schema: {
        summary: 'Ce que coûterait maintenant le passage à une autre formule (TTC, au prorata de la période en cours)',
        tags,
        querystring: billingPlanQuerySchema,
        response: { 200: dataOf(upcomingInvoiceDtoSchema), ...errorResponses(409, 422, 502) },
      },
    },
    async (request) => ({ data: await billing.upcomingInvoice(await deps.tenant(request), request.query.plan) }),
  )

  api.get(
    '/subscription/bills',
    {
      schema: {
        summary: 'Liste les factures de l’abonnement, de la plus récente à la plus ancienne',
        tags,
        querystring: billListQuerySchema,
        response: { 200: listOf(billDtoSchema) },
      },
    },
    async (request) => billing.bills(await deps.tenant(request), request.query),
  )

  api.post(
    '/subscription/portal',
    {
      schema: {
        summary:
          'Ouvre l’espace client du prestataire de paiement (carte, factures) : son adresse (propriétaire seulement)',
        tags,
        response: { 200: dataOf(billingPortalDtoSchema), ...errorResponses(409, 502) },
      },
    },
    async (request) => ({ data: await billing.portal(await deps.tenant(request)) }),
  )

  // The webhook reads its body as text: the signature covers the exact bytes, which parsing would lose.
  app.register(async (scope) => {
    keepRawJsonBody(scope)
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/webhooks/stripe',
      {
        schema: {
          summary:
            'Évènements du prestataire de paiement (public, signés par l’en-tête Stripe-Signature) : paiements, renouvellements, fins d’abonnement',
          tags,
          security: [],
          body: z.looseObject({ id: z.string(), type: z.string() }).meta({ description: 'Un évènement Stripe' }),
          response: { 200: z.object({ received: z.literal(true) }), ...errorResponses(400, 409, 502) },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature']
        await deps.webhooks.receive(request.rawBody ?? '', typeof signature === 'string' ? signature : undefined)
        return { received: true as const }
      },
    )
  })
}
