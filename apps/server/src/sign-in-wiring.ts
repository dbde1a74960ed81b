import type { FastifyInstance } from 'fastify'
import type { Config } from './config'
import type { Db } from './db/client'
import { registerAuditHook } from './features/account/audit/hook'
import type { AuditTrail } from './features/account/audit/service'
import { createPasswordGuard } from './features/account/auth/password-guard'
import { createAuthService } from './features/account/auth/service'
import { createThrottle } from './features/account/auth/throttle'
import { createDeviceService } from './features/account/sessions/devices'
import { createSessionService, type SessionService } from './features/account/sessions/service'
import { createSignIn } from './features/account/sessions/sign-in'
import { registerSupportAccessContext } from './features/account/support-access/context'
import { createSupportAccessService, type SupportAccessService } from './features/account/support-access/service'
import { createTwoFactorService } from './features/account/two-factor/service'
import type { UserService } from './features/account/users/service'
import type { MailService } from './features/platform/mail/service'
import { type CookieSettings, registerAuthContext } from './lib/auth-context'
import type { Clock } from './lib/clock'
import type { SecretBox } from './lib/secrets'

/**
 * Who may sign in, and how (ARCHITECTURE "Who is calling"): sessions and their devices, the per-account throttle of
 * wrong passwords, the second factor, support access and the sign-in service built on them, wired in one place.
 */
export function wireSignIn(deps: {
  db: Db
  clock: Clock
  config: Config
  secrets: SecretBox
  mail: MailService
  cookie: CookieSettings
  users: UserService
}) {
  const { db, clock, config, secrets, mail, cookie, users } = deps
  const sessions = createSessionService({ db, clock, lifetime: config.session })
  const throttle = createThrottle({ db, clock })
  const devices = createDeviceService({ db, clock, mail, appUrl: config.appUrl })
  const signedIn = createSignIn({ sessions, devices, cookie, clock })
  const support = createSupportAccessService({ db, clock, users, sessions, operators: config.supportOperators })
  const twoFactor = createTwoFactorService({ db, clock, secrets, users, sessions })
  const auth = createAuthService({
    users,
    sessions,
    mail,
    appUrl: config.appUrl,
    twoFactor,
    guard: createPasswordGuard({ throttle, users, mail, appUrl: config.appUrl }),
  })
  return { sessions, throttle, signedIn, support, twoFactor, auth }
}

/** Who is calling, in order: the session, then an operator acting as its user, then the audit trail that records it. */
export function registerRequestContexts(
  app: FastifyInstance,
  deps: { sessions: SessionService; support: SupportAccessService; cookie: CookieSettings; audit: AuditTrail },
) {
  const { sessions, support, cookie } = deps
  registerAuthContext(app, { sessions, cookie })
  // After the sign-in context: an operator's impersonation cookie turns the request into the user's.
  registerSupportAccessContext(app, { sessions, support, cookie })
  // After the session is read: the trail records who did each write once it is answered (features/account/audit).
  registerAuditHook(app, deps.audit, { sessions, cookie })
}
