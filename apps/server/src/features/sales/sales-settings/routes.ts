import {
  dataOf,
  idParam,
  patchBodyOf,
  referenceNumberingDtoSchema,
  referenceNumberingSchema,
  salesSettingsDtoSchema,
  salesSettingsFields,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { mergePatch } from '../../../lib/patch'
import type { TenantResolver } from '../../../lib/tenant'
import type { SalesSettingsService } from './service'

export function registerSalesSettingsRoutes(
  app: FastifyInstance,
  deps: { salesSettings: SalesSettingsService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Paramètres de vente']
  const { salesSettings } = deps
  const settings = dataOf(salesSettingsDtoSchema)

  api.get(
    '/settings',
    {
      schema: {
        summary: 'Donne les paramètres de vente, les numérotations et l’apparence des documents',
        tags,
        response: { 200: settings },
      },
    },
    async (request) => ({ data: await salesSettings.detail(await deps.tenant(request)) }),
  )

  api.patch(
    '/settings',
    {
      schema: {
        summary: 'Modifie les paramètres de vente',
        description:
          'Modification partielle, réservée au propriétaire ; changer un paramètre des factures récurrentes demande une formule qui les comprend (403 sinon).',
        tags,
        body: patchBodyOf(salesSettingsFields),
        response: { 200: settings },
      },
    },
    async (request) => {
      const tenant = await deps.tenant(request)
      const body = mergePatch(salesSettingsFields, await salesSettings.detail(tenant), request.body)
      return { data: await salesSettings.update(tenant, body) }
    },
  )

  api.patch(
    '/reference-numberings/:id',
    {
      schema: {
        summary: 'Modifie la numérotation des factures, des avoirs ou des devis',
        description: 'Modification partielle, réservée au propriétaire.',
        tags,
        params: idParam,
        body: patchBodyOf(referenceNumberingSchema),
        response: { 200: dataOf(referenceNumberingDtoSchema) },
      },
    },
    async (request) => {
      const tenant = await deps.tenant(request)
      const stored = await salesSettings.numbering(tenant, request.params.id)
      const body = mergePatch(referenceNumberingSchema, stored, request.body)
      return { data: await salesSettings.updateNumbering(tenant, request.params.id, body) }
    },
  )
}
