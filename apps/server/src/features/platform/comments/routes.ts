import {
  commentDtoSchema,
  commentParams,
  commentSchema,
  dataOf,
  discussionListQuerySchema,
  idParam,
  listOf,
  noContent,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { TenantResolver } from '../../../lib/tenant'
import { DISCUSSION_TAGS, SUBJECT_NAMES, subjectModels } from '../activities/subjects'
import type { CommentService } from './service'

/** GET, POST /{model}/{id}/comments and DELETE /{model}/{id}/comments/{commentId} (API.md). */
export function registerCommentRoutes(
  app: FastifyInstance,
  deps: { comments: CommentService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = DISCUSSION_TAGS
  const { comments } = deps
  for (const model of subjectModels) {
    const { of, to } = SUBJECT_NAMES[model]
    api.get(
      `/${model}/:id/comments`,
      {
        schema: {
          summary: `Liste les commentaires ${of}, du plus ancien au plus récent`,
          tags,
          params: idParam,
          querystring: discussionListQuerySchema,
          response: { 200: listOf(commentDtoSchema) },
        },
      },
      async (request) => comments.list(await deps.tenant(request), model, request.params.id, request.query),
    )

    api.post(
      `/${model}/:id/comments`,
      {
        schema: {
          summary: `Ajoute un commentaire ${to}`,
          tags,
          params: idParam,
          body: commentSchema,
          response: { 201: dataOf(commentDtoSchema) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await comments.add(await deps.tenant(request), model, request.params.id, request.body) }),
    )

    api.delete(
      `/${model}/:id/comments/:commentId`,
      {
        schema: {
          summary: `Supprime un commentaire ${of} (son auteur seulement)`,
          tags,
          params: commentParams,
          response: { 204: noContent },
        },
      },
      async (request, reply) => {
        await comments.remove(await deps.tenant(request), model, request.params.id, request.params.commentId)
        return reply.code(204).send()
      },
    )
  }
}
