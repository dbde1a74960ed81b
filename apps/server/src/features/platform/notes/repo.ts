import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { notes, users } from '../../../db/schema/index'

export function createNoteRepo(db: DbOrTx) {
  const where = (organizationId: number, subjectType: string, subjectId: number) =>
    and(eq(notes.organizationId, organizationId), eq(notes.subjectType, subjectType), eq(notes.subjectId, subjectId))

  return {
    async find(organizationId: number, subjectType: string, subjectId: number) {
      const [row] = await db
        .select({ note: notes, commentator: { id: users.id, firstname: users.firstname } })
        .from(notes)
        .leftJoin(users, eq(users.id, notes.userId))
        .where(where(organizationId, subjectType, subjectId))
      return row
    },

    /** One note per document: written over on every save. */
    async upsert(values: typeof notes.$inferInsert) {
      await db
        .insert(notes)
        .values(values)
        .onConflictDoUpdate({
          target: [notes.organizationId, notes.subjectType, notes.subjectId],
          set: { comment: values.comment, userId: values.userId, updatedAt: values.updatedAt },
        })
    },

    async delete(organizationId: number, subjectType: string, subjectId: number) {
      await db.delete(notes).where(where(organizationId, subjectType, subjectId))
    },
  }
}
