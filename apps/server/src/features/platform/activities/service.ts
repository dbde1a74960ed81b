import {
  type ActivityDto,
  activitySentence,
  isKnownActivityCode,
  type Paging,
  platformNameOf,
  searchedPageOfList,
} from '@app/domain'
import type { Db, DbOrTx } from '../../../db/client'
import { notFound } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import { createActivityRepo } from './repo'
import { SUBJECT_MODELS, type SubjectModel } from './subjects'

/** A history read whole to be searched: far more entries than a document gathers. */
const HISTORY_READ_MAX = 5000

const invoiceIdOf = (payload: Record<string, unknown>) =>
  typeof payload.invoiceId === 'number' && Number.isInteger(payload.invoiceId) ? payload.invoiceId : null

export function createActivityService(deps: { db: Db }) {
  const service = {
    /**
     * The document a comment, note or history request is about, in the caller's organisation: 404 when it does not
     * exist there (another organisation's document included).
     */
    async subjectOf(tenant: Tenant, model: SubjectModel, id: number, db: DbOrTx = deps.db) {
      const type = SUBJECT_MODELS[model]
      const subject = await createActivityRepo(db).subject(tenant.organizationId, type, id)
      if (!subject) throw notFound()
      return { type, subject }
    },

    /** GET /{model}/{id}/activities: newest first, each with its French sentence. */
    /** A page of a document's history, newest first, each entry with its sentence. */
    /**
     * The history of a document, a page of it. `search` is looked for in the sentences as the page shows them (and the
     * author's name): they are written here, not stored, so a search reads the whole history, which is short.
     */
    async list(
      tenant: Tenant,
      model: SubjectModel,
      id: number,
      query: Paging & { search?: string },
    ): Promise<{ data: ActivityDto[]; meta: { total: number; page: number; pageSize: number } }> {
      const paging = { page: query.page, pageSize: query.pageSize }
      if (query.search) {
        const whole = await service.list(tenant, model, id, { page: 1, pageSize: HISTORY_READ_MAX })
        return searchedPageOfList(whole.data, { ...paging, search: query.search }, (entry) => [
          entry.sentence,
          entry.user?.name,
        ])
      }
      const { type, subject } = await service.subjectOf(tenant, model, id)
      const repo = createActivityRepo(deps.db)
      const { rows, total } = await repo.list(tenant.organizationId, type, id, paging)
      const invoiceIds = [...new Set(rows.map((row) => invoiceIdOf(row.payload)).filter((v) => v !== null))]
      const [references, platformCode] = await Promise.all([
        repo.invoiceReferences(tenant.organizationId, invoiceIds),
        repo.platformCode(tenant.organizationId),
      ])
      const platformName = platformNameOf(platformCode)
      const data = rows.map((row): ActivityDto => {
        const invoiceId = invoiceIdOf(row.payload)
        const reference = invoiceId === null ? undefined : references.get(invoiceId)
        const payload = reference ? { ...row.payload, invoiceReference: reference } : row.payload
        const user =
          row.userId === null ? null : { id: row.userId, name: `${row.firstname ?? ''} ${row.lastname ?? ''}`.trim() }
        const entry = { code: row.code, isOperator: row.isOperator, user, payload, subject }
        return {
          id: row.id,
          code: row.code,
          isOperator: row.isOperator,
          user,
          payload,
          createdAt: row.createdAt,
          sentence: activitySentence(entry, { currentUserId: tenant.userId, platformName }),
          known: isKnownActivityCode(row.code),
        }
      })
      return { data, meta: { total, ...paging } }
    },
  }
  return service
}

export type ActivityService = ReturnType<typeof createActivityService>
