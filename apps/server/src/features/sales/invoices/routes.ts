import {
  creditNoteRequestSchema,
  dataOf,
  type InvoiceBody,
  type InvoiceDto,
  idParam,
  invoiceDtoSchema,
  invoiceListItemDtoSchema,
  invoiceListQuerySchema,
  invoicePaymentParams,
  invoicePaymentSchema,
  invoiceSchema,
  invoiceSummaryDtoSchema,
  listOf,
  markAsPaidSchema,
  noContent,
  patchBodyOf,
  paymentDateQuerySchema,
  validateQuerySchema,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../../lib/contract'
import { mergePatch } from '../../../lib/patch'
import type { Tenant, TenantResolver } from '../../../lib/tenant'
import type { NotificationService } from '../../platform/notifications/service'
import { invoiceInputOf } from './bodies'
import type { CreditNoteService } from './credit-notes'
import type { InvoiceService } from './service'

/** ?recurring=true: the copy is a recurring invoice (premium plans). */
const duplicateQuerySchema = z.strictObject({
  recurring: z
    .enum(['true', 'false', '1', '0'])
    .transform((value) => value === 'true' || value === '1')
    .optional(),
})

const invoice = dataOf(invoiceDtoSchema)

/**
 * The recurring invoices POST and PATCH /invoices hand over (made by the subscriptions feature, which builds on the
 * invoices; plugged in app.ts).
 */
export type RecurringInvoices = {
  create(tenant: Tenant, body: InvoiceBody): Promise<InvoiceDto>
  update(tenant: Tenant, id: number, body: InvoiceBody): Promise<InvoiceDto>
  duplicateAsRecurring(tenant: Tenant, id: number): Promise<InvoiceDto>
}

export function registerInvoiceRoutes(
  app: FastifyInstance,
  deps: {
    invoices: InvoiceService
    creditNotes: CreditNoteService
    subscriptions: RecurringInvoices
    notifications?: Pick<NotificationService, 'invoicePaid'>
    tenant: TenantResolver
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Factures']
  const { invoices } = deps
  const params = idParam

  api.get(
    '/invoices',
    {
      schema: {
        summary: 'Liste les factures et les avoirs',
        tags,
        querystring: invoiceListQuerySchema,
        response: { 200: listOf(invoiceListItemDtoSchema) },
      },
    },
    async (request) => invoices.list(await deps.tenant(request), request.query),
  )

  api.get(
    '/invoices/summary',
    {
      schema: {
        summary: 'Totalise les factures payées, en attente et en retard',
        tags,
        response: { 200: dataOf(invoiceSummaryDtoSchema) },
      },
    },
    async (request) => ({ data: await invoices.summary(await deps.tenant(request)) }),
  )

  // A recurring invoice is an invoice with isRecurring and its parameters (API.md); its schedule is the subscriptions'.
  api.post(
    '/invoices',
    {
      schema: {
        summary: 'Crée une facture, un avoir ou une facture récurrente en brouillon',
        description: 'Une facture récurrente (`isRecurring`) demande une formule qui les comprend (403 sinon).',
        tags,
        body: invoiceSchema,
        response: { 201: invoice },
      },
    },
    async (request, reply) => {
      const tenant = await deps.tenant(request)
      const data = request.body.isRecurring
        ? await deps.subscriptions.create(tenant, request.body)
        : await invoices.create(tenant, request.body)
      return reply.code(201).send({ data })
    },
  )

  api.get(
    '/invoices/:id',
    { schema: { summary: 'Donne une facture avec ses lignes', tags, params, response: { 200: invoice } } },
    async (request) => ({ data: await invoices.detail(await deps.tenant(request), request.params.id) }),
  )

  api.patch(
    '/invoices/:id',
    {
      schema: {
        summary: 'Modifie une facture en brouillon ou une facture récurrente',
        description:
          'Modification partielle : un champ absent garde sa valeur, `null` vide un champ facultatif, `lines` et `recurringParams` envoyés sont pris en entier. 409 sur une facture validée.',
        tags,
        params,
        body: patchBodyOf(invoiceSchema),
        response: { 200: invoice, ...errorResponses(409) },
      },
    },
    async (request) => {
      const tenant = await deps.tenant(request)
      const { id } = request.params
      // The state first: a validated invoice is a 409 whatever the body says.
      const stored = await invoices.editableDetail(tenant, id)
      const body = mergePatch(invoiceSchema, invoiceInputOf(stored), request.body)
      return {
        data: body.isRecurring
          ? await deps.subscriptions.update(tenant, id, body)
          : await invoices.update(tenant, id, body),
      }
    },
  )

  api.delete(
    '/invoices/:id',
    {
      schema: {
        summary: 'Supprime une facture en brouillon ou une facture récurrente',
        tags,
        params,
        response: { 204: noContent, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      await invoices.remove(await deps.tenant(request), request.params.id)
      return reply.code(204).send()
    },
  )

  api.post(
    '/invoices/:id/validate',
    {
      schema: {
        summary: 'Valide une facture : elle reçoit son numéro',
        description: [
          "409 LEGAL_INFO_REQUIRED tant que les informations légales de l'entreprise sont incomplètes (nom, SIREN, adresse, n° de TVA si elle facture la TVA) : le message dit ce qui manque.",
          "409 CUSTOMER_INFO_REQUIRED quand l'adresse de facturation du client est incomplète (rue, code postal, ville).",
          "409 NON_POSITIVE_TOTAL pour un total négatif ou nul : rendre de l'argent se fait par un avoir.",
          '409 DATE_BEFORE_LAST_ISSUED quand la facture est datée avant la dernière facture numérotée de sa série : `?dated=today` la valide datée du jour (son échéance suit).',
        ].join('\n\n'),
        tags,
        params,
        querystring: validateQuerySchema,
        response: { 200: invoice, ...errorResponses(409) },
      },
    },
    async (request) => ({
      data: await invoices.validate(await deps.tenant(request), request.params.id, {
        datedToday: request.query.dated === 'today',
      }),
    }),
  )

  api.post(
    '/invoices/:id/mark-as-sent',
    {
      schema: {
        summary: 'Marque une facture comme envoyée',
        tags,
        params,
        response: { 200: invoice, ...errorResponses(409) },
      },
    },
    async (request) => ({ data: await invoices.markAsSent(await deps.tenant(request), request.params.id) }),
  )

  api.post(
    '/invoices/:id/mark-as-paid',
    {
      schema: {
        summary: 'Marque une facture comme payée',
        description:
          'Enregistre un paiement de tout ce qui reste à payer. Sans `paymentDateAt`, la date de paiement est celle du jour (Europe/Paris) ; sans `method`, un virement. Un avoir marqué payé (remboursé) ne garde que sa date.',
        tags,
        params,
        body: markAsPaidSchema,
        response: { 200: invoice, ...errorResponses(409) },
      },
    },
    async (request) => {
      const tenant = await deps.tenant(request)
      const paid = await invoices.markAsPaid(
        tenant,
        request.params.id,
        request.body?.paymentDateAt ?? null,
        request.body?.method,
      )
      await deps.notifications?.invoicePaid(tenant, paid)
      return { data: paid }
    },
  )

  api.post(
    '/invoices/:id/payments',
    {
      schema: {
        summary: 'Enregistre un paiement reçu pour une facture (partiel ou du solde)',
        description:
          'Un paiement reçu hors des lignes bancaires suivies (chèque, espèces, virement pas encore importé) : date (du jour par défaut), montant (au plus ce qui reste à payer, avoirs déduits) et moyen. La facture passe payée quand ses paiements et ses avoirs la couvrent. Sa ligne bancaire, une fois arrivée, se rapproche de la facture sans second paiement. 409 NOTHING_TO_PAY quand rien ne reste à payer.',
        tags,
        params,
        body: invoicePaymentSchema,
        response: { 201: invoice, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const tenant = await deps.tenant(request)
      const { paid } = await invoices.recordPayment(tenant, request.params.id, request.body)
      const detail = await invoices.detail(tenant, request.params.id)
      if (paid) await deps.notifications?.invoicePaid(tenant, detail)
      return reply.status(201).send({ data: detail })
    },
  )

  api.delete(
    '/invoices/:id/payments/:paymentId',
    {
      schema: {
        summary: "Supprime un paiement enregistré à la main d'une facture",
        description:
          "409 PAYMENT_RECONCILED pour un paiement rapproché de sa ligne bancaire : détacher la ligne de la facture d'abord.",
        tags,
        params: invoicePaymentParams,
        response: { 200: invoice, ...errorResponses(409) },
      },
    },
    async (request) => {
      const tenant = await deps.tenant(request)
      await invoices.removePayment(tenant, request.params.id, request.params.paymentId)
      return { data: await invoices.detail(tenant, request.params.id) }
    },
  )

  /** "En attente de règlement": a paid invoice back to waiting for its payment. */
  api.post(
    '/invoices/:id/mark-as-pending',
    {
      schema: {
        summary: 'Remet une facture payée en attente de règlement',
        tags,
        params,
        response: { 200: invoice, ...errorResponses(409) },
      },
    },
    async (request) => ({ data: await invoices.markAsPending(await deps.tenant(request), request.params.id) }),
  )

  api.patch(
    '/invoices/:id/payment-date',
    {
      schema: {
        summary: "Change la date de paiement d'une facture payée",
        tags,
        params,
        querystring: paymentDateQuerySchema,
        response: { 200: invoice, ...errorResponses(409, 422) },
      },
    },
    async (request) => ({
      data: await invoices.changePaymentDate(await deps.tenant(request), request.params.id, request.query.date),
    }),
  )

  api.post(
    '/invoices/:id/duplicate',
    {
      schema: {
        summary: 'Duplique une facture en brouillon, ou en facture récurrente avec ?recurring=true',
        tags,
        params,
        querystring: duplicateQuerySchema,
        response: { 201: invoice, ...errorResponses(409, 422) },
      },
    },
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
    {
      schema: {
        summary: "Crée l'avoir d'une facture, total ou partiel",
        description: 'Sans corps, un avoir total ; `{partial: true, amount}` pour un avoir partiel (TTC).',
        tags,
        params,
        body: creditNoteRequestSchema,
        response: { 201: invoice, ...errorResponses(409) },
      },
    },
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
