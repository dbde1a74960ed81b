import type { Config } from './config'
import type { Db } from './db/client'
import { createPasswordGuard } from './features/auth/password-guard'
import { createAuthService } from './features/auth/service'
import { createThrottle } from './features/auth/throttle'
import type { MailService } from './features/mail/service'
import { createDeviceService } from './features/sessions/devices'
import { createSessionService } from './features/sessions/service'
import { createSignIn } from './features/sessions/sign-in'
import { createSupportAccessService } from './features/support-access/service'
import { createTwoFactorService } from './features/two-factor/service'
import type { UserService } from './features/users/service'
import type { CookieSettings } from './lib/auth-context'
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
