import { organizationCreateSchema, organizationUpdateSchema } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { requireUserId } from '../../lib/auth-context'
import type { TenantResolver } from '../account/tenant'
import type { OrganizationService } from './service'

export function registerOrganizationRoutes(
  app: FastifyInstance,
  deps: { organizations: OrganizationService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Entreprise']
  const { organizations } = deps

  api.post(
    '/auth/register/organization',
    { schema: { tags, body: organizationCreateSchema } },
    async (request, reply) =>
      reply.code(201).send({ data: await organizations.create(requireUserId(request), request.body) }),
  )

  api.post('/organizations', { schema: { tags, body: organizationCreateSchema } }, async (request, reply) =>
    reply.code(201).send({ data: await organizations.create(requireUserId(request), request.body) }),
  )

  api.get('/organization', { schema: { tags } }, async (request) => {
    const tenant = await deps.tenant(request)
    return { data: await organizations.detail(tenant.userId, tenant.organizationId) }
  })

  api.patch('/organization', { schema: { tags, body: organizationUpdateSchema } }, async (request) => {
    const tenant = await deps.tenant(request)
    return { data: await organizations.update(tenant.userId, tenant.organizationId, request.body) }
  })
}
