import { dataOf, searchBodySchema, searchResultSchema } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { TenantResolver } from '../../../lib/tenant'
import type { SearchService } from './service'

const tags = ['Recherche']

/** POST /search (API.md "Dashboard, reports, exports, notifications, search"; spec/account.md §2 "Search"). */
export function registerSearchRoutes(app: FastifyInstance, deps: { search: SearchService; tenant: TenantResolver }) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.post(
    '/search',
    {
      schema: {
        summary:
          "Recherche globale dans l'entreprise courante : devis, factures et avoirs, clients, fournisseurs, produits et services, justificatifs et transactions, par nom, référence ou montant, et les documents par le nom de leur client (3 caractères au moins, sans tenir compte des accents ni de la casse) ; les meilleurs d'abord, 5 par type et 30 en tout",
        tags,
        body: searchBodySchema,
        response: { 200: dataOf(z.array(searchResultSchema)) },
      },
    },
    async (request) => ({ data: await deps.search.search(await deps.tenant(request), request.body) }),
  )
}
