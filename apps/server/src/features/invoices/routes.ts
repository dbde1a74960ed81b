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
import type { TenantResolver } from '../account/tenant'
import type { CreditNoteService } from './credit-notes'
import type { InvoiceService } from './service'

export function registerInvoiceRoutes(
  app: FastifyInstance,
  deps: { invoices: InvoiceService; creditNotes: CreditNoteService; tenant: TenantResolver },
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

  api.post('/invoices', { schema: { tags, body: invoiceSchema } }, async (request, reply) =>
    reply.code(201).send({ data: await invoices.create(await deps.tenant(request), request.body) }),
  )

  api.get('/invoices/:id', { schema: { tags, params } }, async (request) => ({
    data: await invoices.detail(await deps.tenant(request), request.params.id),
  }))

  api.patch('/invoices/:id', { schema: { tags, params, body: invoiceSchema } }, async (request) => ({
    data: await invoices.update(await deps.tenant(request), request.params.id, request.body),
  }))

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

  api.post('/invoices/:id/duplicate', { schema: { tags, params } }, async (request, reply) =>
    reply.code(201).send({ data: await invoices.duplicate(await deps.tenant(request), request.params.id) }),
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
