import {
  currentShareLinkDtoSchema,
  dataOf,
  idParam,
  noContent,
  publicDocumentDtoSchema,
  shareLinkDtoSchema,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../../lib/contract'
import { pdfResponse, sendPdf } from '../../../lib/file-replies'
import type { TenantResolver } from '../../../lib/tenant'
import type { SessionService } from '../../account/sessions/service'
import type { ShareSubject } from './repo'
import type { ShareLinkService } from './service'

/** Public reads per address and minute: plenty for a person, a wall for someone trying tokens. */
const PUBLIC_MAX_PER_MINUTE = 120
/** A share link's token; one that is unknown, revoked or malformed answers 404 all the same. */
const tokenParam = z.object({ token: z.string().meta({ description: 'Le jeton du lien public' }) })

/**
 * POST/GET/DELETE /invoices/{id}/public-url and /quotes/{id}/public-url (signed in); GET /public/documents/{token}
 * and /public/documents/{token}/pdf (*public*: no session, rate limited by address).
 */
export function registerShareLinkRoutes(
  app: FastifyInstance,
  deps: { shareLinks: ShareLinkService; tenant: TenantResolver; sessions: SessionService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Documents']
  const kinds: [ShareSubject, string, string][] = [
    ['invoice', 'invoices', "d'une facture"],
    ['quote', 'quotes', "d'un devis"],
  ]
  for (const [kind, path, of] of kinds) {
    api.get(
      `/${path}/:id/public-url`,
      {
        schema: {
          summary: `Lit le lien public ${of} (null quand il n'en a pas)`,
          tags,
          params: idParam,
          response: { 200: dataOf(currentShareLinkDtoSchema) },
        },
      },
      async (request) => ({
        data: await deps.shareLinks.current(await deps.tenant(request), kind, request.params.id),
      }),
    )
    // No body: the same live link when there is one.
    api.post(
      `/${path}/:id/public-url`,
      {
        schema: {
          summary: `Crée le lien public ${of}, ou redonne celui qui existe`,
          tags,
          params: idParam,
          // 409: a draft is not shared.
          response: { 200: dataOf(shareLinkDtoSchema), ...errorResponses(409) },
        },
      },
      async (request) => ({
        data: await deps.shareLinks.create(await deps.tenant(request), kind, request.params.id),
      }),
    )
    api.delete(
      `/${path}/:id/public-url`,
      {
        schema: {
          summary: `Révoque le lien public ${of}`,
          tags,
          params: idParam,
          response: { 204: noContent },
        },
      },
      async (request, reply) => {
        await deps.shareLinks.revoke(await deps.tenant(request), kind, request.params.id)
        return reply.code(204).send()
      },
    )
  }

  const limit = (ip: string) => deps.sessions.limit(`public-document:${ip}`, PUBLIC_MAX_PER_MINUTE, 1)
  api.get(
    '/public/documents/:token',
    {
      schema: {
        summary: 'Lit un document partagé par un lien public',
        tags,
        security: [],
        params: tokenParam,
        // 404: an unknown, revoked or malformed token; 429: too many reads from one address.
        response: { 200: dataOf(publicDocumentDtoSchema), ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      await limit(request.ip)
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex')
      return { data: await deps.shareLinks.publicView(request.params.token) }
    },
  )
  api.get(
    '/public/documents/:token/pdf',
    {
      schema: {
        summary: "Télécharge le PDF d'un document partagé par un lien public",
        tags,
        security: [],
        params: tokenParam,
        response: { 200: pdfResponse('Le PDF du document partagé'), ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      await limit(request.ip)
      const pdf = await deps.shareLinks.publicPdf(request.params.token)
      reply.header('x-robots-tag', 'noindex')
      return sendPdf(reply, pdf, { download: true })
    },
  )
}
