import { accountingEntryDtoSchema, booleanQueryField, listOf, PAGE_SIZE_MAX, pagingFields, TEXT_MAX } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client'
import type { TenantResolver } from '../account/tenant'
import { createAccountingEntryRepo } from './repo'

const querystring = z.strictObject({
  ...pagingFields({ defaultSize: PAGE_SIZE_MAX }),
  search: z.string().trim().max(TEXT_MAX).optional(),
  'filter[isSale]': booleanQueryField().optional(),
  'filter[isExp]': booleanQueryField().optional(),
})

/**
 * GET /accounting-entries (read side only, for the catalogue's category select): the general categories, in the
 * seed's order. Creating, editing and toggling categories (API.md "Money side") come with the money features.
 */
export function registerAccountingEntryRoutes(app: FastifyInstance, deps: { db: Db; tenant: TenantResolver }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const repo = createAccountingEntryRepo(deps.db)

  api.get(
    '/accounting-entries',
    {
      schema: {
        summary: 'Liste les catégories comptables',
        tags: ['Catégories'],
        querystring,
        response: { 200: listOf(accountingEntryDtoSchema) },
      },
    },
    async (request) => {
      await deps.tenant(request)
      const query = request.query
      const { rows, total } = await repo.list(
        { isSale: query['filter[isSale]'], isExp: query['filter[isExp]'], search: query.search },
        query.pageSize,
        (query.page - 1) * query.pageSize,
      )
      return { data: rows, meta: { total, page: query.page, pageSize: query.pageSize } }
    },
  )
}
