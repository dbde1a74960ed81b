import { commentParams, commentSchema, idParam } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { TenantResolver } from '../account/tenant'
import { subjectModels } from '../activities/subjects'
import type { CommentService } from './service'

/** GET, POST /{model}/{id}/comments and DELETE /{model}/{id}/comments/{commentId} (API.md). */
export function registerCommentRoutes(
  app: FastifyInstance,
  deps: { comments: CommentService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Commentaires']
  const { comments } = deps
  for (const model of subjectModels) {
    api.get(`/${model}/:id/comments`, { schema: { tags, params: idParam } }, async (request) => ({
      data: await comments.list(await deps.tenant(request), model, request.params.id),
    }))

    api.post(
      `/${model}/:id/comments`,
      { schema: { tags, params: idParam, body: commentSchema } },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await comments.add(await deps.tenant(request), model, request.params.id, request.body) }),
    )

    api.delete(
      `/${model}/:id/comments/:commentId`,
      { schema: { tags, params: commentParams } },
      async (request, reply) => {
        await comments.remove(await deps.tenant(request), model, request.params.id, request.params.commentId)
        return reply.code(204).send()
      },
    )
  }
}
