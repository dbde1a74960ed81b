import { dataOf, idParam, sendEmailDefaultsDtoSchema, sendEmailResultDtoSchema, sendEmailSchema } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { errorResponses } from '../../../lib/contract'
import type { TenantResolver } from '../../../lib/tenant'
import type { DocumentKind, DocumentMailService } from './service'

/** POST /invoices/{id}/send, /quotes/{id}/send and the drawer's defaults GET /invoices/{id}/email, /quotes/{id}/email. */
export function registerDocumentMailRoutes(
  app: FastifyInstance,
  deps: { documentMail: DocumentMailService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const kinds: [DocumentKind, string, string][] = [
    ['invoice', 'invoices', "d'une facture"],
    ['quote', 'quotes', "d'un devis"],
  ]
  const tags = ['Documents']
  for (const [kind, path, of] of kinds) {
    api.get(
      `/${path}/:id/email`,
      {
        schema: {
          summary: `Propose le destinataire, l'objet et le message de l'envoi par e-mail ${of}`,
          tags,
          params: idParam,
          response: { 200: dataOf(sendEmailDefaultsDtoSchema) },
        },
      },
      async (request) => ({
        data: await deps.documentMail.defaults(await deps.tenant(request), kind, request.params.id),
      }),
    )
    api.post(
      `/${path}/:id/send`,
      {
        schema: {
          summary: `Envoie le PDF ${of} par e-mail`,
          tags,
          params: idParam,
          body: sendEmailSchema,
          // 409: a draft, or a state that cannot be sent (cancelled…).
          response: { 200: dataOf(sendEmailResultDtoSchema), ...errorResponses(409) },
        },
      },
      async (request) => ({
        data: await deps.documentMail.send(await deps.tenant(request), kind, request.params.id, request.body),
      }),
    )
  }
}
