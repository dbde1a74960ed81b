import { dataOf, idParam, noteDtoSchema, noteSchema } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { TenantResolver } from '../../../lib/tenant'
import { DISCUSSION_TAGS, SUBJECT_NAMES, subjectModels } from '../activities/subjects'
import type { NoteService } from './service'

/** GET and PUT /{model}/{id}/note (API.md "Comments, notes, activity"). */
export function registerNoteRoutes(app: FastifyInstance, deps: { notes: NoteService; tenant: TenantResolver }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = DISCUSSION_TAGS
  for (const model of subjectModels) {
    api.get(
      `/${model}/:id/note`,
      {
        schema: {
          summary: `Lit la note privée ${SUBJECT_NAMES[model].of}`,
          tags,
          params: idParam,
          response: { 200: dataOf(noteDtoSchema) },
        },
      },
      async (request) => ({
        data: await deps.notes.get(await deps.tenant(request), model, request.params.id),
      }),
    )

    // A PUT: the note is saved whole; an empty note (or none) clears it.
    api.put(
      `/${model}/:id/note`,
      {
        schema: {
          summary: `Enregistre la note privée ${SUBJECT_NAMES[model].of} (vide : l'efface)`,
          tags,
          params: idParam,
          body: noteSchema,
          response: { 200: dataOf(noteDtoSchema) },
        },
      },
      async (request) => ({
        data: await deps.notes.put(await deps.tenant(request), model, request.params.id, request.body),
      }),
    )
  }
}
