import { accountingExportQuerySchema, fecQuerySchema } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../../lib/contract'
import { sendTextFile } from '../../../lib/file-replies'
import type { TenantResolver } from '../../../lib/tenant'
import type { createAccountingCsvExport } from './accounting-csv'
import type { createFecExport } from './fec'

const tags = ['Rapports et exports']

const ROWS_HEADER_TEXT =
  "; l'en-tête X-Export-Rows annonce son nombre de lignes (en-tête compris) avant la première, pour suivre l'avancement"

/** The accounting exports (API.md "Dashboard, reports, exports"): the ledger of a period as CSV, the FEC of a year. */
export function registerExportRoutes(
  app: FastifyInstance,
  deps: {
    accountingCsv: ReturnType<typeof createAccountingCsvExport>
    fec: ReturnType<typeof createFecExport>
    tenant: TenantResolver
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get(
    '/exports/fec',
    {
      schema: {
        summary:
          "Fichier des écritures comptables (FEC) d'un exercice : les 18 colonnes de l'article A47 A-1 du LPF, séparées par des tabulations, écrites au fil de la lecture",
        tags,
        querystring: fecQuerySchema,
        response: {
          200: {
            description: `Le FEC, nommé <SIREN>FEC<AAAAMMJJ>.txt (date de clôture)${ROWS_HEADER_TEXT}`,
            content: { 'text/plain': { schema: z.string() } },
          },
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) =>
      sendTextFile(reply, await deps.fec(await deps.tenant(request), request.query), 'text/plain'),
  )
  api.get(
    '/exports/accounting.csv',
    {
      schema: {
        summary:
          "Écritures comptables d'une période en CSV pour un tableur : une ligne par ligne d'écriture, point-virgule, UTF-8 avec BOM, dates JJ/MM/AAAA, virgule décimale",
        tags,
        querystring: accountingExportQuerySchema,
        response: {
          200: {
            description: `Le fichier, nommé <organisation>-ecritures-<AAAAMMJJ-HHmm>.csv (heure de Paris)${ROWS_HEADER_TEXT}`,
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) =>
      sendTextFile(reply, await deps.accountingCsv(await deps.tenant(request), request.query), 'text/csv'),
  )
}
