import { messages } from '@app/domain'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Authenticated, SessionService } from '../features/account/sessions/service'
import { forbidden, LockedError, unauthorized } from './errors'

declare module 'fastify' {
  interface FastifyRequest {
    auth: Authenticated | null
    sessionToken: string | null
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export type CookieSettings = { name: string; secure: boolean }

/** `__Host-` pins the cookie to this host over HTTPS; plain HTTP (local use) cannot carry that prefix. */
export const cookieSettings = (secure: boolean): CookieSettings => ({
  name: secure ? '__Host-carnet_session' : 'carnet_session',
  secure,
})

/**
 * Who is calling: a session cookie or a personal API token (same permissions as its user).
 * Cookie requests that change something must carry `X-Requested-With: fetch` (API.md CSRF rule).
 */
export function registerAuthContext(app: FastifyInstance, deps: { sessions: SessionService; cookie: CookieSettings }) {
  app.decorateRequest('auth', null)
  app.decorateRequest('sessionToken', null)
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return
    const header = request.headers.authorization
    if (header?.startsWith('Bearer ')) {
      request.auth = await deps.sessions.fromBearer(header.slice('Bearer '.length).trim())
      if (!request.auth) throw unauthorized()
      return
    }
    const token = request.cookies[deps.cookie.name]
    if (!token) return
    if (!SAFE_METHODS.has(request.method) && request.headers['x-requested-with'] !== 'fetch') {
      throw forbidden(messages.auth.csrf, 'CSRF')
    }
    request.sessionToken = token
    request.auth = await deps.sessions.fromCookie(token)
    // The cookie follows the session's end: moved by use, never past its absolute lifetime (decision 0041).
    if (request.auth?.renewedUntil)
      setSessionCookie(reply, deps.cookie, { token, expiresAt: request.auth.renewedUntil })
  })
  // A per-account lock says how long to wait (features/account/auth/throttle.ts).
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof LockedError) reply.header('retry-after', String(error.retryAfterSeconds))
  })
}

export function requireUserId(request: FastifyRequest): number {
  if (!request.auth) throw unauthorized()
  return request.auth.userId
}

export function setSessionCookie(
  reply: FastifyReply,
  cookie: CookieSettings,
  session: { token: string; expiresAt: Date },
): void {
  reply.setCookie(cookie.name, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    expires: session.expiresAt,
  })
}

export function clearSessionCookie(reply: FastifyReply, cookie: CookieSettings): void {
  reply.clearCookie(cookie.name, { path: '/', httpOnly: true, sameSite: 'lax', secure: cookie.secure })
}
