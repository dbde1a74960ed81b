import {
  buyerStatusSchema,
  dataOf,
  idField,
  idParam,
  incomingFlowDtoSchema,
  incomingFlowListQuerySchema,
  listOf,
  receiptDtoSchema,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../../../lib/contract'
import { keepRawJsonBody } from '../../../../lib/raw-json-body'
import type { TenantResolver } from '../../../../lib/tenant'
import type { EInvoiceIntake } from './service'

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

/** The PA's webhook (public, signed) and the buyer's statuses on a received e-invoice. */
export function registerEInvoiceIntakeRoutes(
  api: FastifyInstance,
  deps: { intake: EInvoiceIntake; tenant: TenantResolver },
) {
  api.withTypeProvider<ZodTypeProvider>().post(
    '/receipts/:id/e-invoice-status',
    {
      schema: {
        summary:
          'Envoie au fournisseur le statut d’une facture électronique reçue (Approuvée, Approuvée partiellement, En litige, Suspendue, Refusée avec un motif, Paiement transmis)',
        tags: ['Justificatifs'],
        params: idParam,
        body: buyerStatusSchema,
        response: { 200: dataOf(receiptDtoSchema), ...errorResponses(409, 422) },
      },
    },
    async (request) => ({
      data: await deps.intake.sendBuyerStatus(await deps.tenant(request), request.params.id, request.body),
    }),
  )

  api.withTypeProvider<ZodTypeProvider>().get(
    '/e-invoicing/incoming-flows',
    {
      schema: {
        summary: 'Flux reçus de la plateforme agréée (factures fournisseurs, statuts) et ce qu’ils sont devenus',
        description:
          'Du plus récent au plus ancien ; filter[state]=failed pour ceux que Carnet n’a pas pu traiter, avec la raison et le prochain essai automatique.',
        tags: ['Facturation électronique'],
        querystring: incomingFlowListQuerySchema,
        response: { 200: listOf(incomingFlowDtoSchema), ...errorResponses(400) },
      },
    },
    async (request) => deps.intake.listIncoming(await deps.tenant(request), request.query),
  )

  api.withTypeProvider<ZodTypeProvider>().post(
    '/e-invoicing/incoming-flows/:id/retry',
    {
      schema: {
        summary: 'Réessaie maintenant un flux reçu en échec',
        description:
          'Relit le flux chez la plateforme et le traite de nouveau ; répond le flux après l’essai (traité, ou toujours en échec avec sa raison). Sans corps. 409 INCOMING_FLOW_NOT_FAILED pour un flux déjà traité ; 409 E_INVOICING_NOT_CONNECTED sans plateforme reliée ; 502 quand la plateforme ne répond pas.',
        tags: ['Facturation électronique'],
        params: idParam,
        response: { 200: dataOf(incomingFlowDtoSchema), ...errorResponses(404, 409, 422, 502) },
      },
    },
    async (request) => ({
      data: await deps.intake.retryIncoming(await deps.tenant(request), request.params.id),
    }),
  )

  // The signature covers the exact bytes of the body, which parsing would lose: it is read as text here.
  api.register(async (scope) => {
    keepRawJsonBody(scope)
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/webhooks/e-invoicing/:organizationId',
      {
        schema: {
          summary:
            'Évènements de la plateforme agréée (public, signés par Afnor-Signature et Afnor-Signature-Timestamp) : un flux reçu ou mis à jour',
          tags: ['Facturation électronique'],
          security: [],
          params: z.object({ organizationId: idField() }),
          body: z.looseObject({ flowId: z.string() }).meta({ description: 'Le flux (Flow, XP Z12-013)' }),
          response: { 200: z.object({ received: z.literal(true) }), ...errorResponses(400, 401, 404, 409, 503) },
        },
      },
      async (request) => {
        await deps.intake.receiveWebhook({
          organizationId: request.params.organizationId,
          rawBody: request.rawBody ?? '',
          signature: header(request.headers['afnor-signature']),
          timestamp: header(request.headers['afnor-signature-timestamp']),
        })
        return { received: true as const }
      },
    )
  })
}
