import { companyDtoSchema, companyLookupParamsSchema, dataOf } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { errorResponses } from '../../../lib/contract'
import type { TenantResolver } from '../../../lib/tenant'
import type { CompanyService } from './service'

export function registerCompanyRoutes(
  app: FastifyInstance,
  deps: { companies: CompanyService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get(
    '/companies/:siret',
    {
      schema: {
        summary: 'Cherche une entreprise par son SIREN ou son SIRET',
        tags: ['Entreprises'],
        params: companyLookupParamsSchema,
        // 422: the number is not a SIREN or SIRET; 502: the company directory did not answer.
        response: { 200: dataOf(companyDtoSchema), ...errorResponses(422, 502) },
      },
    },
    async (request) => {
      await deps.tenant(request)
      return { data: await deps.companies.find(request.params.siret) }
    },
  )
}
