import { and, asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { comments, users } from '../../db/schema/index'

export type CommentRow = typeof comments.$inferSelect

export function createCommentRepo(db: DbOrTx) {
  const select = () =>
    db
      .select({ comment: comments, commentator: { id: users.id, firstname: users.firstname } })
      .from(comments)
      .leftJoin(users, eq(users.id, comments.userId))

  return {
    /** A document's comments, oldest first. */
    async list(organizationId: number, subjectType: string, subjectId: number) {
      return select()
        .where(
          and(
            eq(comments.organizationId, organizationId),
            eq(comments.subjectType, subjectType),
            eq(comments.subjectId, subjectId),
          ),
        )
        .orderBy(asc(comments.id))
    },

    async find(organizationId: number, subjectType: string, subjectId: number, id: number) {
      const [row] = await select().where(
        and(
          eq(comments.organizationId, organizationId),
          eq(comments.subjectType, subjectType),
          eq(comments.subjectId, subjectId),
          eq(comments.id, id),
        ),
      )
      return row
    },

    async insert(values: Omit<typeof comments.$inferInsert, 'id'>) {
      const [created] = await db.insert(comments).values(values).returning({ id: comments.id })
      if (!created) throw new Error('comment insert returned nothing')
      return created.id
    },

    async delete(organizationId: number, id: number) {
      await db.delete(comments).where(and(eq(comments.organizationId, organizationId), eq(comments.id, id)))
    },
  }
}
