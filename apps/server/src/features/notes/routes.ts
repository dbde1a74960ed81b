import { idParam, noteSchema } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { TenantResolver } from '../account/tenant'
import { subjectModels } from '../activities/subjects'
import type { NoteService } from './service'

/** GET and PUT /{model}/{id}/note (API.md "Comments, notes, activity"). */
export function registerNoteRoutes(app: FastifyInstance, deps: { notes: NoteService; tenant: TenantResolver }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Notes']
  for (const model of subjectModels) {
    api.get(`/${model}/:id/note`, { schema: { tags, params: idParam } }, async (request) => ({
      data: await deps.notes.get(await deps.tenant(request), model, request.params.id),
    }))

    api.put(`/${model}/:id/note`, { schema: { tags, params: idParam, body: noteSchema } }, async (request) => ({
      data: await deps.notes.put(await deps.tenant(request), model, request.params.id, request.body),
    }))
  }
}
