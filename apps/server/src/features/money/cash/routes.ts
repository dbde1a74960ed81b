import {
  cashOperationCreateSchema,
  cashOperationListQuerySchema,
  cashOperationListSchema,
  cashOperationSavedSchema,
  cashOperationUpdateSchema,
  dataOf,
  idParam,
  transactionDtoSchema,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { errorResponses } from '../../../lib/contract'
import type { TenantResolver } from '../../../lib/tenant'
import type { CashService } from './service'

/**
 * Cash operations (API.md "Money side": the convenience routes over /transactions for the cash journal). Deleting one
 * is DELETE /transactions/{id}; a cash operation is also listed by GET /transactions?filter[journalTypeCode]=CAI.
 */
export function registerCashRoutes(app: FastifyInstance, deps: { cash: CashService; tenant: TenantResolver }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Caisse']
  const { cash } = deps

  api.get(
    '/cash-operations',
    {
      schema: {
        summary:
          'Liste les mouvements de caisse, les plus récents d’abord ; meta.balance : solde de la caisse (soldes de départ + tous les mouvements), meta.warning quand il est négatif',
        tags,
        querystring: cashOperationListQuerySchema,
        response: { 200: cashOperationListSchema },
      },
    },
    async (request) => cash.list(await deps.tenant(request), request.query),
  )

  api.post(
    '/cash-operations',
    {
      schema: {
        summary:
          'Enregistre un mouvement de caisse : lignes « Entrée » (positives) et « Sortie » (négatives), quel que soit le signe saisi ; la caisse est créée au premier mouvement. warning : le solde devient négatif (enregistré quand même)',
        tags,
        body: cashOperationCreateSchema,
        response: { 201: cashOperationSavedSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await cash.create(await deps.tenant(request), request.body)),
  )

  api.get(
    '/cash-operations/:id',
    {
      schema: {
        summary: 'Lit un mouvement de caisse (404 pour une transaction d’un autre journal)',
        tags,
        params: idParam,
        response: { 200: dataOf(transactionDtoSchema) },
      },
    },
    async (request) => ({ data: await cash.get(await deps.tenant(request), request.params.id) }),
  )

  api.patch(
    '/cash-operations/:id',
    {
      schema: {
        summary:
          'Modifie un mouvement de caisse non verrouillé (libellé, date, lignes signées selon Entrée / Sortie), avec le solde et l’avertissement',
        tags,
        params: idParam,
        body: cashOperationUpdateSchema,
        response: { 200: cashOperationSavedSchema, ...errorResponses(409) },
      },
    },
    async (request) => cash.update(await deps.tenant(request), request.params.id, request.body),
  )
}
