import { dataOf, documentEInvoicingDtoSchema, idParam } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { errorResponses } from '../../../../lib/contract'
import type { TenantResolver } from '../../../../lib/tenant'
import type { EInvoiceOutbox } from './outbox'

export function registerEInvoiceSendingRoutes(
  app: FastifyInstance,
  deps: { outbox: EInvoiceOutbox; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.post(
    '/invoices/:id/e-invoice',
    {
      schema: {
        summary: 'Envoie la facture à sa plateforme agréée maintenant',
        description: [
          "Envoie tout de suite une facture validée par la plateforme agréée : celle que la plateforme a refusée ou que l'annuaire ne connaissait pas est refaite (l'annuaire est consulté à nouveau), celle qui n'a pas encore de flux en reçoit un. Répond son parcours sur le réseau.",
          "409 E_INVOICING_NOT_CONNECTED quand l'organisation n'est pas reliée à une plateforme agréée ; 409 INVOICE_NOT_VALIDATED pour un brouillon ou une facture récurrente ; 409 E_INVOICE_ALREADY_SENT quand la plateforme l'a déjà prise.",
        ].join('\n\n'),
        tags: ['Factures'],
        params: idParam,
        response: { 200: dataOf(documentEInvoicingDtoSchema.nullable()), ...errorResponses(409) },
      },
    },
    async (request) => ({
      data: await deps.outbox.sendInvoiceNow(await deps.tenant(request), request.params.id),
    }),
  )
}
