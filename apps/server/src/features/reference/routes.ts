import { booleanQueryField, idField, referencePagingFields } from '@app/domain'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client'
import {
  addressTypes,
  conditionFunctions,
  conditionTargets,
  contactTypes,
  countries,
  currencies,
  fonts,
  invoiceStates,
  itemTypes,
  legalForms,
  paymentModes,
  periods,
  plans,
  quoteStates,
  receiptStates,
  sectors,
  taxAreas,
  taxes,
  taxRates,
  taxRegimes,
  taxTypes,
  units,
} from '../../db/schema/index'
import { type ColumnFilter, createReferenceRepo, type ReferenceTable } from './repo'

/** Reference data never changes between releases: clients may keep it 8 hours (spec/account.md §7). */
const CACHE_CONTROL = 'public, max-age=28800'

const booleanFilter = booleanQueryField()
const idFilter = idField()

type FilterSpec = { column: PgColumn; schema: z.ZodType }
type ListSpec = { table: ReferenceTable; filters?: Record<string, FilterSpec> }

/** API.md "Reference lists": path → table, with the filters each list accepts (any other filter is a 400). */
const lists: Record<string, ListSpec> = {
  '/units': { table: units },
  '/taxes': {
    table: taxes,
    filters: {
      taxTypeId: { column: taxes.taxTypeId, schema: idFilter },
      collected: { column: taxes.isCollected, schema: booleanFilter },
      taxAreaId: { column: taxes.taxAreaId, schema: idFilter },
    },
  },
  '/tax-types': { table: taxTypes },
  '/tax-rates': { table: taxRates },
  '/tax-areas': { table: taxAreas },
  '/tax-regimes': { table: taxRegimes },
  '/countries': { table: countries },
  '/address-types': { table: addressTypes },
  '/contact-types': { table: contactTypes },
  '/legal-forms': { table: legalForms, filters: { pop: { column: legalForms.isPop, schema: booleanFilter } } },
  '/sectors': { table: sectors },
  '/periods': {
    table: periods,
    filters: {
      forQuotes: { column: periods.forQuotes, schema: booleanFilter },
      forInvoices: { column: periods.forInvoices, schema: booleanFilter },
    },
  },
  '/quote-states': { table: quoteStates },
  '/invoice-states': { table: invoiceStates },
  '/receipt-states': { table: receiptStates },
  '/currencies': { table: currencies },
  '/payment-modes': { table: paymentModes },
  '/item-types': { table: itemTypes },
  '/fonts': { table: fonts },
  '/condition-functions': { table: conditionFunctions },
  '/condition-targets': { table: conditionTargets },
  '/plans': { table: plans },
}

export function registerReferenceRoutes(app: FastifyInstance, deps: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const repo = createReferenceRepo(deps.db)
  const tags = ['Référentiels']

  for (const [path, spec] of Object.entries(lists)) {
    const filters = spec.filters ?? {}
    const querystring = z.strictObject({
      ...referencePagingFields(),
      ...Object.fromEntries(
        Object.entries(filters).map(([name, filter]) => [`filter[${name}]`, filter.schema.optional()]),
      ),
    })
    api.get(path, { schema: { tags, querystring } }, async (request, reply) => {
      const query = request.query as Record<string, unknown> & { page: number; pageSize: number }
      const active: ColumnFilter[] = Object.entries(filters)
        .filter(([name]) => query[`filter[${name}]`] !== undefined)
        .map(([name, filter]) => ({ column: filter.column, value: query[`filter[${name}]`] }))
      const paging = { page: query.page, pageSize: query.pageSize }
      const { rows, total } = await repo.list(spec.table, active, paging)
      reply.header('cache-control', CACHE_CONTROL)
      return { data: rows, meta: { total, ...paging } }
    })
  }
}
