import { bookDtoSchema, bookParamsSchema, bookQuerySchema, dataOf } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../../lib/contract'
import { sendTextFile } from '../../../lib/file-replies'
import type { TenantResolver } from '../../../lib/tenant'
import type { BookService } from './books'

const tags = ['Rapports et exports']

/** The micro-entrepreneur's books (API.md "Dashboard, reports, exports"; spec/account.md §2 "In/out books"). */
export function registerBookRoutes(app: FastifyInstance, deps: { books: BookService; tenant: TenantResolver }) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get(
    '/reports/books/:kind',
    {
      schema: {
        summary:
          "Livre des recettes (income) ou registre des achats (expenses) d'une période, mois par mois, tiré du grand livre ; format=csv pour un tableur",
        tags,
        params: bookParamsSchema,
        querystring: bookQuerySchema,
        response: {
          200: {
            description:
              'Le livre en JSON, ou avec format=csv un fichier nommé livre-des-recettes-<AAAA>.csv ou registre-des-achats-<AAAA>.csv (point-virgule, UTF-8 avec BOM, dates JJ/MM/AAAA, virgule décimale)',
            content: {
              'application/json': { schema: dataOf(bookDtoSchema) },
              'text/csv': { schema: z.string() },
            },
          },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const tenant = await deps.tenant(request)
      const { kind } = request.params
      if (request.query.format === 'csv')
        return sendTextFile(reply, await deps.books.csv(tenant, kind, request.query), 'text/csv')
      return { data: await deps.books.book(tenant, kind, request.query) }
    },
  )
}
