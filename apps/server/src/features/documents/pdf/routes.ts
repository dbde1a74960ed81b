import { appearancePreviewQuerySchema, idParam, invoicePdfQuerySchema } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { errorResponses } from '../../../lib/contract'
import { pdfResponse, sendPdf } from '../../../lib/file-replies'
import type { TenantResolver } from '../../../lib/tenant'
import type { PdfService } from './service'

/** The tag of the documents' files, e-mails and share links (lib/openapi.ts API_TAGS). */
export const DOCUMENTS_TAGS = ['Documents']

export function registerPdfRoutes(app: FastifyInstance, deps: { pdfs: PdfService; tenant: TenantResolver }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const { pdfs } = deps

  api.get(
    '/invoices/:id/pdf',
    {
      schema: {
        summary: "Télécharge le PDF d'une facture (Factur-X), ou sa version acquittée avec paid=true",
        tags: DOCUMENTS_TAGS,
        params: idParam,
        querystring: invoicePdfQuerySchema,
        // 409: the paid version of an invoice that is not paid.
        response: { 200: pdfResponse('Le PDF de la facture, au format Factur-X (PDF/A-3b)'), ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const tenant = await deps.tenant(request)
      const pdf = await pdfs.invoicePdf(tenant, request.params.id, { paid: request.query.paid })
      return sendPdf(reply, pdf)
    },
  )

  api.get(
    '/quotes/:id/pdf',
    {
      schema: {
        summary: "Télécharge le PDF d'un devis",
        tags: DOCUMENTS_TAGS,
        params: idParam,
        response: { 200: pdfResponse('Le PDF du devis') },
      },
    },
    async (request, reply) => {
      const tenant = await deps.tenant(request)
      return sendPdf(reply, await pdfs.quotePdf(tenant, request.params.id))
    },
  )

  api.get(
    '/settings/appearance/preview.pdf',
    {
      schema: {
        summary: "Télécharge un document d'exemple avec l'apparence enregistrée, ou la couleur et la police données",
        tags: ['Paramètres de vente'],
        querystring: appearancePreviewQuerySchema,
        response: { 200: pdfResponse("Le PDF d'exemple") },
      },
    },
    async (request, reply) => {
      const tenant = await deps.tenant(request)
      return sendPdf(reply, await pdfs.samplePdf(tenant, request.query))
    },
  )
}
