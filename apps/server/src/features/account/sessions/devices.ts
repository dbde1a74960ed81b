import { sessionMessages } from '@app/domain'
import type { Db } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { newSecret, sha256 } from '../../../lib/crypto'
import type { MailService } from '../../platform/mail/service'
import { deviceOf } from './device'
import { hasAnyDevice, isKnownDevice, upsertKnownDevice } from './repo'

/** The device cookie lives a year; each sign-in renews it. */
export const DEVICE_COOKIE_DAYS = 365

const whenFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  dateStyle: 'long',
  timeStyle: 'short',
})

type Person = { id: number; email: string; firstname: string }
type Client = { userAgent: string | null; ip: string | null }

/**
 * "New device" is a browser without our device cookie, or with one this user never signed in with. Only the cookie's
 * hash is kept, per user. A user with no known device yet (the sign-up's own session, or an account older than this
 * list) is not e-mailed: there is nothing to compare with.
 */
export function createDeviceService(deps: { db: Db; clock: Clock; mail: MailService; appUrl: string }) {
  const { db } = deps

  return {
    /** Remembers this browser for the user, e-mails them when it is new, and gives the device cookie to set. */
    async signedIn(user: Person, deviceToken: string | null, client: Client): Promise<string> {
      const token = deviceToken && deviceToken.length <= 100 ? deviceToken : newSecret()
      const deviceHash = sha256(token)
      const now = deps.clock()
      const isNew = !(await isKnownDevice(db, user.id, deviceHash)) && (await hasAnyDevice(db, user.id))
      await upsertKnownDevice(db, user.id, deviceHash, now.toISOString())
      if (isNew) await this.notify(user, client, now)
      return token
    },

    async notify(user: Person, client: Client, when: Date) {
      const device = deviceOf(client.userAgent).device ?? sessionMessages.unknownDevice
      await deps.mail.send({
        to: user.email,
        subject: sessionMessages.newDeviceSubject,
        text: [
          `Bonjour ${user.firstname},`,
          '',
          "Quelqu'un vient de se connecter à ton compte Carnet depuis un appareil que nous ne connaissions pas :",
          '',
          `Appareil : ${device}`,
          `Adresse IP : ${client.ip ?? 'inconnue'}`,
          `Quand : le ${whenFormat.format(when)} (heure de Paris)`,
          '',
          "Si c'est toi, tu n'as rien à faire.",
          "Si ce n'est pas toi, change ton mot de passe et déconnecte les autres sessions depuis ton profil :",
          `${deps.appUrl}/app/profile`,
        ].join('\n'),
      })
    },
  }
}
export type DeviceService = ReturnType<typeof createDeviceService>
