import {
  apiTokenCreatedSchema,
  apiTokenCreateWithCodeSchema,
  apiTokenDtoSchema,
  apiTokenListQuerySchema,
  closeAccountConfirmSchema,
  closeAccountRequestSchema,
  dataOf,
  emailChangeConfirmSchema,
  idParam,
  listOf,
  meDtoSchema,
  noContent,
  passwordChangeSchema,
  preferencesSchema,
  preferencesUpdateSchema,
  profilePatchSchema,
  switchOrganizationSchema,
} from '@app/domain'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { type CookieSettings, clearSessionCookie, requirePerson, requireUserId } from '../../../lib/auth-context'
import { errorResponses } from '../../../lib/contract'
import { unauthorized } from '../../../lib/errors'
import type { Authenticated } from '../sessions/service'
import type { TwoFactorService } from '../two-factor/service'
import type { AccountService } from './service'

/** Who calls, with how (session or personal API token). */
function callerOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw unauthorized()
  return request.auth
}

/** The user id, for the actions a personal API token may not do (403 TOKEN_NOT_ALLOWED). */
const personOf = (request: FastifyRequest) => requirePerson(callerOf(request))

export function registerAccountRoutes(
  app: FastifyInstance,
  deps: { account: AccountService; cookie: CookieSettings; twoFactor: TwoFactorService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Compte']
  const { account } = deps

  api.get(
    '/me',
    {
      schema: {
        tags,
        summary: "Donne l'utilisateur connecté, ses entreprises et ses préférences",
        response: { 200: dataOf(meDtoSchema) },
      },
    },
    // While a support operator acts as the user, the header offers "Arrêter l'impersonate" (features/account/support-access).
    async (request) => ({
      data: { ...(await account.me(requireUserId(request))), impersonate: Boolean(request.auth?.impersonatorId) },
    }),
  )

  api.patch(
    '/me',
    {
      schema: {
        tags,
        summary: 'Modifie le profil ; une nouvelle adresse email attend le code envoyé à cette adresse',
        description:
          "Les champs absents gardent leur valeur. Changer l'adresse email demande une session (pas un jeton d'API, 403) et `currentPassword` : l'adresse ne change qu'après POST /me/email/confirm avec le code envoyé à la nouvelle adresse ; la réponse la montre dans `pendingEmail`.",
        body: profilePatchSchema,
        response: { 200: dataOf(meDtoSchema), ...errorResponses(429) },
      },
    },
    async (request) => ({ data: await account.updateProfile(callerOf(request), request.body) }),
  )

  api.post(
    '/me/email/confirm',
    {
      schema: {
        tags,
        summary: 'Confirme la nouvelle adresse email avec le code qui lui a été envoyé',
        body: emailChangeConfirmSchema,
        response: { 200: dataOf(meDtoSchema), ...errorResponses(429) },
      },
    },
    async (request) => ({ data: await account.confirmEmailChange(personOf(request), request.body.code) }),
  )

  api.patch(
    '/me/password',
    {
      schema: {
        tags,
        summary: 'Change le mot de passe, avec le mot de passe actuel',
        body: passwordChangeSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await account.changePassword(personOf(request), request.body.currentPassword, request.body.password)
      return reply.code(204).send()
    },
  )

  api.patch(
    '/me/preferences',
    {
      schema: {
        tags,
        summary: "Modifie les préférences d'affichage et de notification",
        body: preferencesUpdateSchema,
        response: { 200: dataOf(preferencesSchema) },
      },
    },
    async (request) => ({ data: await account.updatePreferences(requireUserId(request), request.body) }),
  )

  api.post(
    '/me/current-organization',
    {
      schema: {
        tags,
        summary: "Change l'entreprise courante",
        body: switchOrganizationSchema,
        response: { 200: dataOf(meDtoSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({
      data: await account.switchOrganization(requireUserId(request), request.body.organizationId),
    }),
  )

  api.get(
    '/me/tokens',
    {
      schema: {
        tags,
        summary: "Liste les jetons d'API personnels",
        querystring: apiTokenListQuerySchema,
        response: { 200: listOf(apiTokenDtoSchema) },
      },
    },
    async (request) => account.listTokens(requireUserId(request), request.query),
  )

  api.post(
    '/me/tokens',
    {
      schema: {
        tags,
        summary: "Crée un jeton d'API personnel, montré une seule fois",
        description: 'Avec la double authentification activée, `code` (application ou code de récupération) est exigé.',
        body: apiTokenCreateWithCodeSchema,
        response: { 201: dataOf(apiTokenCreatedSchema), ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      const userId = personOf(request)
      // The token is the script's second factor from then on: making one needs the person's second factor.
      await deps.twoFactor.requireCodeIfEnabled(userId, request.body.code)
      return reply.code(201).send({ data: await account.createToken(userId, request.body.name) })
    },
  )

  api.delete(
    '/me/tokens/:id',
    {
      schema: { tags, summary: "Révoque un jeton d'API personnel", params: idParam, response: { 204: noContent } },
    },
    async (request, reply) => {
      await account.deleteToken(personOf(request), request.params.id)
      return reply.code(204).send()
    },
  )

  api.post(
    '/me/close/code',
    {
      schema: {
        tags,
        summary: 'Envoie par e-mail le code de clôture du compte',
        body: closeAccountRequestSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await account.requestClosure(personOf(request), request.body.organizationName)
      return reply.code(204).send()
    },
  )

  api.post(
    '/me/close',
    {
      schema: {
        tags,
        summary: 'Clôture le compte avec le code reçu par e-mail',
        body: closeAccountConfirmSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await account.confirmClosure(personOf(request), request.body.code)
      clearSessionCookie(reply, deps.cookie)
      return reply.code(204).send()
    },
  )
}
