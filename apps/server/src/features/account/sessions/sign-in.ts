import type { FastifyReply, FastifyRequest } from 'fastify'
import { type CookieSettings, setSessionCookie } from '../../../lib/auth-context'
import { addDaysTo, type Clock } from '../../../lib/clock'
import { DEVICE_COOKIE_DAYS, type DeviceService } from './devices'
import type { SessionService } from './service'

/** The device cookie's name, beside the session's (`__Host-` over HTTPS, like it). */
export const deviceCookieName = (cookie: CookieSettings) => (cookie.secure ? '__Host-carnet_device' : 'carnet_device')

type Person = { id: number; email: string; firstname: string }

/**
 * What every route that opens a session does after it: the session cookie (first, so that clients reading one cookie
 * keep the session), the address the session was opened from, and the device cookie, which e-mails the user when
 * this browser is new to the account.
 */
export function createSignIn(deps: {
  sessions: SessionService
  devices: DeviceService
  cookie: CookieSettings
  clock: Clock
}) {
  return async function signedIn(
    request: FastifyRequest,
    reply: FastifyReply,
    user: Person,
    session: { token: string; expiresAt: Date; id: number },
  ): Promise<void> {
    setSessionCookie(reply, deps.cookie, session)
    await deps.sessions.recordAddress(session.id, request.ip)
    const name = deviceCookieName(deps.cookie)
    const device = await deps.devices.signedIn(user, request.cookies[name] ?? null, {
      userAgent: request.headers['user-agent'] ?? null,
      ip: request.ip,
    })
    reply.setCookie(name, device, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.cookie.secure,
      expires: addDaysTo(deps.clock(), DEVICE_COOKIE_DAYS),
    })
  }
}
export type SignIn = ReturnType<typeof createSignIn>
