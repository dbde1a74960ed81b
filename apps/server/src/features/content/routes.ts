import { contentPageDtoSchema, dataOf } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notFound } from '../../lib/errors'
import { contentPages } from './pages'

/** Public: the terms and the privacy policy, linked from the sign-up form. */
export function registerContentRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.get(
    '/content/:slug',
    {
      schema: {
        tags: ['Contenus'],
        summary: 'Donne une page de contenu publique (conditions générales, confidentialité)',
        security: [],
        params: z.object({ slug: z.string().max(100) }),
        response: { 200: dataOf(contentPageDtoSchema) },
      },
    },
    async (request) => {
      const page = contentPages.find((p) => p.slug === request.params.slug)
      if (!page) throw notFound()
      return { data: page }
    },
  )
}
