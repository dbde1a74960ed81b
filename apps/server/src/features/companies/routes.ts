import { companyLookupParamsSchema } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { TenantResolver } from '../account/tenant'
import type { CompanyService } from './service'

export function registerCompanyRoutes(
  app: FastifyInstance,
  deps: { companies: CompanyService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get(
    '/companies/:siret',
    { schema: { tags: ['Clients et fournisseurs'], params: companyLookupParamsSchema } },
    async (request) => {
      await deps.tenant(request)
      return { data: await deps.companies.find(request.params.siret) }
    },
  )
}
