import { idParam, recurringCalendarSchema } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { TenantResolver } from '../account/tenant'
import type { SubscriptionService } from './service'

/** API.md: suspend, reactivate and the calendar preview; creation and edits go through /invoices (isRecurring). */
export function registerSubscriptionRoutes(
  app: FastifyInstance,
  deps: { subscriptions: SubscriptionService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Factures récurrentes']
  const params = idParam

  api.post('/invoices/:id/suspend', { schema: { tags, params } }, async (request) => ({
    data: await deps.subscriptions.suspend(await deps.tenant(request), request.params.id),
  }))

  api.post('/invoices/:id/reactivate', { schema: { tags, params } }, async (request) => ({
    data: await deps.subscriptions.reactivate(await deps.tenant(request), request.params.id),
  }))

  api.post('/recurring-calendar', { schema: { tags, body: recurringCalendarSchema } }, async (request) => ({
    data: await deps.subscriptions.calendar(await deps.tenant(request), request.body),
  }))
}
