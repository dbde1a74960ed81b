import { idParam, paymentModeSchema } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { TenantResolver } from '../account/tenant'
import type { PaymentModesService } from './service'

export function registerPaymentModesRoutes(
  app: FastifyInstance,
  deps: { paymentModes: PaymentModesService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Paramètres de vente']
  const { paymentModes } = deps

  api.get('/settings/payment-modes', { schema: { tags } }, async (request) => {
    const data = await paymentModes.list(await deps.tenant(request))
    return { data, meta: { total: data.length, page: 1, pageSize: 99 } }
  })

  api.patch(
    '/settings/payment-modes/:id',
    { schema: { tags, params: idParam, body: paymentModeSchema } },
    async (request) => ({
      data: await paymentModes.update(await deps.tenant(request), request.params.id, request.body),
    }),
  )
}
