import {
  apiTokenCreateSchema,
  closeAccountConfirmSchema,
  closeAccountRequestSchema,
  idParam,
  passwordChangeSchema,
  preferencesUpdateSchema,
  profileUpdateSchema,
  switchOrganizationSchema,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { type CookieSettings, clearSessionCookie, requireUserId } from '../../lib/auth-context'
import type { AccountService } from './service'

export function registerAccountRoutes(app: FastifyInstance, deps: { account: AccountService; cookie: CookieSettings }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Compte']
  const { account } = deps

  api.get('/me', { schema: { tags } }, async (request) => ({ data: await account.me(requireUserId(request)) }))

  api.patch('/me', { schema: { tags, body: profileUpdateSchema } }, async (request) => ({
    data: await account.updateProfile(requireUserId(request), request.body),
  }))

  api.patch('/me/password', { schema: { tags, body: passwordChangeSchema } }, async (request, reply) => {
    await account.changePassword(requireUserId(request), request.body.currentPassword, request.body.password)
    return reply.code(204).send()
  })

  api.patch('/me/preferences', { schema: { tags, body: preferencesUpdateSchema } }, async (request) => ({
    data: await account.updatePreferences(requireUserId(request), request.body),
  }))

  api.post('/me/current-organization', { schema: { tags, body: switchOrganizationSchema } }, async (request) => ({
    data: await account.switchOrganization(requireUserId(request), request.body.organizationId),
  }))

  api.get('/me/tokens', { schema: { tags } }, async (request) => ({
    data: await account.listTokens(requireUserId(request)),
  }))

  api.post('/me/tokens', { schema: { tags, body: apiTokenCreateSchema } }, async (request, reply) =>
    reply.code(201).send({ data: await account.createToken(requireUserId(request), request.body.name) }),
  )

  api.delete('/me/tokens/:id', { schema: { tags, params: idParam } }, async (request, reply) => {
    await account.deleteToken(requireUserId(request), request.params.id)
    return reply.code(204).send()
  })

  api.post('/me/close/code', { schema: { tags, body: closeAccountRequestSchema } }, async (request, reply) => {
    await account.requestClosure(requireUserId(request), request.body.organizationName)
    return reply.code(204).send()
  })

  api.post('/me/close', { schema: { tags, body: closeAccountConfirmSchema } }, async (request, reply) => {
    await account.confirmClosure(requireUserId(request), request.body.code)
    clearSessionCookie(reply, deps.cookie)
    return reply.code(204).send()
  })
}
