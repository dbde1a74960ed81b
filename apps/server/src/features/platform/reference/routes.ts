import {
  addressTypeRowSchema,
  booleanQueryField,
  conditionFunctionRowSchema,
  conditionTargetRowSchema,
  contactTypeRowSchema,
  countryRowSchema,
  currencyRowSchema,
  fontRowSchema,
  idField,
  invoiceStateRowSchema,
  itemTypeRowSchema,
  journalTypeRowSchema,
  legalFormRowSchema,
  listOf,
  paymentModeRowSchema,
  periodRowSchema,
  planRowSchema,
  quoteStateRowSchema,
  receiptStateRowSchema,
  referencePagingFields,
  searchFields,
  sectorRowSchema,
  taxAreaRowSchema,
  taxRateRowSchema,
  taxRegimeRowSchema,
  taxRowSchema,
  taxTypeRowSchema,
  unitRowSchema,
} from '@app/domain'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../../db/client'
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
  journalTypes,
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
} from '../../../db/schema/index'
import { type ColumnFilter, createReferenceRepo, type ReferenceTable } from './repo'

/** Reference data never changes between releases: clients may keep it 8 hours (spec/account.md §7). */
const CACHE_CONTROL = 'public, max-age=28800'

const booleanFilter = booleanQueryField()
const idFilter = idField()

type FilterSpec = { column: PgColumn; schema: z.ZodType }
/** A table, the shape of its rows, what the list is (the route's summary), and the filters it accepts. */
type ListSpec = { table: ReferenceTable; row: z.ZodType; summary: string; filters?: Record<string, FilterSpec> }

/**
 * API.md "Reference lists": path → table, with the filters each list accepts (any other filter is a 400). Each row
 * schema (domain api/reference.ts) says the table's columns as the database gives them back.
 */
const lists: Record<string, ListSpec> = {
  '/units': { table: units, row: unitRowSchema, summary: 'Liste les unités' },
  '/taxes': {
    table: taxes,
    row: taxRowSchema,
    summary: 'Liste les TVA',
    filters: {
      taxTypeId: { column: taxes.taxTypeId, schema: idFilter },
      collected: { column: taxes.isCollected, schema: booleanFilter },
      taxAreaId: { column: taxes.taxAreaId, schema: idFilter },
    },
  },
  '/tax-types': { table: taxTypes, row: taxTypeRowSchema, summary: 'Liste les types de TVA' },
  '/tax-rates': { table: taxRates, row: taxRateRowSchema, summary: 'Liste les sortes de taux de TVA' },
  '/tax-areas': { table: taxAreas, row: taxAreaRowSchema, summary: 'Liste les zones fiscales' },
  '/tax-regimes': { table: taxRegimes, row: taxRegimeRowSchema, summary: 'Liste les régimes de TVA' },
  '/countries': { table: countries, row: countryRowSchema, summary: 'Liste les pays' },
  '/address-types': { table: addressTypes, row: addressTypeRowSchema, summary: "Liste les types d'adresse" },
  '/contact-types': { table: contactTypes, row: contactTypeRowSchema, summary: 'Liste les types de contact' },
  '/legal-forms': {
    table: legalForms,
    row: legalFormRowSchema,
    summary: 'Liste les formes juridiques',
    filters: { pop: { column: legalForms.isPop, schema: booleanFilter } },
  },
  '/sectors': { table: sectors, row: sectorRowSchema, summary: "Liste les secteurs d'activité" },
  '/periods': {
    table: periods,
    row: periodRowSchema,
    summary: 'Liste les durées (échéances des factures, validité des devis)',
    filters: {
      forQuotes: { column: periods.forQuotes, schema: booleanFilter },
      forInvoices: { column: periods.forInvoices, schema: booleanFilter },
    },
  },
  '/quote-states': { table: quoteStates, row: quoteStateRowSchema, summary: 'Liste les états des devis' },
  '/invoice-states': { table: invoiceStates, row: invoiceStateRowSchema, summary: 'Liste les états des factures' },
  '/receipt-states': { table: receiptStates, row: receiptStateRowSchema, summary: 'Liste les états des justificatifs' },
  '/currencies': { table: currencies, row: currencyRowSchema, summary: 'Liste les devises' },
  '/payment-modes': { table: paymentModes, row: paymentModeRowSchema, summary: 'Liste les modes de paiement' },
  '/item-types': { table: itemTypes, row: itemTypeRowSchema, summary: "Liste les types d'article" },
  '/fonts': { table: fonts, row: fontRowSchema, summary: 'Liste les polices des documents' },
  '/condition-functions': {
    table: conditionFunctions,
    row: conditionFunctionRowSchema,
    summary: "Liste les opérateurs des conditions des règles d'affectation",
  },
  '/condition-targets': {
    table: conditionTargets,
    row: conditionTargetRowSchema,
    summary: "Liste ce que regardent les conditions des règles d'affectation",
  },
  '/plans': { table: plans, row: planRowSchema, summary: 'Liste les formules' },
  '/journal-types': {
    table: journalTypes,
    row: journalTypeRowSchema,
    summary:
      'Liste les types de comptes (banque, caisse, compte courant d’associé…) : le journalTypeId de POST /journals',
  },
}

export function registerReferenceRoutes(app: FastifyInstance, deps: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const repo = createReferenceRepo(deps.db)
  const tags = ['Référentiels']

  for (const [path, spec] of Object.entries(lists)) {
    const filters = spec.filters ?? {}
    const querystring = z.strictObject({
      ...referencePagingFields(),
      ...searchFields(),
      ...Object.fromEntries(
        Object.entries(filters).map(([name, filter]) => [`filter[${name}]`, filter.schema.optional()]),
      ),
    })
    const schema = {
      summary: spec.summary,
      tags,
      security: [],
      querystring,
      response: { 200: listOf(spec.row) },
    }
    api.get(path, { schema }, async (request, reply) => {
      const query = request.query as Record<string, unknown> & { page: number; pageSize: number }
      const active: ColumnFilter[] = Object.entries(filters)
        .filter(([name]) => query[`filter[${name}]`] !== undefined)
        .map(([name, filter]) => ({ column: filter.column, value: query[`filter[${name}]`] }))
      const paging = { page: query.page, pageSize: query.pageSize }
      const search = typeof query.search === 'string' && query.search !== '' ? query.search : undefined
      const { rows, total } = await repo.list(spec.table, active, paging, search)
      reply.header('cache-control', CACHE_CONTROL)
      return { data: rows, meta: { total, ...paging } }
    })
  }
}
