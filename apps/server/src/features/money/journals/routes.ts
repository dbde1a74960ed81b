import {
  dataOf,
  idParam,
  journalCreateSchema,
  journalDtoSchema,
  journalListQuerySchema,
  journalUpdateSchema,
  listOf,
  noContent,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { errorResponses } from '../../../lib/contract'
import type { TenantResolver } from '../../../lib/tenant'
import type { JournalService } from './service'

/** Bank, cash and associate accounts (API.md "Money side": /journals). */
export function registerJournalRoutes(
  app: FastifyInstance,
  deps: { journals: JournalService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Comptes bancaires']
  const { journals } = deps

  api.get(
    '/journals',
    {
      schema: {
        summary: 'Liste les comptes bancaires, caisses et comptes courants d’associé, avec leur solde',
        tags,
        querystring: journalListQuerySchema,
        response: { 200: listOf(journalDtoSchema) },
      },
    },
    async (request) => journals.list(await deps.tenant(request), request.query),
  )

  api.post(
    '/journals',
    {
      schema: {
        summary:
          'Crée un compte (banque, caisse, compte courant d’associé) ; son code et son compte suivent ceux du type',
        tags,
        body: journalCreateSchema,
        response: { 201: dataOf(journalDtoSchema) },
      },
    },
    async (request, reply) => {
      const created = await journals.create(await deps.tenant(request), request.body)
      return reply.code(201).send({ data: created })
    },
  )

  api.get(
    '/journals/:id',
    {
      schema: {
        summary: 'Lit un compte avec son solde',
        tags,
        params: idParam,
        response: { 200: dataOf(journalDtoSchema) },
      },
    },
    async (request) => ({ data: await journals.get(await deps.tenant(request), request.params.id) }),
  )

  api.patch(
    '/journals/:id',
    {
      schema: {
        summary: 'Modifie un compte : nom, IBAN, BIC, compte par défaut, solde de départ (le type ne change pas)',
        tags,
        params: idParam,
        body: journalUpdateSchema,
        response: { 200: dataOf(journalDtoSchema) },
      },
    },
    async (request) => ({ data: await journals.update(await deps.tenant(request), request.params.id, request.body) }),
  )

  api.post(
    '/journals/:id/toggle',
    {
      schema: {
        summary: 'Active ou désactive un compte ; un seul compte bancaire peut être actif à la fois',
        tags,
        params: idParam,
        response: { 200: dataOf(journalDtoSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({ data: await journals.toggle(await deps.tenant(request), request.params.id) }),
  )

  api.delete(
    '/journals/:id',
    {
      schema: {
        summary: 'Supprime un compte sans transaction',
        tags,
        params: idParam,
        response: { 204: noContent, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      await journals.remove(await deps.tenant(request), request.params.id)
      return reply.code(204).send()
    },
  )
}
