import { loginSchema, passwordCodeSchema, passwordResetSchema, passwordVerifySchema, registerSchema } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { type CookieSettings, clearSessionCookie, setSessionCookie } from '../../lib/auth-context'
import type { AccountService } from '../account/service'
import type { AuthService } from './service'

type Deps = { auth: AuthService; account: AccountService; cookie: CookieSettings }

export function registerAuthRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Authentification']

  api.post('/auth/register', { schema: { tags, body: registerSchema } }, async (request, reply) => {
    const { user, session } = await deps.auth.register(request.body, request.headers['user-agent'] ?? null)
    setSessionCookie(reply, deps.cookie, session)
    return reply.code(201).send({ data: { id: user.id } })
  })

  api.post('/auth/login', { schema: { tags, body: loginSchema } }, async (request, reply) => {
    const { user, session } = await deps.auth.login(request.body, request.ip, request.headers['user-agent'] ?? null)
    setSessionCookie(reply, deps.cookie, session)
    return { data: await deps.account.me(user.id) }
  })

  api.post('/auth/logout', { schema: { tags } }, async (request, reply) => {
    if (request.sessionToken) await deps.auth.logout(request.sessionToken)
    clearSessionCookie(reply, deps.cookie)
    return reply.code(204).send()
  })

  api.post('/auth/password/code', { schema: { tags, body: passwordCodeSchema } }, async (request, reply) => {
    await deps.auth.sendResetCode(request.body.email, request.ip)
    return reply.code(204).send()
  })

  api.post('/auth/password/verify', { schema: { tags, body: passwordVerifySchema } }, async (request) => {
    const token = await deps.auth.verifyResetCode(request.body.email, request.body.code, request.ip)
    return { data: { token } }
  })

  api.post('/auth/password/reset', { schema: { tags, body: passwordResetSchema } }, async (request, reply) => {
    const { user, session } = await deps.auth.resetPassword(request.body, request.headers['user-agent'] ?? null)
    setSessionCookie(reply, deps.cookie, session)
    return { data: await deps.account.me(user.id) }
  })
}
