import { alertDtoSchema, dataOf, idParam } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../../lib/contract'
import type { TenantResolver } from '../../../lib/tenant'
import type { AlertService } from './service'

const tags = ['Tableau de bord']

/** API.md "GET /alerts, POST /alerts/{id}/check": the ceiling alerts of the dashboard (spec/account.md §4 "Alerts"). */
export function registerAlertRoutes(app: FastifyInstance, deps: { alerts: AlertService; tenant: TenantResolver }) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get(
    '/alerts',
    {
      schema: {
        summary:
          "Alertes de l'année civile en cours : franchise en base de TVA et plafond de la micro-entreprise, sur le chiffre d'affaires encaissé HT, ventes et services à part, chacune avec son niveau (none compris) ; pour un entrepreneur individuel, la comparaison micro / réel (LEGAL_FORM) quand l'autre régime ferait économiser plus de 500 € de cotisations par an",
        tags,
        response: { 200: dataOf(z.array(alertDtoSchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ data: await deps.alerts.list(await deps.tenant(request)) }),
  )

  api.post(
    '/alerts/:id/check',
    {
      schema: {
        summary: "Marque une alerte comme lue à son niveau actuel : elle ne s'affiche plus en fenêtre",
        tags,
        params: idParam,
        response: { 200: dataOf(alertDtoSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: await deps.alerts.check(await deps.tenant(request), request.params.id) }),
  )
}
