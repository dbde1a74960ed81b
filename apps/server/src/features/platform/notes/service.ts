import { type NoteBody, type NoteDto, noteSchema } from '@app/domain'
import type { Db } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import type { Tenant } from '../../../lib/tenant'
import type { ActivityService } from '../activities/service'
import type { SubjectModel } from '../activities/subjects'
import { createNoteRepo } from './repo'

const EMPTY: NoteDto = { comment: '', updatedAt: null, commentator: null }

/** The private note of a document (spec/sales.md §5, §7): one per document, saved whole, cleared when empty. */
export function createNoteService(deps: { db: Db; clock: Clock; activities: ActivityService }) {
  async function read(tenant: Tenant, type: string, id: number): Promise<NoteDto> {
    const row = await createNoteRepo(deps.db).find(tenant.organizationId, type, id)
    if (!row) return EMPTY
    return {
      comment: row.note.comment,
      updatedAt: row.note.updatedAt,
      commentator: row.commentator?.id ? { id: row.commentator.id, firstname: row.commentator.firstname } : null,
    }
  }

  return {
    async get(tenant: Tenant, model: SubjectModel, id: number) {
      const { type } = await deps.activities.subjectOf(tenant, model, id)
      return read(tenant, type, id)
    },

    async put(tenant: Tenant, model: SubjectModel, id: number, body: NoteBody) {
      const { comment } = noteSchema.parse(body)
      const { type } = await deps.activities.subjectOf(tenant, model, id)
      const repo = createNoteRepo(deps.db)
      if (comment === '') await repo.delete(tenant.organizationId, type, id)
      else
        await repo.upsert({
          organizationId: tenant.organizationId,
          subjectType: type,
          subjectId: id,
          comment,
          userId: tenant.userId,
          updatedAt: deps.clock().toISOString(),
        })
      return read(tenant, type, id)
    },
  }
}

export type NoteService = ReturnType<typeof createNoteService>
