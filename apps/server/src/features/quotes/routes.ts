import { depositRequestSchema, idParam, quoteListQuerySchema, quoteSchema, quoteStateSchema } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { TenantResolver } from '../account/tenant'
import type { QuoteConversionService } from './conversions'
import type { QuoteService } from './service'

export function registerQuoteRoutes(
  app: FastifyInstance,
  deps: { quotes: QuoteService; conversions: QuoteConversionService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Devis']
  const { quotes, conversions } = deps
  const params = idParam

  api.get('/quotes', { schema: { tags, querystring: quoteListQuerySchema } }, async (request) =>
    quotes.list(await deps.tenant(request), request.query),
  )

  api.post('/quotes', { schema: { tags, body: quoteSchema } }, async (request, reply) =>
    reply.code(201).send({ data: await quotes.create(await deps.tenant(request), request.body) }),
  )

  api.get('/quotes/:id', { schema: { tags, params } }, async (request) => ({
    data: await quotes.detail(await deps.tenant(request), request.params.id),
  }))

  api.patch('/quotes/:id', { schema: { tags, params, body: quoteSchema } }, async (request) => ({
    data: await quotes.update(await deps.tenant(request), request.params.id, request.body),
  }))

  api.delete('/quotes/:id', { schema: { tags, params } }, async (request, reply) => {
    await quotes.remove(await deps.tenant(request), request.params.id)
    return reply.code(204).send()
  })

  api.patch('/quotes/:id/state', { schema: { tags, params, body: quoteStateSchema } }, async (request) => ({
    data: await quotes.changeState(await deps.tenant(request), request.params.id, request.body.stateId),
  }))

  api.post('/quotes/:id/duplicate', { schema: { tags, params } }, async (request, reply) =>
    reply.code(201).send({ data: await quotes.duplicate(await deps.tenant(request), request.params.id) }),
  )

  api.post('/quotes/:id/invoice', { schema: { tags, params } }, async (request, reply) =>
    reply.code(201).send({ data: await conversions.toInvoice(await deps.tenant(request), request.params.id) }),
  )

  api.post('/quotes/:id/deposits', { schema: { tags, params, body: depositRequestSchema } }, async (request, reply) =>
    reply
      .code(201)
      .send({ data: await conversions.deposit(await deps.tenant(request), request.params.id, request.body) }),
  )
}
