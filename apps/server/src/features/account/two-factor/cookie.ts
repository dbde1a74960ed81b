import type { FastifyReply, FastifyRequest } from 'fastify'
import type { CookieSettings } from '../../../lib/auth-context'

/** The pending sign-in between the password and the code: httpOnly, 5 minutes, beside the session cookie. */
const nameOf = (cookie: CookieSettings) => (cookie.secure ? '__Host-carnet_2fa' : 'carnet_2fa')

export const pendingLoginToken = (request: FastifyRequest, cookie: CookieSettings): string | undefined =>
  request.cookies[nameOf(cookie)]

export function setPendingLoginCookie(
  reply: FastifyReply,
  cookie: CookieSettings,
  pending: { token: string; expiresAt: Date },
): void {
  reply.setCookie(nameOf(cookie), pending.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    expires: pending.expiresAt,
  })
}

export function clearPendingLoginCookie(reply: FastifyReply, cookie: CookieSettings): void {
  reply.clearCookie(nameOf(cookie), { path: '/', httpOnly: true, sameSite: 'lax', secure: cookie.secure })
}
