import {
  bankCallbackQuerySchema,
  bankConnectionDtoSchema,
  bankConnectionListQuerySchema,
  bankConnectSchema,
  bankConnectUrlDtoSchema,
  bankProviderDtoSchema,
  bankSyncResultDtoSchema,
  dataOf,
  idParam,
  listOf,
  noContent,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../../lib/contract'
import type { TenantResolver } from '../../../lib/tenant'
import type { BankConnectionService, CallbackOutcome } from './service'

/** Where the browser lands after the provider's page: the bank accounts settings, told how it went. */
export const SETTINGS_PATH = '/app/setting/financial'

export function callbackTarget(outcome: CallbackOutcome): string {
  const query =
    'connectionId' in outcome
      ? new URLSearchParams({ bankConnection: 'connected', bankConnectionId: String(outcome.connectionId) })
      : new URLSearchParams({
          bankConnection: 'failed',
          reason: outcome.failure,
          ...(outcome.provider ? { provider: outcome.provider } : {}),
        })
  return `${SETTINGS_PATH}?${query}`
}

/** Bank connections (API.md "Money side": /bank-connections), behind one provider interface. */
export function registerBankConnectionRoutes(
  app: FastifyInstance,
  deps: { bankConnections: BankConnectionService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Comptes bancaires']
  const { bankConnections } = deps

  api.get(
    '/bank-connections',
    {
      schema: {
        summary: 'Liste les connexions bancaires avec leur statut et leurs comptes',
        tags,
        querystring: bankConnectionListQuerySchema,
        response: { 200: listOf(bankConnectionDtoSchema) },
      },
    },
    async (request) => bankConnections.list(await deps.tenant(request), request.query),
  )

  api.get(
    '/bank-connections/providers',
    {
      schema: {
        summary: 'Liste les fournisseurs de connexion bancaire configurés sur ce serveur (aucun : import de relevés)',
        tags,
        response: { 200: dataOf(z.array(bankProviderDtoSchema)) },
      },
    },
    async (request) => {
      await deps.tenant(request)
      return { data: bankConnections.providers() }
    },
  )

  api.post(
    '/bank-connections',
    {
      schema: {
        summary:
          'Commence une connexion bancaire (ou la renouvelle, avec bankConnectionId) : l’adresse de la page du fournisseur',
        tags,
        body: bankConnectSchema,
        // 502: the provider did not answer.
        response: { 200: dataOf(bankConnectUrlDtoSchema), ...errorResponses(502) },
      },
    },
    async (request) => ({ data: await bankConnections.connect(await deps.tenant(request), request.body) }),
  )

  api.get(
    '/bank-connections/callback',
    {
      schema: {
        summary:
          'Retour de la page du fournisseur : termine la connexion, crée ses comptes, synchronise, puis redirige vers les paramètres bancaires',
        tags,
        querystring: bankCallbackQuerySchema,
        response: {
          302: noContent.meta({ description: 'Vers /app/setting/financial, avec le résultat' }),
          // A client that follows the redirect (a browser, most HTTP libraries) gets the web app's page.
          200: {
            description: 'La page des paramètres bancaires de l’application, quand le client suit la redirection',
            content: { 'text/html': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const outcome = await bankConnections.complete(await deps.tenant(request), request.query)
      return reply.redirect(callbackTarget(outcome), 302)
    },
  )

  api.post(
    '/bank-connections/:id/sync',
    {
      schema: {
        summary: 'Synchronise une connexion : son statut, ses comptes et leurs nouvelles transactions',
        tags,
        params: idParam,
        // 409: archived, or past its 90 days; 502: the provider did not answer.
        response: { 200: dataOf(bankSyncResultDtoSchema), ...errorResponses(409, 502) },
      },
    },
    async (request) => ({ data: await bankConnections.sync(await deps.tenant(request), request.params.id) }),
  )

  api.post(
    '/bank-connections/:id/toggle',
    {
      schema: {
        summary: 'Archive ou réactive une connexion bancaire',
        tags,
        params: idParam,
        response: { 200: dataOf(bankConnectionDtoSchema) },
      },
    },
    async (request) => ({ data: await bankConnections.toggle(await deps.tenant(request), request.params.id) }),
  )

  api.delete(
    '/bank-connections/:id',
    {
      schema: {
        summary: 'Supprime une connexion bancaire ; ses comptes restent, avec leurs transactions',
        tags,
        params: idParam,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await bankConnections.remove(await deps.tenant(request), request.params.id)
      return reply.code(204).send()
    },
  )
}
