import { idParam, itemListQuerySchema, itemSchema, messages } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { AppError, fieldError } from '../../lib/errors'
import type { TenantResolver } from '../account/tenant'
import { type ItemService, imageTooLarge, unsupportedImage } from './service'

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

  // The item's image: multipart field `image`, png or jpeg, at most 1,000,000 bytes (limits in app.ts).
  api.post(
    '/items/:id/image',
    { schema: { tags, params: idParam, consumes: ['multipart/form-data'] } },
    async (request) => {
      const tenant = await deps.tenant(request)
      if (!request.isMultipart()) throw unsupportedImage()
      let body: Buffer | undefined
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file' && part.fieldname === 'image' && body === undefined) body = await part.toBuffer()
          else if (part.type === 'file') part.file.resume()
        }
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw imageTooLarge()
        if (error instanceof app.multipartErrors.FilesLimitError) throw fieldError('image', messages.files.tooMany(1))
        // A truncated or malformed multipart body is the client's fault, never a 500.
        const status = (error as { statusCode?: number }).statusCode
        if (status && status >= 400 && status < 500) throw error
        throw new AppError(400, 'BAD_REQUEST', messages.validation.invalidData)
      }
      if (!body) throw fieldError('image', messages.validation.required)
      return { data: await items.setImage(tenant, request.params.id, body) }
    },
  )

  api.get('/items/:id/image', { schema: { tags, params: idParam } }, async (request, reply) => {
    const file = await items.image(await deps.tenant(request), request.params.id)
    return reply
      .type(file.contentType)
      .header('cache-control', 'private, no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(file.body)
  })

  api.delete('/items/:id/image', { schema: { tags, params: idParam } }, async (request, reply) => {
    await items.removeImage(await deps.tenant(request), request.params.id)
    return reply.code(204).send()
  })
}
