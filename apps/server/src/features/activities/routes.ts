import { idParam } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { TenantResolver } from '../account/tenant'
import type { ActivityService } from './service'
import { subjectModels } from './subjects'

/** GET /{model}/{id}/activities for every model of SUBJECT_MODELS (API.md "Comments, notes, activity"). */
export function registerActivityRoutes(
  app: FastifyInstance,
  deps: { activities: ActivityService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Historique']
  for (const model of subjectModels) {
    api.get(`/${model}/:id/activities`, { schema: { tags, params: idParam } }, async (request) => ({
      data: await deps.activities.list(await deps.tenant(request), model, request.params.id),
    }))
  }
}
