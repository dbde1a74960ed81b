import nodemailer from 'nodemailer'
import type { Db } from '../../db/client'
import type { Clock } from '../../lib/clock'
import { createMailRepo } from './repo'

export type OutgoingMail = { to: string; subject: string; text: string; html?: string }

/**
 * Every message is recorded, then sent through SMTP_URL when one is configured. Without SMTP the record is the
 * delivery: the development mailbox page shows it, so the embedded default works offline.
 */
export function createMailService(deps: { db: Db; clock: Clock; smtpUrl: string | undefined; from: string }) {
  const repo = createMailRepo(deps.db)
  const transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null

  return {
    async send(mail: OutgoingMail): Promise<void> {
      const id = await repo.insert({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        status: transport ? 'queued' : 'stored',
      })
      if (!transport) return
      try {
        await transport.sendMail({
          from: deps.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        })
        await repo.markSent(id, deps.clock().toISOString())
      } catch (error) {
        // A mail server outage must not turn a saved action into an error: the message stays recorded as failed.
        await repo.markFailed(id, error instanceof Error ? error.message : String(error))
      }
    },

    latest: (limit = 50) => repo.latest(limit),

    close() {
      transport?.close()
    },
  }
}
export type MailService = ReturnType<typeof createMailService>
