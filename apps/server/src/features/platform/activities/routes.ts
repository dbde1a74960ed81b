import { activityDtoSchema, discussionListQuerySchema, idParam, listOf } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { TenantResolver } from '../../../lib/tenant'
import type { ActivityService } from './service'
import { DISCUSSION_TAGS, SUBJECT_NAMES, subjectModels } from './subjects'

/** GET /{model}/{id}/activities for every model of SUBJECT_MODELS (API.md "Comments, notes, activity"). */
export function registerActivityRoutes(
  app: FastifyInstance,
  deps: { activities: ActivityService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  for (const model of subjectModels) {
    api.get(
      `/${model}/:id/activities`,
      {
        schema: {
          summary: `Lit l'historique ${SUBJECT_NAMES[model].of}, du plus récent au plus ancien`,
          tags: DISCUSSION_TAGS,
          params: idParam,
          querystring: discussionListQuerySchema,
          response: { 200: listOf(activityDtoSchema) },
        },
      },
      async (request) => deps.activities.list(await deps.tenant(request), model, request.params.id, request.query),
    )
  }
}
