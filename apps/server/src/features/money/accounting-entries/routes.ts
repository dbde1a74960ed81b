import {
  accountingEntryCreateSchema,
  accountingEntryDtoSchema,
  accountingEntryListQuerySchema,
  accountingEntryUpdateSchema,
  dataOf,
  idParam,
  listOf,
  noContent,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { errorResponses } from '../../../lib/contract'
import type { TenantResolver } from '../../../lib/tenant'
import type { AccountingEntryService } from './service'

/** Accounting categories (API.md "Money side": /accounting-entries; spec/money.md §7 "Categories and rules"). */
export function registerAccountingEntryRoutes(
  app: FastifyInstance,
  deps: { accountingEntries: AccountingEntryService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Catégories']
  const service = deps.accountingEntries

  api.get(
    '/accounting-entries',
    {
      schema: {
        summary: 'Liste les catégories comptables : générales et propres à l’organisation, avec leur état',
        tags,
        querystring: accountingEntryListQuerySchema,
        response: { 200: listOf(accountingEntryDtoSchema) },
      },
    },
    async (request) => service.list(await deps.tenant(request), request.query),
  )

  api.post(
    '/accounting-entries',
    {
      schema: {
        summary: 'Crée une catégorie de l’organisation, sous une catégorie parente',
        tags,
        body: accountingEntryCreateSchema,
        response: { 201: dataOf(accountingEntryDtoSchema) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.create(await deps.tenant(request), request.body) }),
  )

  api.get(
    '/accounting-entries/:id',
    {
      schema: {
        summary: 'Lit une catégorie',
        tags,
        params: idParam,
        response: { 200: dataOf(accountingEntryDtoSchema) },
      },
    },
    async (request) => ({ data: await service.get(await deps.tenant(request), request.params.id) }),
  )

  api.patch(
    '/accounting-entries/:id',
    {
      schema: {
        summary: 'Modifie une catégorie de l’organisation (les catégories générales ne se modifient pas : 409)',
        tags,
        params: idParam,
        body: accountingEntryUpdateSchema,
        response: { 200: dataOf(accountingEntryDtoSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({
      data: await service.update(await deps.tenant(request), request.params.id, request.body),
    }),
  )

  api.delete(
    '/accounting-entries/:id',
    {
      schema: {
        summary: 'Supprime une catégorie de l’organisation inutilisée (utilisée : 409, désactive-la)',
        tags,
        params: idParam,
        response: { 204: noContent, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      await service.remove(await deps.tenant(request), request.params.id)
      return reply.code(204).send()
    },
  )

  api.post(
    '/accounting-entries/:id/toggle',
    {
      schema: {
        summary: 'Active ou désactive une catégorie pour l’organisation (générale ou propre)',
        tags,
        params: idParam,
        response: { 200: dataOf(accountingEntryDtoSchema) },
      },
    },
    async (request) => ({ data: await service.toggle(await deps.tenant(request), request.params.id) }),
  )
}
