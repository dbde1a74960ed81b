import {
  creditNoteRequestSchema,
  idParam,
  invoiceListQuerySchema,
  invoiceSchema,
  markAsPaidSchema,
  paymentDateQuerySchema,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { TenantResolver } from '../account/tenant'
import type { SubscriptionService } from '../subscriptions/service'
import type { CreditNoteService } from './credit-notes'
import type { InvoiceService } from './service'

/** ?recurring=true: the copy is a recurring invoice (premium plans). */
const duplicateQuerySchema = z.strictObject({
  recurring: z
    .enum(['true', 'false', '1', '0'])
    .transform((value) => value === 'true' || value === '1')
    .optional(),
})

export function registerInvoiceRoutes(
  app: FastifyInstance,
  deps: {
    invoices: InvoiceService
    creditNotes: CreditNoteService
    subscriptions: SubscriptionService
    tenant: TenantResolver
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Factures']
  const { invoices } = deps
  const params = idParam

  api.get('/invoices', { schema: { tags, querystring: invoiceListQuerySchema } }, async (request) =>
    invoices.list(await deps.tenant(request), request.query),
  )

  api.get('/invoices/summary', { schema: { tags } }, async (request) => ({
    data: await invoices.summary(await deps.tenant(request)),
  }))

  // A recurring invoice is an invoice with isRecurring and its parameters (API.md); its schedule is the subscriptions'.
  api.post('/invoices', { schema: { tags, body: invoiceSchema } }, async (request, reply) => {
    const tenant = await deps.tenant(request)
    const data = request.body.isRecurring
      ? await deps.subscriptions.create(tenant, request.body)
      : await invoices.create(tenant, request.body)
    return reply.code(201).send({ data })
  })

  api.get('/invoices/:id', { schema: { tags, params } }, async (request) => ({
    data: await invoices.detail(await deps.tenant(request), request.params.id),
  }))

  api.patch('/invoices/:id', { schema: { tags, params, body: invoiceSchema } }, async (request) => {
    const tenant = await deps.tenant(request)
    const { id } = request.params
    return {
      data: request.body.isRecurring
        ? await deps.subscriptions.update(tenant, id, request.body)
        : await invoices.update(tenant, id, request.body),
    }
  })

  api.delete('/invoices/:id', { schema: { tags, params } }, async (request, reply) => {
    await invoices.remove(await deps.tenant(request), request.params.id)
    return reply.code(204).send()
  })

  api.post('/invoices/:id/validate', { schema: { tags, params } }, async (request) => ({
    data: await invoices.validate(await deps.tenant(request), request.params.id),
  }))

  api.post('/invoices/:id/mark-as-sent', { schema: { tags, params } }, async (request) => ({
    data: await invoices.markAsSent(await deps.tenant(request), request.params.id),
  }))

  api.post(
    '/invoices/:id/mark-as-paid',
    { schema: { tags, params, body: markAsPaidSchema.optional() } },
    async (request) => ({
      data: await invoices.markAsPaid(
        await deps.tenant(request),
        request.params.id,
        request.body?.paymentDateAt ?? null,
      ),
    }),
  )

  /** "En attente de règlement": a paid invoice back to waiting for its payment. */
  api.post('/invoices/:id/mark-as-pending', { schema: { tags, params } }, async (request) => ({
    data: await invoices.markAsPending(await deps.tenant(request), request.params.id),
  }))

  api.patch(
    '/invoices/:id/payment-date',
    { schema: { tags, params, querystring: paymentDateQuerySchema } },
    async (request) => ({
      data: await invoices.changePaymentDate(await deps.tenant(request), request.params.id, request.query.date),
    }),
  )

  api.post(
    '/invoices/:id/duplicate',
    { schema: { tags, params, querystring: duplicateQuerySchema } },
    async (request, reply) => {
      const tenant = await deps.tenant(request)
      const data = request.query.recurring
        ? await deps.subscriptions.duplicateAsRecurring(tenant, request.params.id)
        : await invoices.duplicate(tenant, request.params.id)
      return reply.code(201).send({ data })
    },
  )

  api.post(
    '/invoices/:id/credit-note',
    { schema: { tags, params, body: creditNoteRequestSchema.optional() } },
    async (request, reply) =>
      reply.code(201).send({
        data: await deps.creditNotes.create(
          await deps.tenant(request),
          request.params.id,
          request.body ?? { partial: false, amount: null },
        ),
      }),
  )
}
