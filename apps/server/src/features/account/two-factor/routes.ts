import {
  dataOf,
  noContent,
  recoveryCodesSchema,
  twoFactorCodeSchema,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  twoFactorEnrolmentSchema,
  twoFactorRequirementSchema,
  twoFactorRequirementUpdateSchema,
  twoFactorStatusSchema,
} from '@app/domain'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { requirePerson, requireUserId } from '../../../lib/auth-context'
import { errorResponses } from '../../../lib/contract'
import { unauthorized } from '../../../lib/errors'
import type { TenantResolver } from '../../../lib/tenant'
import type { TwoFactorService } from './service'

/** Turning the second factor on or off needs the person signed in, not a personal API token (403). */
function personOf(request: FastifyRequest): number {
  if (!request.auth) throw unauthorized()
  return requirePerson(request.auth)
}

export function registerTwoFactorRoutes(
  app: FastifyInstance,
  deps: { twoFactor: TwoFactorService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Double authentification']
  const { twoFactor } = deps

  api.get(
    '/me/two-factor',
    {
      schema: {
        tags,
        summary: "Donne l'état de la double authentification du compte",
        response: { 200: dataOf(twoFactorStatusSchema) },
      },
    },
    async (request) => ({ data: await twoFactor.status(requireUserId(request)) }),
  )

  api.post(
    '/me/two-factor/enrolment',
    {
      schema: {
        tags,
        summary: "Commence l'activation de la double authentification : clé et QR code de l'application",
        response: { 200: dataOf(twoFactorEnrolmentSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({ data: await twoFactor.startEnrolment(personOf(request)) }),
  )

  api.post(
    '/me/two-factor/confirmation',
    {
      schema: {
        tags,
        summary: 'Active la double authentification avec un premier code et donne les codes de récupération',
        body: twoFactorConfirmSchema,
        response: { 200: dataOf(recoveryCodesSchema), ...errorResponses(409, 429) },
      },
    },
    async (request) => ({
      data: { recoveryCodes: await twoFactor.confirmEnrolment(personOf(request), request.body.code) },
    }),
  )

  api.post(
    '/me/two-factor/recovery-codes',
    {
      schema: {
        tags,
        summary: 'Remplace les codes de récupération de la double authentification',
        body: twoFactorCodeSchema,
        response: { 200: dataOf(recoveryCodesSchema), ...errorResponses(409, 429) },
      },
    },
    async (request) => ({
      data: { recoveryCodes: await twoFactor.regenerateRecoveryCodes(personOf(request), request.body.code) },
    }),
  )

  api.post(
    '/me/two-factor/deactivation',
    {
      schema: {
        tags,
        summary: 'Désactive la double authentification avec le mot de passe et un code',
        body: twoFactorDisableSchema,
        response: { 204: noContent, ...errorResponses(409, 429) },
      },
    },
    async (request, reply) => {
      await twoFactor.disable(personOf(request), request.body.password, request.body.code)
      return reply.code(204).send()
    },
  )

  api.get(
    '/organization/two-factor',
    {
      schema: {
        tags,
        summary: "Indique si l'entreprise exige la double authentification de ses membres",
        response: { 200: dataOf(twoFactorRequirementSchema) },
      },
    },
    async (request) => ({ data: await twoFactor.requirement(await deps.tenant(request)) }),
  )

  api.patch(
    '/organization/two-factor',
    {
      schema: {
        tags,
        summary: "Exige ou non la double authentification des membres de l'entreprise (propriétaire)",
        body: twoFactorRequirementUpdateSchema,
        response: { 200: dataOf(twoFactorRequirementSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({
      data: await twoFactor.setRequirement(await deps.tenant(request), request.body.required),
    }),
  )
}
