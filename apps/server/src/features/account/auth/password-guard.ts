import { sessionMessages } from '@app/domain'
import type { MailService } from '../../platform/mail/service'
import type { UserService } from '../users/service'
import { passwordSubject, type Throttle } from './throttle'

/**
 * The per-account limit on wrong passwords (decision 0041), on top of the per-address windows of service.ts.
 * Unknown e-mails are counted and answered the same way; only a real account gets the unlock e-mail.
 */
export function createPasswordGuard(deps: {
  throttle: Throttle
  users: UserService
  mail: MailService
  appUrl: string
}) {
  const { throttle } = deps

  return {
    /** 429 with the wait while the account cools down, whatever the password. */
    before: (email: string) => throttle.check(passwordSubject(email)),

    async failed(email: string): Promise<void> {
      const user = await deps.users.findByEmail(email)
      await throttle.failure(passwordSubject(email), {
        onLock: user
          ? (code) =>
              deps.mail
                .send({
                  to: user.email,
                  subject: sessionMessages.unlockSubject,
                  text: [
                    `Bonjour ${user.firstname},`,
                    '',
                    "Plusieurs mots de passe erronés viennent d'être essayés sur ton compte Carnet : chaque nouvel",
                    "essai doit maintenant attendre un peu. Si c'est toi, tu peux te connecter tout de suite avec ce code :",
                    '',
                    `Code de déblocage : ${code}`,
                    'Il est valable une heure.',
                    '',
                    `Débloquer mon compte : ${deps.appUrl}/auth/unlock?email=${encodeURIComponent(user.email)}`,
                    '',
                    "Si ce n'est pas toi, quelqu'un essaie de deviner ton mot de passe : il ne peut pas entrer sans lui.",
                    "Choisis un mot de passe long que tu n'utilises nulle part ailleurs.",
                  ].join('\n'),
                })
                .then(() => undefined)
          : undefined,
      })
    },

    succeeded: (email: string) => throttle.success(passwordSubject(email)),

    redeem: (email: string, code: string) => throttle.redeemUnlockCode(passwordSubject(email), code),
  }
}
export type PasswordGuard = ReturnType<typeof createPasswordGuard>
