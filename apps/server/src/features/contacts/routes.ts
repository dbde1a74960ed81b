import {
  contactFields,
  contactListQuerySchema,
  contactRelationQuerySchema,
  contactSchema,
  idParam,
  patchBodyOf,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { mergePatch } from '../../lib/patch'
import type { TenantResolver } from '../account/tenant'
import type { ContactService } from './service'

export function registerContactRoutes(
  app: FastifyInstance,
  deps: { contacts: ContactService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Clients et fournisseurs']
  const { contacts } = deps

  api.get('/contacts', { schema: { tags, querystring: contactListQuerySchema } }, async (request) =>
    contacts.list(await deps.tenant(request), request.query),
  )

  api.post(
    '/contacts',
    { schema: { tags, querystring: contactRelationQuerySchema, body: contactSchema } },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await contacts.create(await deps.tenant(request), request.query.relation, request.body) }),
  )

  api.get('/contacts/:id', { schema: { tags, params: idParam } }, async (request) => ({
    data: await contacts.detail(await deps.tenant(request), request.params.id),
  }))

  api.patch(
    '/contacts/:id',
    {
      schema: {
        tags,
        params: idParam,
        querystring: contactRelationQuerySchema,
        body: patchBodyOf(contactFields),
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
    { schema: { tags, params: idParam, querystring: contactRelationQuerySchema } },
    async (request, reply) => {
      await contacts.remove(await deps.tenant(request), request.params.id, request.query.relation)
      return reply.code(204).send()
    },
  )
}
