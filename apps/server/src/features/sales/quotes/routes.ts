import {
  dataOf,
  depositRequestSchema,
  idParam,
  invoiceDtoSchema,
  listOf,
  noContent,
  patchBodyOf,
  quoteDtoSchema,
  quoteListItemDtoSchema,
  quoteListQuerySchema,
  quoteSchema,
  quoteStateSchema,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { errorResponses } from '../../../lib/contract'
import { mergePatch } from '../../../lib/patch'
import type { TenantResolver } from '../../../lib/tenant'
import type { QuoteConversionService } from './conversions'
import { type QuoteService, quoteBodyOf } from './service'

const quote = dataOf(quoteDtoSchema)
const invoice = dataOf(invoiceDtoSchema)

export function registerQuoteRoutes(
  app: FastifyInstance,
  deps: { quotes: QuoteService; conversions: QuoteConversionService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Devis']
  const { quotes, conversions } = deps
  const params = idParam

  api.get(
    '/quotes',
    {
      schema: {
        summary: 'Liste les devis',
        tags,
        querystring: quoteListQuerySchema,
        response: { 200: listOf(quoteListItemDtoSchema) },
      },
    },
    async (request) => quotes.list(await deps.tenant(request), request.query),
  )

  api.post(
    '/quotes',
    { schema: { summary: 'Crée un devis en brouillon', tags, body: quoteSchema, response: { 201: quote } } },
    async (request, reply) =>
      reply.code(201).send({ data: await quotes.create(await deps.tenant(request), request.body) }),
  )

  api.get(
    '/quotes/:id',
    { schema: { summary: 'Donne un devis avec ses lignes et ses acomptes', tags, params, response: { 200: quote } } },
    async (request) => ({ data: await quotes.detail(await deps.tenant(request), request.params.id) }),
  )

  api.patch(
    '/quotes/:id',
    {
      schema: {
        summary: 'Modifie un devis en brouillon',
        description:
          'Modification partielle : un champ absent garde sa valeur, `null` vide un champ facultatif, `lines` envoyé est pris en entier. 409 sur un devis qui n’est plus en brouillon.',
        tags,
        params,
        body: patchBodyOf(quoteSchema),
        response: { 200: quote, ...errorResponses(409) },
      },
    },
    async (request) => {
      const tenant = await deps.tenant(request)
      // The state first: a quote past DRAFT is a 409 whatever the body says.
      const stored = await quotes.editableDetail(tenant, request.params.id)
      const body = mergePatch(quoteSchema, quoteBodyOf(stored), request.body)
      return { data: await quotes.update(tenant, request.params.id, body) }
    },
  )

  api.delete(
    '/quotes/:id',
    {
      schema: {
        summary: 'Supprime un devis en brouillon',
        tags,
        params,
        response: { 204: noContent, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      await quotes.remove(await deps.tenant(request), request.params.id)
      return reply.code(204).send()
    },
  )

  api.patch(
    '/quotes/:id/state',
    {
      schema: {
        summary: "Change l'état d'un devis (validé, envoyé, accepté, refusé…)",
        description:
          "Quitter le brouillon pour la première fois donne au devis son numéro ; 409 LEGAL_INFO_REQUIRED tant que les informations légales de l'entreprise sont incomplètes.",
        tags,
        params,
        body: quoteStateSchema,
        response: { 200: quote, ...errorResponses(409) },
      },
    },
    async (request) => ({
      data: await quotes.changeState(await deps.tenant(request), request.params.id, request.body.stateId),
    }),
  )

  api.post(
    '/quotes/:id/duplicate',
    {
      schema: {
        summary: 'Duplique un devis en brouillon daté du jour',
        tags,
        params,
        response: { 201: quote, ...errorResponses(422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await quotes.duplicate(await deps.tenant(request), request.params.id) }),
  )

  api.post(
    '/quotes/:id/invoice',
    {
      schema: {
        summary: 'Crée la facture (finale) d’un devis',
        tags,
        params,
        response: { 201: invoice, ...errorResponses(409, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await conversions.toInvoice(await deps.tenant(request), request.params.id) }),
  )

  api.post(
    '/quotes/:id/deposits',
    {
      schema: {
        summary: "Crée une facture d'acompte sur un devis",
        tags,
        params,
        body: depositRequestSchema,
        response: { 201: invoice, ...errorResponses(409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await conversions.deposit(await deps.tenant(request), request.params.id, request.body) }),
  )
}
