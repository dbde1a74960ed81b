import { dataOf, expenseCreateSchema, expenseListQuerySchema, idParam, listOf, transactionDtoSchema } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { errorResponses } from '../../../lib/contract'
import type { TenantResolver } from '../../../lib/tenant'
import type { ExpenseService } from './service'

/**
 * Expense notes (API.md "Money side"): the convenience routes GET/POST /expenses and POST /transactions/{id}/expense;
 * a note is a transaction, read, changed and deleted through /transactions/{id}.
 */
export function registerExpenseRoutes(
  app: FastifyInstance,
  deps: { expenses: ExpenseService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Notes de frais']
  const { expenses } = deps

  api.get(
    '/expenses',
    {
      schema: {
        summary: 'Liste les notes de frais (comptes courants d’associé et de l’exploitant), les plus récentes d’abord',
        tags,
        querystring: expenseListQuerySchema,
        response: { 200: listOf(transactionDtoSchema) },
      },
    },
    async (request) => expenses.list(await deps.tenant(request), request.query),
  )

  api.post(
    '/expenses',
    {
      schema: {
        summary:
          'Crée une note de frais : lignes positives, frais kilométriques au barème ; 409 sans compte courant d’associé (ou de l’exploitant)',
        tags,
        body: expenseCreateSchema,
        response: { 201: dataOf(transactionDtoSchema), ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const created = await expenses.create(await deps.tenant(request), request.body)
      return reply.code(201).send({ data: created })
    },
  )

  api.post(
    '/transactions/:id/expense',
    {
      schema: {
        summary:
          'Crée la note de frais d’une dépense bancaire ventilée sur la catégorie d’un compte courant d’associé actif (une seule par dépense)',
        tags,
        params: idParam,
        response: { 201: dataOf(transactionDtoSchema), ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const created = await expenses.createFromTransaction(await deps.tenant(request), request.params.id)
      return reply.code(201).send({ data: created })
    },
  )
}
