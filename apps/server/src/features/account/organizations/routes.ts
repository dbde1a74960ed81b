import {
  dataOf,
  organizationCreateSchema,
  organizationDtoSchema,
  organizationUpdateFields,
  organizationUpdateSchema,
  patchBodyOf,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { requireUserId } from '../../../lib/auth-context'
import { mergePatch } from '../../../lib/patch'
import type { TenantResolver } from '../../../lib/tenant'
import { organizationUpdateInputOf } from './presenter'
import type { OrganizationService } from './service'

export function registerOrganizationRoutes(
  app: FastifyInstance,
  deps: { organizations: OrganizationService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Entreprise']
  const { organizations } = deps
  const created = { 201: dataOf(organizationDtoSchema) }

  api.post(
    '/auth/register/organization',
    {
      schema: {
        summary: "Crée l'entreprise de l'utilisateur inscrit (étape 2 de l'inscription)",
        tags,
        body: organizationCreateSchema,
        response: created,
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await organizations.create(requireUserId(request), request.body) }),
  )

  api.post(
    '/organizations',
    {
      schema: {
        summary: "Ajoute une entreprise à l'utilisateur et la rend courante",
        tags,
        body: organizationCreateSchema,
        response: created,
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await organizations.create(requireUserId(request), request.body) }),
  )

  api.get(
    '/organization',
    {
      schema: { summary: "Lit l'entreprise courante", tags, response: { 200: dataOf(organizationDtoSchema) } },
    },
    async (request) => {
      const tenant = await deps.tenant(request)
      return { data: await organizations.detail(tenant.userId, tenant.organizationId) }
    },
  )

  api.patch(
    '/organization',
    {
      schema: {
        summary: "Modifie les informations de l'entreprise courante",
        tags,
        body: patchBodyOf(organizationUpdateFields),
        response: { 200: dataOf(organizationDtoSchema) },
      },
    },
    async (request) => {
      const tenant = await deps.tenant(request)
      await organizations.requireOwner(tenant.userId, tenant.organizationId)
      const stored = organizationUpdateInputOf(await organizations.detail(tenant.userId, tenant.organizationId))
      // No address in the body: the stored addresses stay as they are, neither checked again nor rewritten.
      if (request.body.address === undefined) stored.address = null
      const body = mergePatch(organizationUpdateSchema, stored, request.body)
      return { data: await organizations.update(tenant.userId, tenant.organizationId, body) }
    },
  )
}
