import {
  dataOf,
  operatingAccountDtoSchema,
  reportPeriodQuerySchema,
  reportYearQuerySchema,
  salesReportDtoSchema,
  vatDeclarationDtoSchema,
  vatDeclarationQuerySchema,
  vatMonthDetailDtoSchema,
  vatMonthParamsSchema,
  vatReportDtoSchema,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { errorResponses } from '../../../lib/contract'
import { pdfResponse, sendPdf } from '../../../lib/file-replies'
import type { TenantResolver } from '../../../lib/tenant'
import type { ReportService } from './service'

const tags = ['Rapports et exports']

/** The reports (API.md "Dashboard, reports, exports"; spec/account.md §2), read from the ledger. */
export function registerReportRoutes(app: FastifyInstance, deps: { reports: ReportService; tenant: TenantResolver }) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get(
    '/reports/operating-account',
    {
      schema: {
        summary:
          "Compte d'exploitation d'une période : produits (classe 7) et charges (classe 6) par compte et par mois",
        tags,
        querystring: reportPeriodQuerySchema,
        response: { 200: dataOf(operatingAccountDtoSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ data: await deps.reports.operatingAccount(await deps.tenant(request), request.query) }),
  )

  api.get(
    '/reports/sales',
    {
      schema: {
        summary: "Ventes d'une année par mois et par taux de T.V.A., tirées des factures et avoirs validés",
        tags,
        querystring: reportYearQuerySchema,
        response: { 200: dataOf(salesReportDtoSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ data: await deps.reports.sales(await deps.tenant(request), request.query.year) }),
  )

  api.get(
    '/reports/vat',
    {
      schema: {
        summary:
          "Rapport de T.V.A. d'une année : collectée et déductible, mois par mois, à la date où elle est exigible",
        tags,
        querystring: reportYearQuerySchema,
        response: { 200: dataOf(vatReportDtoSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ data: await deps.reports.vat(await deps.tenant(request), request.query.year) }),
  )

  api.get(
    '/reports/vat/:month',
    {
      schema: {
        summary: "Détail d'un mois de T.V.A. (AAAA-MM) : chaque opération, sa base et sa taxe",
        tags,
        params: vatMonthParamsSchema,
        response: { 200: dataOf(vatMonthDetailDtoSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ data: await deps.reports.vatMonth(await deps.tenant(request), request.params.month) }),
  )

  api.get(
    '/reports/vat-declaration',
    {
      schema: {
        summary:
          'Déclaration de T.V.A. 3310-CA3-SD du mois (du trimestre au régime trimestriel) : chaque case, son montant ' +
          'et les lignes du grand livre qui la font',
        description:
          'Au régime trimestriel, `month` est le dernier mois du trimestre (3, 6, 9 ou 12). Une organisation en ' +
          'franchise en base ou au réel simplifié n’a pas de CA3 : 409.',
        tags,
        querystring: vatDeclarationQuerySchema,
        response: { 200: dataOf(vatDeclarationDtoSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ({
      data: await deps.reports.vatDeclarationDetail(
        await deps.tenant(request),
        request.query.year,
        request.query.month,
      ),
    }),
  )

  api.get(
    '/reports/vat-declaration.pdf',
    {
      schema: {
        summary:
          'Déclaration de T.V.A. 3310-CA3-SD du mois (du trimestre au régime trimestriel), calculée sur le grand ' +
          'livre, en PDF',
        tags,
        querystring: vatDeclarationQuerySchema,
        response: { 200: pdfResponse('La déclaration 3310-CA3-SD'), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const pdf = await deps.reports.vatDeclaration(await deps.tenant(request), request.query.year, request.query.month)
      return sendPdf(reply, pdf, { download: true })
    },
  )
}
