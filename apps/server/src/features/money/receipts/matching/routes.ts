import {
  dataOf,
  idParam,
  noContent,
  receiptDtoSchema,
  receiptMatchDtoSchema,
  receiptMatchParams,
  receiptTransactionMatchDtoSchema,
  transactionReceiptMatchDtoSchema,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../../../lib/contract'
import type { TenantResolver } from '../../../../lib/tenant'
import type { ReceiptMatchService } from './service'

/** Receipt ↔ bank line suggestions: offered, confirmed (attached and learned) or declined (never offered again). */
export function registerReceiptMatchRoutes(
  app: FastifyInstance,
  deps: { matches: ReceiptMatchService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Justificatifs']
  const { matches } = deps

  api.get(
    '/receipt-matches',
    {
      schema: {
        summary:
          'Rapprochements suggérés : les meilleures paires justificatif ↔ dépense bancaire des six derniers mois, chacun une fois',
        tags,
        response: { 200: z.object({ data: z.array(receiptMatchDtoSchema) }) },
      },
    },
    async (request) => ({ data: await matches.pairs(await deps.tenant(request)) }),
  )

  api.get(
    '/receipts/:id/matches',
    {
      schema: {
        summary:
          'Les dépenses bancaires qui pourraient être le paiement du justificatif, la plus probable d’abord (5 au plus)',
        tags,
        params: idParam,
        response: { 200: z.object({ data: z.array(receiptTransactionMatchDtoSchema) }) },
      },
    },
    async (request) => ({ data: await matches.forReceipt(await deps.tenant(request), request.params.id) }),
  )

  api.get(
    '/transactions/:id/receipt-matches',
    {
      schema: {
        summary: 'Les justificatifs qui pourraient justifier la transaction, le plus probable d’abord (5 au plus)',
        tags,
        params: idParam,
        response: { 200: z.object({ data: z.array(transactionReceiptMatchDtoSchema) }) },
      },
    },
    async (request) => ({ data: await matches.forTransaction(await deps.tenant(request), request.params.id) }),
  )

  api.post(
    '/receipts/:id/matches/:transactionId/confirm',
    {
      schema: {
        summary:
          'Confirme un rapprochement : le justificatif est associé à la transaction et le libellé est retenu pour ce fournisseur',
        tags,
        params: receiptMatchParams,
        response: { 200: dataOf(receiptDtoSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({
      data: await matches.confirm(await deps.tenant(request), request.params.id, request.params.transactionId),
    }),
  )

  api.post(
    '/receipts/:id/matches/:transactionId/decline',
    {
      schema: {
        summary: 'Refuse un rapprochement (« Ce n’est pas ça ») : il ne sera plus proposé',
        tags,
        params: receiptMatchParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await matches.decline(await deps.tenant(request), request.params.id, request.params.transactionId)
      return reply.code(204).send()
    },
  )
}
