import { dataOf, idParam, invoiceDtoSchema, recurringCalendarDtoSchema, recurringCalendarSchema } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { errorResponses } from '../../../lib/contract'
import type { TenantResolver } from '../../../lib/tenant'
import type { SubscriptionService } from './service'

const invoice = dataOf(invoiceDtoSchema)

/** API.md: suspend, reactivate and the calendar preview; creation and edits go through /invoices (isRecurring). */
export function registerSubscriptionRoutes(
  app: FastifyInstance,
  deps: { subscriptions: SubscriptionService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Factures récurrentes']
  const params = idParam

  api.post(
    '/invoices/:id/suspend',
    {
      schema: {
        summary: 'Suspend une facture récurrente : elle ne crée plus de factures',
        tags,
        params,
        response: { 200: invoice, ...errorResponses(409) },
      },
    },
    async (request) => ({ data: await deps.subscriptions.suspend(await deps.tenant(request), request.params.id) }),
  )

  api.post(
    '/invoices/:id/reactivate',
    {
      schema: {
        summary: 'Réactive une facture récurrente à partir du jour',
        description: 'Demande un client et une formule qui comprend les factures récurrentes (403 sinon).',
        tags,
        params,
        response: { 200: invoice, ...errorResponses(409) },
      },
    },
    async (request) => ({
      data: await deps.subscriptions.reactivate(await deps.tenant(request), request.params.id),
    }),
  )

  api.post(
    '/recurring-calendar',
    {
      schema: {
        summary: "Calcule les prochaines dates d'un calendrier de facturation",
        description: "Avec l'`id` d'une facture récurrente enregistrée, compte ce qu'elle a déjà créé.",
        tags,
        body: recurringCalendarSchema,
        response: { 200: dataOf(recurringCalendarDtoSchema) },
      },
    },
    async (request) => ({ data: await deps.subscriptions.calendar(await deps.tenant(request), request.body) }),
  )
}
