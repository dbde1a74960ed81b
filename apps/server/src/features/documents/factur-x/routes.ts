import { idParam, messages } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../../lib/contract'
import { conflict } from '../../../lib/errors'
import type { TenantResolver } from '../../../lib/tenant'
import type { PrintModelLoader } from '../printing/load'
import { facturXml } from './cii'

/** The XML file's name: the reference, reduced to characters every file system and header accepts. */
const fileName = (reference: string | null, id: number) =>
  `factur-x-${(reference ?? String(id)).replace(/[^\w.-]/g, '_')}.xml`

/**
 * GET /invoices/{id}/factur-x.xml: the Factur-X CII XML (EN 16931 profile) of a validated invoice, credit note or
 * deposit invoice, the same one the PDF embeds. A draft has no number yet: 409. Another organisation's id: 404.
 */
export function registerFacturXRoutes(
  app: FastifyInstance,
  deps: { printModels: PrintModelLoader; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.get(
    '/invoices/:id/factur-x.xml',
    {
      schema: {
        summary: "Télécharge le XML Factur-X (CII, profil EN 16931) d'une facture validée",
        tags: ['Documents'],
        params: idParam,
        response: {
          200: {
            description: 'Le XML CII, celui que le PDF embarque',
            content: { 'application/xml': { schema: z.string() } },
          },
          // 409: a draft has no number yet.
          ...errorResponses(409),
        },
      },
    },
    async (request, reply) => {
      const tenant = await deps.tenant(request)
      const print = await deps.printModels.invoice(tenant, request.params.id)
      const doc = print.document
      if (doc.state.code === 'DRAFT' || doc.reference === null)
        throw conflict(messages.documents.facturXDraft, 'NOT_VALIDATED')
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `inline; filename="${fileName(doc.reference, doc.id)}"`)
        .header('cache-control', 'private, no-cache')
        .send(facturXml(print))
    },
  )
}
