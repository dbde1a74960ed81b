import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { addressTypes, countries, currencies, plans, sectors, taxAreas, taxRegimes } from '../../db/schema/index'
import { createReferenceRepo } from './repo'

/** Reference data never changes between releases: clients may keep it 8 hours (spec/account.md §7). */
const CACHE_CONTROL = 'public, max-age=28800'

const noFilters = z.strictObject({})
const booleanFilter = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1')

const simpleLists: Record<string, PgTable & { id: unknown }> = {
  '/countries': countries,
  '/currencies': currencies,
  '/address-types': addressTypes,
  '/sectors': sectors,
  '/tax-regimes': taxRegimes,
  '/tax-areas': taxAreas,
  '/plans': plans,
}

const page = <T>(rows: T[]) => ({ data: rows, meta: { total: rows.length, page: 1, pageSize: Math.max(rows.length, 1) } })

export function registerReferenceRoutes(app: FastifyInstance, deps: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const repo = createReferenceRepo(deps.db)
  const tags = ['Référentiels']

  for (const [path, table] of Object.entries(simpleLists)) {
    api.get(path, { schema: { tags, querystring: noFilters } }, async (_request, reply) => {
      reply.header('cache-control', CACHE_CONTROL)
      return page(await repo.listAll(table))
    })
  }

  api.get(
    '/legal-forms',
    { schema: { tags, querystring: z.strictObject({ 'filter[pop]': booleanFilter.optional() }) } },
    async (request, reply) => {
      reply.header('cache-control', CACHE_CONTROL)
      return page(await repo.listLegalForms(request.query['filter[pop]']))
    },
  )
}
