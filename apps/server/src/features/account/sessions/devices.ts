import { sessionMessages } from '@app/domain'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { knownDevices } from '../../../db/schema/index'
import type { Clock } from '../../../lib/clock'
import { newSecret, sha256 } from '../../../lib/crypto'
import type { MailService } from '../../platform/mail/service'
import { deviceOf } from './device'

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

  async function isKnown(userId: number, deviceHash: string) {
    const [row] = await db
      .select({ userId: knownDevices.userId })
      .from(knownDevices)
      .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, deviceHash)))
    return row !== undefined
  }

  async function hasAny(userId: number) {
    const [row] = await db
      .select({ userId: knownDevices.userId })
      .from(knownDevices)
      .where(eq(knownDevices.userId, userId))
      .limit(1)
    return row !== undefined
  }

  return {
    /** Remembers this browser for the user, e-mails them when it is new, and gives the device cookie to set. */
    async signedIn(user: Person, deviceToken: string | null, client: Client): Promise<string> {
      const token = deviceToken && deviceToken.length <= 100 ? deviceToken : newSecret()
      const deviceHash = sha256(token)
      const now = deps.clock()
      const isNew = !(await isKnown(user.id, deviceHash)) && (await hasAny(user.id))
      await db
        .insert(knownDevices)
        .values({ userId: user.id, deviceHash, createdAt: now.toISOString(), lastSeenAt: now.toISOString() })
        .onConflictDoUpdate({
          target: [knownDevices.userId, knownDevices.deviceHash],
          set: { lastSeenAt: sql`excluded.last_seen_at` },
        })
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
