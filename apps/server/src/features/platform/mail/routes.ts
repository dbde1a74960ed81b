import { errorBodySchema, listOf, mailboxMessageDtoSchema, pagingFields, searchFields } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notFound } from '../../../lib/errors'
import type { MailService } from './service'

/** GET /dev/mailbox pages like every list; 50 messages by default, the newest first. */
const mailboxQuerySchema = z.strictObject({ ...pagingFields({ defaultSize: 50 }), ...searchFields() })

/** The development mailbox: only when no SMTP server is configured (or DEV_MAILBOX=on); public, like the e2e reads it. */
export function registerMailboxRoutes(app: FastifyInstance, deps: { mail: MailService; enabled: boolean }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dev/mailbox',
    {
      schema: {
        tags: ['Boîte de développement'],
        summary: "Liste les e-mails gardés par le serveur quand aucun serveur SMTP n'est configuré",
        description: 'Répond 404 quand un serveur SMTP est configuré (sauf DEV_MAILBOX=on).',
        security: [],
        querystring: mailboxQuerySchema,
        response: { 200: listOf(mailboxMessageDtoSchema), 404: errorBodySchema },
      },
    },
    async (request) => {
      if (!deps.enabled) throw notFound()
      const { rows, total } = await deps.mail.latest(request.query)
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
        meta: { total, page: request.query.page, pageSize: request.query.pageSize },
      }
    },
  )
}
