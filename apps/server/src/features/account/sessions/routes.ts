import {
  dataOf,
  idParam,
  listOf,
  noContent,
  sessionDtoSchema,
  sessionListQuerySchema,
  sessionsEndedSchema,
} from '@app/domain'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { type CookieSettings, clearSessionCookie, requirePerson, requireUserId } from '../../../lib/auth-context'
import { errorResponses } from '../../../lib/contract'
import { unauthorized } from '../../../lib/errors'
import type { SessionService } from './service'

/** Ending sessions is the person's act, never a personal API token's (403 TOKEN_NOT_ALLOWED). */
function personOf(request: FastifyRequest): number {
  if (!request.auth) throw unauthorized()
  return requirePerson(request.auth)
}

export function registerSessionRoutes(
  app: FastifyInstance,
  deps: { sessions: SessionService; cookie: CookieSettings },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Compte']
  const { sessions } = deps

  api.get(
    '/me/sessions',
    {
      schema: {
        tags,
        summary: 'Liste les sessions ouvertes (appareils connectés), la plus récemment active en premier',
        description:
          "L'appareil est lu dans le user agent, l'adresse est celle de la connexion (sans géolocalisation) ; " +
          '`current` marque la session de cette requête.',
        querystring: sessionListQuerySchema,
        response: { 200: listOf(sessionDtoSchema) },
      },
    },
    async (request) => sessions.list(requireUserId(request), request.auth?.sessionId, request.query),
  )

  api.delete(
    '/me/sessions/:id',
    {
      schema: {
        tags,
        summary: 'Termine une session : cet appareil devra se reconnecter',
        params: idParam,
        response: { 204: noContent, ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await sessions.end(personOf(request), request.params.id)
      if (request.params.id === request.auth?.sessionId) clearSessionCookie(reply, deps.cookie)
      return reply.code(204).send()
    },
  )

  api.post(
    '/me/sessions/end-others',
    {
      schema: {
        tags,
        summary: 'Termine toutes les sessions sauf celle-ci',
        response: { 200: dataOf(sessionsEndedSchema), ...errorResponses(403) },
      },
    },
    async (request) => {
      const userId = personOf(request)
      return { data: { ended: await sessions.endOthers(userId, request.auth?.sessionId ?? 0) } }
    },
  )
}
