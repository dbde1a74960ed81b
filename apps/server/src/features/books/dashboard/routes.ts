import {
  availableYearDtoSchema,
  dashboardAccountsDtoSchema,
  dashboardActivityDtoSchema,
  dashboardFigureDtoSchema,
  dashboardInvoicesDtoSchema,
  dashboardMrrDtoSchema,
  dashboardQueryDescription,
  dashboardQuerySchema,
  dashboardQuotesDtoSchema,
  dashboardTreasuryDtoSchema,
  dataOf,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../../lib/contract'
import type { Tenant, TenantResolver } from '../../../lib/tenant'
import type { DashboardService } from './service'

const tags = ['Tableau de bord']

type Figures = Omit<DashboardService, 'availableYears'>

/** API.md "GET /dashboard/{…}?from&to" and "GET /available-years" (spec/account.md §3 "Dashboard data", §7). */
export function registerDashboardRoutes(
  app: FastifyInstance,
  deps: { dashboard: DashboardService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  const figure = <K extends keyof Figures>(name: K, summary: string, response: z.ZodType) =>
    api.get(
      `/dashboard/${name}`,
      {
        schema: {
          summary,
          description: dashboardQueryDescription,
          tags,
          querystring: dashboardQuerySchema,
          response: { 200: dataOf(response), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const read = deps.dashboard[name] as (tenant: Tenant, query: typeof request.query) => Promise<unknown>
        return { data: await read(await deps.tenant(request), request.query) }
      },
    )

  figure(
    'activity',
    'Activité de la période mois par mois (encaissé, décaissé, trésorerie) et résumé du mois : produits, charges, résultat, trésorerie',
    dashboardActivityDtoSchema,
  )
  figure(
    'treasury',
    'Trésorerie : solde des comptes bancaires à la fin de la période et à chaque fin de mois',
    dashboardTreasuryDtoSchema,
  )
  figure('balance', 'Solde de chaque compte bancaire à la fin de la période', dashboardAccountsDtoSchema)
  figure(
    'partners',
    "Comptes courants d'associés : ce que l'entreprise doit à chacun à la fin de la période",
    dashboardAccountsDtoSchema,
  )
  figure('expenses', 'Charges (classe 6) de la période, et du mois comparé au précédent', dashboardFigureDtoSchema)
  figure(
    'gains',
    'Résultat (produits − charges) de la période, et du mois comparé au précédent',
    dashboardFigureDtoSchema,
  )
  figure(
    'taxes',
    'La T.V.A. due (collectée − déductible) de la période, et du mois comparé au précédent',
    dashboardFigureDtoSchema,
  )
  figure(
    'mrr',
    'Revenu récurrent mensuel : HT facturé par les factures récurrentes le mois de `to` et le précédent',
    dashboardMrrDtoSchema,
  )
  figure(
    'quotes',
    'Devis envoyés en attente de réponse, quelle que soit leur date : nombre et total',
    dashboardQuotesDtoSchema,
  )
  figure(
    'invoices',
    'Factures de la période payées, en attente et en retard (nombre et total), et ce que les clients doivent encore',
    dashboardInvoicesDtoSchema,
  )

  api.get(
    '/available-years',
    {
      schema: {
        summary: "Exercices que propose le sélecteur du tableau de bord : ceux des écritures et l'exercice en cours",
        tags,
        response: { 200: dataOf(z.array(availableYearDtoSchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ data: await deps.dashboard.availableYears(await deps.tenant(request)) }),
  )
}
