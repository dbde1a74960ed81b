import { contentPageDtoSchema, dataOf } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Config } from '../../config'
import { notFound } from '../../lib/errors'
import { legalNoticePage } from './legal-notice'
import { contentPages } from './pages'

/** Public: the terms, the privacy policy and the legal notice, linked from the sign-in and sign-up pages. */
export function registerContentRoutes(app: FastifyInstance, deps: { legal: Config['legal'] }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const pages = [...contentPages, legalNoticePage(deps.legal)]
  api.get(
    '/content/:slug',
    {
      schema: {
        tags: ['Contenus'],
        summary: 'Donne une page de contenu publique (conditions générales, confidentialité, mentions légales)',
        security: [],
        params: z.object({ slug: z.string().max(100) }),
        response: { 200: dataOf(contentPageDtoSchema) },
      },
    },
    async (request) => {
      const page = pages.find((p) => p.slug === request.params.slug)
      if (!page) throw notFound()
      return { data: page }
    },
  )
}
