import {
  cashSaleCreateSchema,
  cashSaleListQuerySchema,
  cashSaleUpdateSchema,
  dataOf,
  idParam,
  listOf,
  transactionDtoSchema,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { errorResponses } from '../../../lib/contract'
import type { TenantResolver } from '../../../lib/tenant'
import type { CashSaleService } from './service'

/**
 * Cash sales (API.md "Money side": the convenience routes over /transactions for the "Ventes au comptant" journal).
 * Deleting one is DELETE /transactions/{id}.
 */
export function registerCashSaleRoutes(
  app: FastifyInstance,
  deps: { cashSales: CashSaleService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Ventes au comptant']
  const { cashSales } = deps

  api.get(
    '/cash-sales',
    {
      schema: {
        summary: 'Liste les ventes au comptant, les plus récentes d’abord',
        tags,
        querystring: cashSaleListQuerySchema,
        response: { 200: listOf(transactionDtoSchema) },
      },
    },
    async (request) => cashSales.list(await deps.tenant(request), request.query),
  )

  api.post(
    '/cash-sales',
    {
      schema: {
        summary:
          'Enregistre une vente au comptant : lignes « Vente » (catégorie de vente, TVA collectée) et « Encaissement » (530 espèces, 580 chèques et cartes) de même total ; montants positifs. 403 si l’entreprise ne vend pas au comptant',
        tags,
        body: cashSaleCreateSchema,
        response: { 201: dataOf(transactionDtoSchema) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await cashSales.create(await deps.tenant(request), request.body) }),
  )

  api.get(
    '/cash-sales/:id',
    {
      schema: {
        summary: 'Lit une vente au comptant (404 pour une transaction d’un autre journal)',
        tags,
        params: idParam,
        response: { 200: dataOf(transactionDtoSchema) },
      },
    },
    async (request) => ({ data: await cashSales.get(await deps.tenant(request), request.params.id) }),
  )

  api.patch(
    '/cash-sales/:id',
    {
      schema: {
        summary: 'Modifie une vente au comptant non verrouillée ; 403 si l’entreprise ne vend pas au comptant',
        tags,
        params: idParam,
        body: cashSaleUpdateSchema,
        response: { 200: dataOf(transactionDtoSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({
      data: await cashSales.update(await deps.tenant(request), request.params.id, request.body),
    }),
  )
}
