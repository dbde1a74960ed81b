import { idParam, referenceNumberingSchema, salesSettingsSchema } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { TenantResolver } from '../account/tenant'
import type { SalesSettingsService } from './service'

export function registerSalesSettingsRoutes(
  app: FastifyInstance,
  deps: { salesSettings: SalesSettingsService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Paramètres de vente']
  const { salesSettings } = deps

  api.get('/settings', { schema: { tags } }, async (request) => ({
    data: await salesSettings.detail(await deps.tenant(request)),
  }))

  api.patch('/settings', { schema: { tags, body: salesSettingsSchema } }, async (request) => ({
    data: await salesSettings.update(await deps.tenant(request), request.body),
  }))

  api.patch(
    '/reference-numberings/:id',
    { schema: { tags, params: idParam, body: referenceNumberingSchema } },
    async (request) => ({
      data: await salesSettings.updateNumbering(await deps.tenant(request), request.params.id, request.body),
    }),
  )
}
