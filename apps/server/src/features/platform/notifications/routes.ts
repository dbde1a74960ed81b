import { dataOf, idParam, listOf, notificationDtoSchema, notificationListQuerySchema } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../../lib/contract'
import type { TenantResolver } from '../../../lib/tenant'
import type { NotificationHub } from './hub'
import type { NotificationService } from './service'
import { openEventStream } from './stream'

const tags = ['Tableau de bord']

/** API.md "GET /notifications, POST /notifications/{id}/read, GET /notifications/stream" (spec/account.md §4). */
export function registerNotificationRoutes(
  app: FastifyInstance,
  deps: { notifications: NotificationService; hub: NotificationHub; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const { notifications } = deps

  api.get(
    '/notifications',
    {
      schema: {
        summary: 'Liste les notifications de l’utilisateur dans l’entreprise, de la plus récente à la plus ancienne',
        tags,
        querystring: notificationListQuerySchema,
        response: { 200: listOf(notificationDtoSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => notifications.list(await deps.tenant(request), request.query),
  )

  api.post(
    '/notifications/:id/read',
    {
      schema: {
        summary: 'Marque une notification comme lue par l’utilisateur (ajouté à readBy)',
        tags,
        params: idParam,
        response: { 200: dataOf(notificationDtoSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: await notifications.read(await deps.tenant(request), request.params.id) }),
  )

  api.get(
    '/notifications/stream',
    {
      schema: {
        summary:
          'Flux server-sent events (text/event-stream) : un évènement « notification » par nouvelle notification de l’utilisateur, un commentaire de maintien toutes les 25 s',
        tags,
        response: {
          200: z.string().meta({ description: 'event: notification, data: la notification en JSON' }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request, reply) => {
      const tenant = await deps.tenant(request)
      await notifications.assertAllowed(tenant)
      await openEventStream(request, reply, {
        hub: deps.hub,
        organizationId: tenant.organizationId,
        load: (id) => notifications.findFor(tenant, id),
      })
    },
  )
}
