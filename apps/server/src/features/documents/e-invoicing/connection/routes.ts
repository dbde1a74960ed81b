import {
  eInvoicingConnectionSchema as connectionBody,
  dataOf,
  directoryLookupQuerySchema,
  eInvoicingDisconnectSchema,
  eInvoicingReceivingSchema,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { errorResponses } from '../../../../lib/contract'
import type { TenantResolver } from '../../../../lib/tenant'
import { directoryLookupSchema, eInvoicingConnectionSchema, platformMessageSchema } from './responses'
import type { EInvoicingConnectionService } from './service'

/**
 * The connection to the plateforme agréée and the directory read through it (issue 33). The PA's failures answer 422
 * (it refused: credentials, rights, the request) or 502 (it did not answer, or is overloaded), in French, never 500.
 */
export function registerEInvoicingConnectionRoutes(
  app: FastifyInstance,
  deps: { connection: EInvoicingConnectionService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Facturation électronique']
  const { connection } = deps

  api.get(
    '/e-invoicing/connection',
    {
      schema: {
        tags,
        summary: 'Lit la connexion à la plateforme agréée et les adresses de facturation électronique',
        response: { 200: dataOf(eInvoicingConnectionSchema) },
      },
    },
    async (request) => ({ data: await connection.get(await deps.tenant(request)) }),
  )

  api.put(
    '/e-invoicing/connection',
    {
      schema: {
        tags,
        summary: 'Relie l’organisation à sa plateforme agréée',
        description:
          'Propriétaire seulement, avec un code de sa double authentification. Rien n’est enregistré tant que la ' +
          'plateforme n’a pas répondu : 422 quand elle refuse (identifiants, droits), 502 quand elle ne répond pas.',
        body: connectionBody,
        response: { 200: dataOf(eInvoicingConnectionSchema), ...errorResponses(403, 422, 429, 502) },
      },
    },
    async (request) => ({ data: await connection.connect(await deps.tenant(request), request.body) }),
  )

  api.patch(
    '/e-invoicing/connection',
    {
      schema: {
        tags,
        summary: 'Choisit l’adresse de facturation électronique qui reçoit les factures',
        body: eInvoicingReceivingSchema,
        response: { 200: dataOf(eInvoicingConnectionSchema), ...errorResponses(403, 409, 422, 502) },
      },
    },
    async (request) => ({
      data: await connection.setReceivingAddress(await deps.tenant(request), request.body.receivingAddress),
    }),
  )

  api.post(
    '/e-invoicing/connection/test',
    {
      schema: {
        tags,
        summary: 'Teste la connexion à la plateforme agréée',
        response: { 200: dataOf(platformMessageSchema), ...errorResponses(409, 422, 502) },
      },
    },
    async (request) => ({ data: await connection.test(await deps.tenant(request)) }),
  )

  api.post(
    '/e-invoicing/disconnection',
    {
      schema: {
        tags,
        summary: 'Délie l’organisation de sa plateforme agréée',
        description: 'Propriétaire seulement, avec un code de sa double authentification.',
        body: eInvoicingDisconnectSchema,
        response: { 200: dataOf(platformMessageSchema), ...errorResponses(403, 409, 422, 429) },
      },
    },
    async (request) => ({ data: await connection.disconnect(await deps.tenant(request), request.body.code) }),
  )

  api.get(
    '/e-invoicing/directory',
    {
      schema: {
        tags,
        summary: "Cherche un SIREN dans l'annuaire de la facturation électronique",
        querystring: directoryLookupQuerySchema,
        response: { 200: dataOf(directoryLookupSchema), ...errorResponses(409, 422, 502) },
      },
    },
    async (request) => ({ data: await connection.lookup(await deps.tenant(request), request.query.siren) }),
  )
}
