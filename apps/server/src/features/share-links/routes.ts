import { idParam } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { TenantResolver } from '../account/tenant'
import { sendPdf } from '../pdf/routes'
import type { SessionService } from '../sessions/service'
import type { ShareSubject } from './repo'
import type { ShareLinkService } from './service'

/** Public reads per address and minute: plenty for a person, a wall for someone trying tokens. */
const PUBLIC_MAX_PER_MINUTE = 120
const tokenParam = z.object({ token: z.string() })

/**
 * POST/GET/DELETE /invoices/{id}/public-url and /quotes/{id}/public-url (signed in); GET /public/documents/{token}
 * and /public/documents/{token}/pdf (*public*: no session, rate limited by address).
 */
export function registerShareLinkRoutes(
  app: FastifyInstance,
  deps: { shareLinks: ShareLinkService; tenant: TenantResolver; sessions: SessionService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const kinds: [ShareSubject, string, string][] = [
    ['invoice', 'invoices', 'Factures'],
    ['quote', 'quotes', 'Devis'],
  ]
  for (const [kind, path, tag] of kinds) {
    const schema = { tags: [tag], params: idParam }
    api.get(`/${path}/:id/public-url`, { schema }, async (request) => ({
      data: await deps.shareLinks.current(await deps.tenant(request), kind, request.params.id),
    }))
    api.post(`/${path}/:id/public-url`, { schema }, async (request) => ({
      data: await deps.shareLinks.create(await deps.tenant(request), kind, request.params.id),
    }))
    api.delete(`/${path}/:id/public-url`, { schema }, async (request, reply) => {
      await deps.shareLinks.revoke(await deps.tenant(request), kind, request.params.id)
      return reply.code(204).send()
    })
  }

  const limit = (ip: string) => deps.sessions.limit(`public-document:${ip}`, PUBLIC_MAX_PER_MINUTE, 1)
  const schema = { tags: ['Partage'], params: tokenParam }
  api.get('/public/documents/:token', { schema }, async (request, reply) => {
    await limit(request.ip)
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex')
    return { data: await deps.shareLinks.publicView(request.params.token) }
  })
  api.get('/public/documents/:token/pdf', { schema }, async (request, reply) => {
    await limit(request.ip)
    const pdf = await deps.shareLinks.publicPdf(request.params.token)
    reply.header('x-robots-tag', 'noindex')
    return sendPdf(reply, pdf, { download: true })
  })
}
