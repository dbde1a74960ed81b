import {
  dataOf,
  meDtoSchema,
  noContent,
  supportAccessDtoSchema,
  supportGrantSchema,
  supportImpersonationSchema,
  supportStatusDtoSchema,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  type CookieSettings,
  clearSessionCookie,
  requirePerson,
  requireUserId,
  setSessionCookie,
} from '../../../lib/auth-context'
import { errorResponses } from '../../../lib/contract'
import { unauthorized } from '../../../lib/errors'
import type { AccountService } from '../account/service'
import type { SessionService } from '../sessions/service'
import { impersonationCookie } from './context'
import type { SupportAccessService } from './service'

type Deps = {
  support: SupportAccessService
  account: Pick<AccountService, 'me'>
  sessions: Pick<SessionService, 'close'>
  cookie: CookieSettings
}

export function registerSupportAccessRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Accès du support']
  const settings = impersonationCookie(deps.cookie)
  const person = (request: Parameters<typeof requirePerson>[0] | null) => {
    if (!request) throw unauthorized()
    return requirePerson(request)
  }

  api.get(
    '/me/support-access',
    {
      schema: {
        tags,
        summary: "Donne l'autorisation en cours du support à agir sur le compte",
        response: { 200: dataOf(supportAccessDtoSchema), ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await deps.support.access(requireUserId(request)) }),
  )

  api.post(
    '/me/support-access',
    {
      schema: {
        tags,
        summary: 'Autorise le support à agir sur le compte pendant 1 heure, 24 heures ou 7 jours',
        body: supportGrantSchema,
        response: { 200: dataOf(supportAccessDtoSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ data: await deps.support.grant(person(request.auth), request.body.hours) }),
  )

  api.delete(
    '/me/support-access',
    {
      schema: {
        tags,
        summary: "Retire au support l'accès au compte et termine ses sessions",
        response: { 204: noContent, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await deps.support.revoke(person(request.auth))
      return reply.code(204).send()
    },
  )

  api.get(
    '/support/status',
    {
      schema: {
        tags,
        summary: "Dit si l'appelant est opérateur du support et en tant que qui il agit",
        response: { 200: dataOf(supportStatusDtoSchema), ...errorResponses(401) },
      },
    },
    async (request) => {
      requireUserId(request)
      return { data: await deps.support.status(request.auth) }
    },
  )

  api.post(
    '/support/impersonation',
    {
      schema: {
        tags,
        summary: "Agit en tant qu'un utilisateur qui a autorisé le support (opérateurs seulement)",
        body: supportImpersonationSchema,
        response: { 200: dataOf(meDtoSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      if (!request.auth) throw unauthorized()
      const { userId, session } = await deps.support.impersonate(
        request.auth,
        request.body.email,
        request.headers['user-agent'] ?? null,
        request.ip,
      )
      setSessionCookie(reply, settings, session)
      return { data: { ...(await deps.account.me(userId)), impersonate: true } }
    },
  )

  api.delete(
    '/support/impersonation',
    {
      schema: {
        tags,
        summary: "Arrête d'agir en tant qu'un utilisateur et revient à son propre compte",
        response: { 204: noContent, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      requireUserId(request)
      if (request.impersonationToken) await deps.sessions.close(request.impersonationToken)
      clearSessionCookie(reply, settings)
      return reply.code(204).send()
    },
  )
}
