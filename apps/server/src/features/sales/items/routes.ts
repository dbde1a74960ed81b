import {
  dataOf,
  idParam,
  itemDtoSchema,
  itemListQuerySchema,
  itemSchema,
  listOf,
  messages,
  noContent,
  patchBodyOf,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../../lib/contract'
import { fieldError } from '../../../lib/errors'
import { multipartFailure } from '../../../lib/multipart'
import { mergePatch } from '../../../lib/patch'
import type { TenantResolver } from '../../../lib/tenant'
import { type ItemService, imageTooLarge, unsupportedImage } from './service'

export function registerItemRoutes(app: FastifyInstance, deps: { items: ItemService; tenant: TenantResolver }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Catalogue']
  const { items } = deps

  api.get(
    '/items',
    {
      schema: {
        summary: 'Liste les articles du catalogue',
        tags,
        querystring: itemListQuerySchema,
        response: { 200: listOf(itemDtoSchema) },
      },
    },
    async (request) => items.list(await deps.tenant(request), request.query),
  )

  api.post(
    '/items',
    {
      schema: {
        summary: 'Ajoute un article au catalogue',
        tags,
        body: itemSchema,
        response: { 201: dataOf(itemDtoSchema) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await items.create(await deps.tenant(request), request.body) }),
  )

  api.get(
    '/items/:id',
    { schema: { summary: 'Lit un article', tags, params: idParam, response: { 200: dataOf(itemDtoSchema) } } },
    async (request) => ({ data: await items.detail(await deps.tenant(request), request.params.id) }),
  )

  api.patch(
    '/items/:id',
    {
      schema: {
        summary: 'Modifie un article',
        tags,
        params: idParam,
        body: patchBodyOf(itemSchema),
        response: { 200: dataOf(itemDtoSchema) },
      },
    },
    async (request) => {
      const tenant = await deps.tenant(request)
      const stored = await items.detail(tenant, request.params.id)
      const body = mergePatch(itemSchema, stored, request.body)
      return { data: await items.update(tenant, request.params.id, body) }
    },
  )

  api.delete(
    '/items/:id',
    { schema: { summary: 'Supprime un article', tags, params: idParam, response: { 204: noContent } } },
    async (request, reply) => {
      await items.remove(await deps.tenant(request), request.params.id)
      return reply.code(204).send()
    },
  )

  // The item's image: multipart field `image`, png or jpeg, at most 1,000,000 bytes (limits in app.ts).
  api.post(
    '/items/:id/image',
    {
      schema: {
        summary: "Dépose l'image d'un article (png ou jpeg, 1 Mo au plus)",
        tags,
        params: idParam,
        consumes: ['multipart/form-data'],
        upload: {
          fields: { image: { contentTypes: ['image/png', 'image/jpeg'], description: 'png ou jpeg, 1 Mo au plus' } },
        },
        // The multipart body is read by the route itself: 413 too large, 415 not an image, 422 no `image` part.
        response: { 200: dataOf(itemDtoSchema), ...errorResponses(400, 413, 415, 422) },
      },
    },
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
        throw multipartFailure(app, error, { tooLarge: imageTooLarge, field: 'image' })
      }
      if (!body) throw fieldError('image', messages.validation.required)
      return { data: await items.setImage(tenant, request.params.id, body) }
    },
  )

  api.get(
    '/items/:id/image',
    {
      schema: {
        summary: "Lit l'image d'un article",
        tags,
        params: idParam,
        response: {
          200: {
            description: "L'image (png ou jpeg)",
            content: {
              'image/png': { schema: z.string().meta({ format: 'binary' }) },
              'image/jpeg': { schema: z.string().meta({ format: 'binary' }) },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const file = await items.image(await deps.tenant(request), request.params.id)
      return (
        reply
          .type(file.contentType)
          .header('cache-control', 'private, no-cache')
          .header('x-content-type-options', 'nosniff')
          // A Buffer is sent as it is, never serialised; the schema's binary string is what the document says of it.
          .send(file.body as unknown as string)
      )
    },
  )

  api.delete(
    '/items/:id/image',
    { schema: { summary: "Supprime l'image d'un article", tags, params: idParam, response: { 204: noContent } } },
    async (request, reply) => {
      await items.removeImage(await deps.tenant(request), request.params.id)
      return reply.code(204).send()
    },
  )
}
