import {
  COMMENT_ADDED_CODES,
  type CommentBody,
  type CommentDto,
  commentSchema,
  messages,
  type Paging,
} from '@app/domain'
import type { Db } from '../../../db/client'
import { recordActivity } from '../../../lib/activity-log'
import type { Clock } from '../../../lib/clock'
import { forbidden, notFound } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import type { ActivityService } from '../activities/service'
import type { SubjectModel } from '../activities/subjects'
import type { NotificationService } from '../notifications/service'
import { createCommentRepo } from './repo'

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof createCommentRepo>['find']>>>

const present = ({ comment, commentator }: Row, tenant: Tenant): CommentDto => ({
  id: comment.id,
  comment: comment.comment,
  isPublic: comment.isPublic,
  createdAt: comment.createdAt,
  updatedAt: comment.updatedAt,
  commentator: commentator?.id ? { id: commentator.id, firstname: commentator.firstname } : null,
  canDelete: mayDelete(comment.userId, tenant),
})

/** Its author, or a support operator acting as a member (spec/sales.md §6: "an impersonating user"). */
const mayDelete = (authorId: number | null, tenant: Tenant) =>
  Boolean(tenant.impersonatorId) || (authorId !== null && authorId === tenant.userId)

/** Comments on documents (spec/sales.md §6, §7): anyone of the organisation adds, only the author deletes. */
export function createCommentService(deps: {
  db: Db
  clock: Clock
  activities: ActivityService
  notifications?: Pick<NotificationService, 'commentAdded'>
}) {
  const now = () => deps.clock().toISOString()
  return {
    async list(tenant: Tenant, model: SubjectModel, id: number, query: Paging & { search?: string }) {
      const { type } = await deps.activities.subjectOf(tenant, model, id)
      const { rows, total } = await createCommentRepo(deps.db).list(tenant.organizationId, type, id, query)
      return {
        data: rows.map((row) => present(row, tenant)),
        meta: { total, page: query.page, pageSize: query.pageSize },
      }
    },

    /** Adds the comment and its "comment added" history entry in one transaction. */
    async add(tenant: Tenant, model: SubjectModel, id: number, body: CommentBody) {
      const input = commentSchema.parse(body)
      const { type, commentId } = await deps.db.transaction(async (tx) => {
        const { type } = await deps.activities.subjectOf(tenant, model, id, tx)
        const at = now()
        const commentId = await createCommentRepo(tx).insert({
          organizationId: tenant.organizationId,
          subjectType: type,
          subjectId: id,
          userId: tenant.userId,
          comment: input.comment,
          isPublic: input.isPublic,
          createdAt: at,
          updatedAt: at,
        })
        await recordActivity(
          tx,
          {
            organizationId: tenant.organizationId,
            subjectType: type,
            subjectId: id,
            code: COMMENT_ADDED_CODES[type],
            userId: tenant.userId,
            payload: { commentId },
          },
          at,
        )
        return { type, commentId }
      })
      // Once committed: the other members hear of it (their preferences permitting).
      await deps.notifications?.commentAdded(tenant, { type, id })
      const row = await createCommentRepo(deps.db).find(tenant.organizationId, type, id, commentId)
      if (!row) throw notFound()
      return present(row, tenant)
    },

    /** Only its author (or the support acting as a member) deletes a comment: 403 for anyone else, 404 when it is not on this document. */
    async remove(tenant: Tenant, model: SubjectModel, id: number, commentId: number) {
      const { type } = await deps.activities.subjectOf(tenant, model, id)
      const repo = createCommentRepo(deps.db)
      const row = await repo.find(tenant.organizationId, type, id, commentId)
      if (!row) throw notFound()
      if (!mayDelete(row.comment.userId, tenant))
        throw forbidden(messages.comments.deleteForbidden, 'NOT_COMMENT_AUTHOR')
      await repo.delete(tenant.organizationId, commentId)
    },
  }
}

export type CommentService = ReturnType<typeof createCommentService>
