import type { FastifyInstance } from 'fastify'
import { type CookieSettings, clearSessionCookie } from '../../../lib/auth-context'
import type { SessionService } from '../sessions/service'
import type { SupportAccessService } from './service'

/** The operator's session as a user lives in its own cookie: stopping clears it and leaves the operator signed in. */
export const impersonationCookie = (cookie: CookieSettings): CookieSettings => ({
  name: cookie.secure ? '__Host-carnet_impersonation' : 'carnet_impersonation',
  secure: cookie.secure,
})

declare module 'fastify' {
  interface FastifyRequest {
    /** The impersonation cookie's token while an operator acts as a user (stop ends that session). */
    impersonationToken: string | null
  }
}

/**
 * Runs after the sign-in context (lib/auth-context.ts): when the operator's own session carries the impersonation
 * cookie, the request acts as the user, marked with the operator's id — as long as that user's authorisation runs.
 * Past it, the operator is back to themselves and the cookie goes.
 */
export function registerSupportAccessContext(
  app: FastifyInstance,
  deps: {
    sessions: Pick<SessionService, 'fromCookie' | 'close'>
    support: SupportAccessService
    cookie: CookieSettings
  },
) {
  const settings = impersonationCookie(deps.cookie)
  app.decorateRequest('impersonationToken', null)
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return
    const token = request.cookies[settings.name]
    if (!token || request.auth?.via !== 'session' || request.auth.impersonatorId) return
    const operatorId = request.auth.userId
    const acting = await deps.sessions.fromCookie(token)
    if (acting?.impersonatorId === operatorId && (await deps.support.stillGranted(acting.userId))) {
      request.auth = acting
      request.impersonationToken = token
      return
    }
    await deps.sessions.close(token)
    clearSessionCookie(reply, settings)
  })
}
