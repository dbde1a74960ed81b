import {
  dataOf,
  idParam,
  invoiceSuggestionDtoSchema,
  invoiceTransactionDtoSchema,
  listOf,
  noContent,
  toCategorizeCountSchema,
  transactionBulkResultSchema,
  transactionBulkSchema,
  transactionCreateSchema,
  transactionDtoSchema,
  transactionInvoiceAttachSchema,
  transactionInvoiceParams,
  transactionListQuerySchema,
  transactionSuggestionDtoSchema,
  transactionUpdateSchema,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../../lib/contract'
import type { TenantResolver } from '../../../lib/tenant'
import type { TransactionService } from './service'

/** Transactions of every journal with their split (API.md "Money side": /transactions). */
export function registerTransactionRoutes(
  app: FastifyInstance,
  deps: { transactions: TransactionService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Transactions']
  const { transactions } = deps

  api.get(
    '/transactions',
    {
      schema: {
        summary: 'Liste les transactions, les futures d’abord puis les plus récentes, avec leur ventilation',
        tags,
        querystring: transactionListQuerySchema,
        response: { 200: listOf(transactionDtoSchema) },
      },
    },
    async (request) => transactions.list(await deps.tenant(request), request.query),
  )

  api.get(
    '/transactions/to-categorize/count',
    {
      schema: {
        summary: 'Compte les transactions à catégoriser (sans ventilation)',
        tags,
        response: { 200: dataOf(toCategorizeCountSchema) },
      },
    },
    async (request) => ({ data: await transactions.countToCategorize(await deps.tenant(request)) }),
  )

  api.post(
    '/transactions',
    {
      schema: {
        summary: 'Crée une transaction saisie à la main (montant signé), avec sa ventilation si elle est connue',
        tags,
        body: transactionCreateSchema,
        // 409: a cash sale, whose two groups of lines only the /cash-sales routes check.
        response: { 201: dataOf(transactionDtoSchema), ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const created = await transactions.create(await deps.tenant(request), request.body)
      return reply.code(201).send({ data: created })
    },
  )

  api.get(
    '/transactions/:id',
    {
      schema: {
        summary: 'Lit une transaction avec sa ventilation',
        tags,
        params: idParam,
        response: { 200: dataOf(transactionDtoSchema) },
      },
    },
    async (request) => ({ data: await transactions.get(await deps.tenant(request), request.params.id) }),
  )

  api.patch(
    '/transactions/:id',
    {
      schema: {
        summary: 'Modifie une transaction non verrouillée : libellé, date, montant, ventilation, sans justificatif',
        tags,
        params: idParam,
        body: transactionUpdateSchema,
        response: { 200: dataOf(transactionDtoSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({
      data: await transactions.update(await deps.tenant(request), request.params.id, request.body),
    }),
  )

  api.delete(
    '/transactions/:id',
    {
      schema: {
        summary: 'Supprime une transaction non verrouillée',
        tags,
        params: idParam,
        response: { 204: noContent, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      await transactions.remove(await deps.tenant(request), request.params.id)
      return reply.code(204).send()
    },
  )

  api.post(
    '/transactions/:id/toggle-check',
    {
      schema: {
        summary: 'Coche ou décoche une transaction catégorisée (vérifiée)',
        tags,
        params: idParam,
        response: { 200: dataOf(transactionDtoSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({ data: await transactions.toggleCheck(await deps.tenant(request), request.params.id) }),
  )

  api.post(
    '/transactions/:id/toggle-validate',
    {
      schema: {
        summary: 'Valide (verrouille) une transaction catégorisée, ou la déverrouille (propriétaire)',
        tags,
        params: idParam,
        response: { 200: dataOf(transactionDtoSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({ data: await transactions.toggleValidate(await deps.tenant(request), request.params.id) }),
  )

  api.post(
    '/transactions/bulk',
    {
      schema: {
        summary:
          'Action groupée sur des transactions : valider, même catégorie ou sans justificatif (tout ou rien, 422 avec la raison)',
        tags,
        body: transactionBulkSchema,
        response: { 200: dataOf(transactionBulkResultSchema), ...errorResponses(422) },
      },
    },
    async (request) => ({ data: await transactions.bulk(await deps.tenant(request), request.body) }),
  )

  api.get(
    '/transactions/:id/suggestions',
    {
      schema: {
        summary: 'Propose jusqu’à trois catégories pour une transaction, apprises de tes transactions passées',
        tags,
        params: idParam,
        response: { 200: dataOf(z.array(transactionSuggestionDtoSchema)) },
      },
    },
    async (request) => ({ data: await transactions.suggestions(await deps.tenant(request), request.params.id) }),
  )

  api.get(
    '/transactions/:id/invoice-suggestions',
    {
      schema: {
        summary: 'Propose les factures qu’un encaissement paie, avec les raisons (rapprochement)',
        description:
          "Un paiement enregistré à la main du même montant d'abord (rattacher la ligne à sa facture le rapproche, sans second paiement), puis le numéro de facture cité dans le libellé, le montant d'une facture ou de plusieurs factures d'un client, le nom du client dans le libellé. Rien pour une sortie d'argent ni pour une ligne qui paie déjà des factures. On confirme par POST /transactions/{id}/invoices, facture par facture.",
        tags,
        params: idParam,
        response: { 200: dataOf(z.array(invoiceSuggestionDtoSchema)) },
      },
    },
    async (request) => ({
      data: await transactions.invoiceSuggestions(await deps.tenant(request), request.params.id),
    }),
  )

  api.post(
    '/transactions/:id/invoices',
    {
      schema: {
        summary: 'Rattache une facture de vente à un encaissement : la facture est marquée payée à la date du virement',
        tags,
        params: idParam,
        body: transactionInvoiceAttachSchema,
        response: { 200: dataOf(transactionDtoSchema), ...errorResponses(422) },
      },
    },
    async (request) => ({
      data: await transactions.attachInvoice(await deps.tenant(request), request.params.id, request.body),
    }),
  )

  api.delete(
    '/transactions/:id/invoices/:invoiceId',
    {
      schema: {
        summary: 'Détache une facture d’un encaissement ; payée par lui seul, elle repasse en attente de règlement',
        tags,
        params: transactionInvoiceParams,
        response: { 200: dataOf(transactionDtoSchema) },
      },
    },
    async (request) => ({
      data: await transactions.detachInvoice(await deps.tenant(request), request.params.id, request.params.invoiceId),
    }),
  )

  api.get(
    '/invoices/:id/transactions',
    {
      schema: {
        summary: 'Liste les encaissements rattachés à une facture',
        tags: ['Factures'],
        params: idParam,
        response: { 200: dataOf(z.array(invoiceTransactionDtoSchema)) },
      },
    },
    async (request) => ({
      data: await transactions.transactionsOfInvoice(await deps.tenant(request), request.params.id),
    }),
  )
}
