import {
  changelogEntryDtoSchema,
  contentPageDtoSchema,
  dataOf,
  listOf,
  pagingFields,
  searchedPageOfList,
  searchFields,
  tutorialDtoSchema,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Config } from '../../../config'
import { notFound } from '../../../lib/errors'
import { changelogNewestFirst } from './changelog'
import { legalNoticePage } from './legal-notice'
import { contentPages } from './pages'
import { tutorials } from './tutorials'

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

  api.get(
    '/changelog',
    {
      schema: {
        tags: ['Contenus'],
        summary: 'Liste les nouveautés du produit, les plus récentes en premier',
        security: [],
        querystring: z.strictObject({ ...pagingFields(), ...searchFields() }),
        response: { 200: listOf(changelogEntryDtoSchema) },
      },
    },
    async (request) =>
      searchedPageOfList(changelogNewestFirst(), request.query, (entry) => [entry.title, ...entry.tags]),
  )

  api.get(
    '/tutorials',
    {
      schema: {
        tags: ['Contenus'],
        summary: 'Liste les tutoriels des écrans de Carnet',
        security: [],
        querystring: z.strictObject({ ...pagingFields(), ...searchFields() }),
        response: { 200: listOf(tutorialDtoSchema) },
      },
    },
    async (request) =>
      searchedPageOfList(tutorials, request.query, (tutorial) => [tutorial.title, tutorial.overview, tutorial.path]),
  )

  api.get(
    '/tutorials/:slug',
    {
      schema: {
        tags: ['Contenus'],
        summary: 'Donne le tutoriel d’un écran',
        security: [],
        params: z.object({ slug: z.string().max(100) }),
        response: { 200: dataOf(tutorialDtoSchema) },
      },
    },
    async (request) => {
      const tutorial = tutorials.find((candidate) => candidate.slug === request.params.slug)
      if (!tutorial) throw notFound()
      return { data: tutorial }
    },
  )
}
