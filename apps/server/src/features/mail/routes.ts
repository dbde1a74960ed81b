import type { FastifyInstance } from 'fastify'
import { notFound } from '../../lib/errors'
import type { MailService } from './service'

/** The development mailbox: only when no SMTP server is configured (or DEV_MAILBOX=on). */
export function registerMailboxRoutes(app: FastifyInstance, deps: { mail: MailService; enabled: boolean }) {
  app.get('/dev/mailbox', { schema: { hide: true } }, async () => {
    if (!deps.enabled) throw notFound()
    const rows = await deps.mail.latest(50)
    return {
      data: rows.map((row) => ({
        id: row.id,
        to: row.to,
        cc: row.cc,
        bcc: row.bcc,
        replyTo: row.replyTo,
        subject: row.subject,
        text: row.text,
        status: row.status,
        attachments: row.attachments.map((file) => ({ filename: file.filename, contentType: file.contentType })),
        createdAt: row.createdAt,
      })),
    }
  })
}
