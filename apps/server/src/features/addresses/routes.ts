import { addressCreateSchema, addressListQuerySchema, addressUpdateSchema, idParam } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { TenantResolver } from '../account/tenant'
import type { AddressService } from './service'

export function registerAddressRoutes(
  app: FastifyInstance,
  deps: { addresses: AddressService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Adresses']
  const { addresses } = deps

  api.get('/addresses', { schema: { tags, querystring: addressListQuerySchema } }, async (request) =>
    addresses.list(await deps.tenant(request), request.query),
  )

  api.post('/addresses', { schema: { tags, body: addressCreateSchema } }, async (request, reply) =>
    reply.code(201).send({ data: await addresses.create(await deps.tenant(request), request.body) }),
  )

  api.patch('/addresses/:id', { schema: { tags, params: idParam, body: addressUpdateSchema } }, async (request) => ({
    data: await addresses.update(await deps.tenant(request), request.params.id, request.body),
  }))

  api.delete('/addresses/:id', { schema: { tags, params: idParam } }, async (request, reply) => {
    await addresses.remove(await deps.tenant(request), request.params.id)
    return reply.code(204).send()
  })
}
