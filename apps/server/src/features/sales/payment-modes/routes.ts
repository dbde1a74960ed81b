import {
  dataOf,
  idParam,
  listOf,
  pagingFields,
  paymentModeDtoSchema,
  paymentModeSchema,
  searchFields,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../../lib/contract'
import type { TenantResolver } from '../../../lib/tenant'
import type { PaymentModesService } from './service'

/** GET /settings/payment-modes: paged like every list (the reference list is short: one page by default). */
const paymentModesQuerySchema = z.strictObject({ ...pagingFields(), ...searchFields() })

export function registerPaymentModesRoutes(
  app: FastifyInstance,
  deps: { paymentModes: PaymentModesService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Paramètres de vente']
  const { paymentModes } = deps

  api.get(
    '/settings/payment-modes',
    {
      schema: {
        summary: "Liste les moyens de paiement, tels que l'entreprise les a réglés",
        tags,
        querystring: paymentModesQuerySchema,
        response: { 200: listOf(paymentModeDtoSchema) },
      },
    },
    async (request) => paymentModes.list(await deps.tenant(request), request.query),
  )

  api.patch(
    '/settings/payment-modes/:id',
    {
      schema: {
        summary: "Modifie un moyen de paiement : activé ou non, et l'IBAN, le BIC et le titulaire du virement",
        tags,
        params: idParam,
        body: paymentModeSchema,
        // 409: card payments online cannot be switched on yet.
        response: { 200: dataOf(paymentModeDtoSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({
      data: await paymentModes.update(await deps.tenant(request), request.params.id, request.body),
    }),
  )
}
