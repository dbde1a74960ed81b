import { auditEventDtoSchema, auditEventExportQuerySchema, auditEventListQuerySchema, listOf } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../../lib/contract'
import { sendTextFile } from '../../../lib/file-replies'
import type { Tenant, TenantResolver } from '../../../lib/tenant'
import type { OrganizationService } from '../organizations/service'
import type { createAuditCsvExport } from './csv'
import type { AuditTrail } from './service'

const tags = ["Journal d'audit"]

/** The owner reads the trail (decision 0037); any other member gets the owner-only 403. */
export function registerAuditRoutes(
  app: FastifyInstance,
  deps: {
    audit: AuditTrail
    csv: ReturnType<typeof createAuditCsvExport>
    organizations: Pick<OrganizationService, 'requireOwner'>
    tenant: TenantResolver
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const asOwner = async (tenant: Tenant) => {
    await deps.organizations.requireOwner(tenant.userId, tenant.organizationId)
    // The events of the answers this process already gave are written first: the owner reads what was just done.
    await app.audit.settled()
    return tenant.organizationId
  }

  api.get(
    '/audit-events',
    {
      schema: {
        summary: "Journal d'audit de l'entreprise : qui a fait quoi, quand et d'où, du plus récent au plus ancien",
        tags,
        querystring: auditEventListQuerySchema,
        response: { 200: listOf(auditEventDtoSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => deps.audit.list(await asOwner(await deps.tenant(request)), request.query),
  )

  api.get(
    '/audit-events/export.csv',
    {
      schema: {
        summary: "Exporte le journal d'audit en CSV (mêmes filtres que la liste) : point-virgule, UTF-8 avec BOM",
        tags,
        querystring: auditEventExportQuerySchema,
        response: {
          200: {
            description: 'Le fichier, nommé <organisation>-journal-audit-<AAAAMMJJ-HHmm>.csv (heure de Paris)',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const organizationId = await asOwner(await deps.tenant(request))
      return sendTextFile(reply, await deps.csv(organizationId, request.query), 'text/csv')
    },
  )
}
