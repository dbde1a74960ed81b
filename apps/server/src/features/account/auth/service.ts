import { type Login, messages, type PasswordReset, type Register, sessionMessages, type Unlock } from '@app/domain'
import { fieldError, unauthorized } from '../../../lib/errors'
import type { MailService } from '../../platform/mail/service'
import type { SessionService } from '../sessions/service'
import type { TwoFactorService } from '../two-factor/service'
import type { UserService } from '../users/service'
import type { PasswordGuard } from './password-guard'

type Deps = {
  users: UserService
  sessions: SessionService
  mail: MailService
  appUrl: string
  twoFactor: TwoFactorService
  /** Wrong passwords per account: a growing delay, and the e-mailed unlock code (password-guard.ts). */
  guard: PasswordGuard
}

/** Login: 10 tries per address and client every 15 minutes, 100 per client; codes: 5 per address per hour. */
const LIMITS = {
  loginPerAccountAndIp: { max: 10, minutes: 15 },
  loginPerIp: { max: 100, minutes: 15 },
  codePerEmail: { max: 5, minutes: 60 },
  codePerIp: { max: 30, minutes: 60 },
  verifyPerIp: { max: 30, minutes: 15 },
} as const

export function createAuthService(deps: Deps) {
  const { users, sessions } = deps

  async function openSession(userId: number, userAgent: string | null) {
    const session = await sessions.open(userId, userAgent)
    await users.recordLogin(userId)
    return session
  }

  /**
   * The password checked (a failure counts against the account, decision 0041); then the session, or — the second
   * factor on — a pending sign-in that waits for the code (features/account/two-factor).
   */
  async function signInWithPassword(email: string, password: string, userAgent: string | null) {
    const user = await users.checkCredentials(email, password)
    if (!user) {
      await deps.guard.failed(email)
      throw unauthorized(messages.auth.invalidCredentials)
    }
    await deps.guard.succeeded(email)
    if (await deps.twoFactor.isEnabled(user.id))
      return { user, pending: await deps.twoFactor.startPendingLogin(user.id) }
    return { user, session: await openSession(user.id, userAgent) }
  }

  return {
    async register(input: Register, userAgent: string | null) {
      const user = await users.register(input)
      const session = await sessions.open(user.id, userAgent)
      await users.recordLogin(user.id)
      return { user, session }
    },

    async login(input: Login, ip: string, userAgent: string | null) {
      await sessions.limit(`login:ip:${ip}`, LIMITS.loginPerIp.max, LIMITS.loginPerIp.minutes)
      await sessions.limit(
        `login:account:${input.username}:${ip}`,
        LIMITS.loginPerAccountAndIp.max,
        LIMITS.loginPerAccountAndIp.minutes,
      )
      await deps.guard.before(input.username)
      return signInWithPassword(input.username, input.password, userAgent)
    },

    /** The code (or a recovery code) of a pending sign-in: its session opens. */
    async loginSecondStep(pendingToken: string | undefined, code: string, ip: string, userAgent: string | null) {
      const user = await users.getById(await deps.twoFactor.completePendingLogin(pendingToken, code, ip))
      return { user, session: await openSession(user.id, userAgent) }
    },

    /** The e-mailed unlock code and the password: the owner signs in despite the delay (decision 0041). */
    async unlock(input: Unlock, ip: string, userAgent: string | null) {
      await sessions.limit(`unlock:ip:${ip}`, LIMITS.verifyPerIp.max, LIMITS.verifyPerIp.minutes)
      if (!(await deps.guard.redeem(input.email, input.code)))
        throw fieldError('code', sessionMessages.invalidUnlockCode, 'INVALID_CODE')
      return signInWithPassword(input.email, input.password, userAgent)
    },

    logout: (token: string) => sessions.close(token),

    /** Always answers the same way, known address or not: no account enumeration. */
    async sendResetCode(email: string, ip: string): Promise<void> {
      await sessions.limit(`code:ip:${ip}`, LIMITS.codePerIp.max, LIMITS.codePerIp.minutes)
      await sessions.limit(`code:email:${email}`, LIMITS.codePerEmail.max, LIMITS.codePerEmail.minutes)
      const user = await users.findByEmail(email)
      if (!user) return
      const code = await users.issueCode(user.id, 'password-reset')
      const link = `${deps.appUrl}/auth/verify-token?email=${encodeURIComponent(user.email)}`
      await deps.mail.send({
        to: user.email,
        subject: messages.mail.resetSubject,
        text: [
          `Bonjour ${user.firstname},`,
          '',
          `Voici ton code pour réinitialiser ton mot de passe : ${code}`,
          'Il est valable 15 minutes.',
          '',
          `Saisis-le ici : ${link}`,
          '',
          "Si tu n'as rien demandé, ignore ce message : ton mot de passe ne change pas.",
        ].join('\n'),
      })
    },

    async verifyResetCode(email: string, code: string, ip: string): Promise<string> {
      await sessions.limit(`verify:ip:${ip}`, LIMITS.verifyPerIp.max, LIMITS.verifyPerIp.minutes)
      const user = await users.findByEmail(email)
      const token = user ? await users.verifyCode(user.id, 'password-reset', code) : null
      if (!token) throw fieldError('code', messages.auth.invalidCode, 'INVALID_CODE')
      return token
    },

    /** A reset closes every other session of the account, then signs in here. */
    async resetPassword(input: PasswordReset, userAgent: string | null) {
      const user = await users.findByEmail(input.email)
      const valid = user ? await users.consumeToken(user.id, 'password-reset', input.token) : false
      if (!user || !valid) throw fieldError('token', messages.auth.invalidToken, 'INVALID_TOKEN')
      await users.setPassword(user.id, input.password)
      await sessions.closeAllOf(user.id)
      // A mailbox is not a second factor: with it on, the new password still leads to the code step.
      if (await deps.twoFactor.isEnabled(user.id))
        return { user, pending: await deps.twoFactor.startPendingLogin(user.id) }
      const session = await sessions.open(user.id, userAgent)
      await users.recordLogin(user.id)
      return { user, session }
    },
  }
}
export type AuthService = ReturnType<typeof createAuthService>
