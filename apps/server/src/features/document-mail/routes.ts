import { idParam, sendEmailSchema } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { TenantResolver } from '../account/tenant'
import type { DocumentKind, DocumentMailService } from './service'

/** POST /invoices/{id}/send, /quotes/{id}/send and the drawer's defaults GET /invoices/{id}/email, /quotes/{id}/email. */
export function registerDocumentMailRoutes(
  app: FastifyInstance,
  deps: { documentMail: DocumentMailService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const kinds: [DocumentKind, string, string][] = [
    ['invoice', 'invoices', 'Factures'],
    ['quote', 'quotes', 'Devis'],
  ]
  for (const [kind, path, tag] of kinds) {
    const tags = [tag]
    api.get(`/${path}/:id/email`, { schema: { tags, params: idParam } }, async (request) => ({
      data: await deps.documentMail.defaults(await deps.tenant(request), kind, request.params.id),
    }))
    api.post(`/${path}/:id/send`, { schema: { tags, params: idParam, body: sendEmailSchema } }, async (request) => ({
      data: await deps.documentMail.send(await deps.tenant(request), kind, request.params.id, request.body),
    }))
  }
}
