import {
  contactDetailDtoSchema,
  contactDtoSchema,
  contactFields,
  contactListQuerySchema,
  contactRelationQuerySchema,
  contactSchema,
  dataOf,
  idParam,
  listOf,
  noContent,
  patchBodyOf,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { errorResponses } from '../../../lib/contract'
import { mergePatch } from '../../../lib/patch'
import type { TenantResolver } from '../../../lib/tenant'
import type { ContactService } from './service'

export function registerContactRoutes(
  app: FastifyInstance,
  deps: { contacts: ContactService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Clients et fournisseurs']
  const { contacts } = deps

  api.get(
    '/contacts',
    {
      schema: {
        summary: 'Liste les clients ou les fournisseurs',
        tags,
        querystring: contactListQuerySchema,
        response: { 200: listOf(contactDtoSchema) },
      },
    },
    async (request) => contacts.list(await deps.tenant(request), request.query),
  )

  api.post(
    '/contacts',
    {
      schema: {
        summary: 'Crée un client ou un fournisseur',
        tags,
        querystring: contactRelationQuerySchema,
        body: contactSchema,
        response: { 201: dataOf(contactDetailDtoSchema) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await contacts.create(await deps.tenant(request), request.query.relation, request.body) }),
  )

  api.get(
    '/contacts/:id',
    {
      schema: {
        summary: 'Lit un client ou un fournisseur, avec les totaux de ses devis et factures',
        tags,
        params: idParam,
        response: { 200: dataOf(contactDetailDtoSchema) },
      },
    },
    async (request) => ({ data: await contacts.detail(await deps.tenant(request), request.params.id) }),
  )

  api.patch(
    '/contacts/:id',
    {
      schema: {
        summary: 'Modifie un client ou un fournisseur',
        tags,
        params: idParam,
        querystring: contactRelationQuerySchema,
        body: patchBodyOf(contactFields),
        response: { 200: dataOf(contactDetailDtoSchema) },
      },
    },
    async (request) => {
      const tenant = await deps.tenant(request)
      // The contact persons are left as they are unless the body sends the new list.
      const { contacts: _persons, ...stored } = await contacts.detail(tenant, request.params.id)
      const body = mergePatch(contactSchema, stored, request.body)
      return { data: await contacts.update(tenant, request.params.id, request.query.relation, body) }
    },
  )

  api.delete(
    '/contacts/:id',
    {
      schema: {
        summary: 'Supprime un client ou un fournisseur, ou seulement ce rôle quand il est les deux',
        tags,
        params: idParam,
        querystring: contactRelationQuerySchema,
        // 409: the contact is named on a validated document.
        response: { 204: noContent, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      await contacts.remove(await deps.tenant(request), request.params.id, request.query.relation)
      return reply.code(204).send()
    },
  )
}
