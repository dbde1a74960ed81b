import { idParam, itemListQuerySchema, itemSchema } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { TenantResolver } from '../account/tenant'
import type { ItemService } from './service'

export function registerItemRoutes(app: FastifyInstance, deps: { items: ItemService; tenant: TenantResolver }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Catalogue']
  const { items } = deps

  api.get('/items', { schema: { tags, querystring: itemListQuerySchema } }, async (request) =>
    items.list(await deps.tenant(request), request.query),
  )

  api.post('/items', { schema: { tags, body: itemSchema } }, async (request, reply) =>
    reply.code(201).send({ data: await items.create(await deps.tenant(request), request.body) }),
  )

  api.get('/items/:id', { schema: { tags, params: idParam } }, async (request) => ({
    data: await items.detail(await deps.tenant(request), request.params.id),
  }))

  api.patch('/items/:id', { schema: { tags, params: idParam, body: itemSchema } }, async (request) => ({
    data: await items.update(await deps.tenant(request), request.params.id, request.body),
  }))

  api.delete('/items/:id', { schema: { tags, params: idParam } }, async (request, reply) => {
    await items.remove(await deps.tenant(request), request.params.id)
    return reply.code(204).send()
  })
}
