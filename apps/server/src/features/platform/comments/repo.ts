import { type Paging, pageOffset } from '@app/domain'
import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { comments, users } from '../../../db/schema/index'

export type CommentRow = typeof comments.$inferSelect

export function createCommentRepo(db: DbOrTx) {
  const select = () =>
    db
      .select({ comment: comments, commentator: { id: users.id, firstname: users.firstname } })
      .from(comments)
      .leftJoin(users, eq(users.id, comments.userId))

  return {
    /** A page of a document's comments, oldest first, and how many it has. */
    /** `search`: found in the comment's text, case and accents aside. */
    async list(organizationId: number, subjectType: string, subjectId: number, paging: Paging & { search?: string }) {
      const pattern = paging.search ? `%${paging.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined
      const where = and(
        eq(comments.organizationId, organizationId),
        eq(comments.subjectType, subjectType),
        eq(comments.subjectId, subjectId),
        pattern ? sql`search_fold(${comments.comment}) like search_fold(${pattern})` : undefined,
      )
      const rows = await select()
        .where(where)
        .orderBy(asc(comments.id))
        .limit(paging.pageSize)
        .offset(pageOffset(paging))
      const [total] = await db.select({ total: count() }).from(comments).where(where)
      return { rows, total: total?.total ?? 0 }
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
