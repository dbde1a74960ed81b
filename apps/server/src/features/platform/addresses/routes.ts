import {
  addressCreateSchema,
  addressDtoSchema,
  addressListQuerySchema,
  addressUpdateFields,
  addressUpdateSchema,
  dataOf,
  idParam,
  listOf,
  noContent,
  patchBodyOf,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { mergePatch } from '../../../lib/patch'
import type { TenantResolver } from '../../../lib/tenant'
import type { AddressService } from './service'

export function registerAddressRoutes(
  app: FastifyInstance,
  deps: { addresses: AddressService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Adresses']
  const { addresses } = deps

  api.get(
    '/addresses',
    {
      schema: {
        summary: "Liste les adresses de l'entreprise et de ses contacts",
        tags,
        querystring: addressListQuerySchema,
        response: { 200: listOf(addressDtoSchema) },
      },
    },
    async (request) => addresses.list(await deps.tenant(request), request.query),
  )

  api.post(
    '/addresses',
    {
      schema: {
        summary: "Ajoute une adresse à un contact ou à l'entreprise",
        tags,
        body: addressCreateSchema,
        response: { 201: dataOf(addressDtoSchema) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await addresses.create(await deps.tenant(request), request.body) }),
  )

  api.patch(
    '/addresses/:id',
    {
      schema: {
        summary: 'Modifie une adresse',
        tags,
        params: idParam,
        body: patchBodyOf(addressUpdateFields),
        response: { 200: dataOf(addressDtoSchema) },
      },
    },
    async (request) => {
      const tenant = await deps.tenant(request)
      const stored = await addresses.detail(tenant, request.params.id)
      const body = mergePatch(addressUpdateSchema, stored, request.body)
      return { data: await addresses.update(tenant, request.params.id, body) }
    },
  )

  api.delete(
    '/addresses/:id',
    { schema: { summary: 'Supprime une adresse', tags, params: idParam, response: { 204: noContent } } },
    async (request, reply) => {
      await addresses.remove(await deps.tenant(request), request.params.id)
      return reply.code(204).send()
    },
  )
}
