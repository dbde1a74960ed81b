import { messages, supportMessages } from '@app/domain'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { forbidden, LockedError, unauthorized } from './errors'

declare module 'fastify' {
  interface FastifyRequest {
    auth: Authenticated | null
    sessionToken: string | null
  }
}

/**
 * Who is calling. `impersonatorId`: the support operator acting as this user (features/account/support-access), written to
 * the audit trail as the actor on the user's behalf; `tokenId`: the personal API token used, when `via` is 'token'.
 * `sessionId`: the session's public id (GET /me/sessions marks it); `renewedUntil`: the session's new end when this
 * request moved it, for the cookie to follow.
 */
export type Authenticated = {
  userId: number
  via: 'session' | 'token'
  tokenId?: number
  impersonatorId?: number | null
  sessionId?: number
  renewedUntil?: Date
}

/** What the request hook asks of the sessions (made by features/account/sessions, wired in app.ts). */
export type Authenticator = {
  fromBearer(token: string): Promise<Authenticated | null>
  fromCookie(token: string): Promise<Authenticated | null>
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
export function registerAuthContext(app: FastifyInstance, deps: { sessions: Authenticator; cookie: CookieSettings }) {
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

/**
 * What only the person may do from their own session: neither a script's token nor a support operator acting as
 * them (the password, the e-mail, the second factor, tokens, sessions, closing the account).
 */
export function requirePerson(caller: Authenticated): number {
  if (caller.via !== 'session') throw forbidden(messages.auth.tokenNotAllowed, 'TOKEN_NOT_ALLOWED')
  if (caller.impersonatorId) throw forbidden(supportMessages.impersonatorForbidden, 'IMPERSONATOR_NOT_ALLOWED')
  return caller.userId
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
