import {
  dataOf,
  loginSchema,
  meDtoSchema,
  noContent,
  passwordCodeSchema,
  passwordResetSchema,
  passwordVerifySchema,
  registeredDtoSchema,
  registerSchema,
  resetTokenDtoSchema,
  twoFactorChallengeSchema,
  twoFactorCodeSchema,
  unlockSchema,
} from '@app/domain'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { type CookieSettings, clearSessionCookie } from '../../../lib/auth-context'
import { errorResponses } from '../../../lib/contract'
import type { AccountService } from '../account/service'
import type { SignIn } from '../sessions/sign-in'
import { clearPendingLoginCookie, pendingLoginToken, setPendingLoginCookie } from '../two-factor/cookie'
import type { AuthService } from './service'

type Deps = { auth: AuthService; account: AccountService; cookie: CookieSettings; signedIn: SignIn }

/** What a sign-in (password, reset or unlock) gave: an open session, or a pending one waiting for the second factor. */
type SignInResult =
  | { pending: { token: string; expiresAt: Date }; user?: unknown; session?: undefined }
  | { pending?: undefined; user: Parameters<SignIn>[2]; session: Parameters<SignIn>[3] }

export function registerAuthRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Authentification']

  /** The answer of a sign-in that passed: the session and the user, or `twoFactorRequired` and the pending cookie. */
  async function answerSignIn(request: FastifyRequest, reply: FastifyReply, result: SignInResult) {
    if (result.pending) {
      setPendingLoginCookie(reply, deps.cookie, result.pending)
      return { data: { twoFactorRequired: true as const } }
    }
    await deps.signedIn(request, reply, result.user, result.session)
    return { data: await deps.account.me(result.user.id) }
  }

  // Public: no session needed (API.md); the answers set or clear the session cookie.
  api.post(
    '/auth/register',
    {
      schema: {
        tags,
        summary: 'Crée un compte et ouvre sa session',
        security: [],
        body: registerSchema,
        response: { 201: dataOf(registeredDtoSchema) },
      },
    },
    async (request, reply) => {
      const { user, session } = await deps.auth.register(request.body, request.headers['user-agent'] ?? null)
      await deps.signedIn(request, reply, user, session)
      return reply.code(201).send({ data: { id: user.id } })
    },
  )

  api.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: "Ouvre une session avec l'adresse email et le mot de passe",
        description:
          'Avec la double authentification activée, aucune session : la réponse dit `twoFactorRequired` et un cookie ' +
          'de 5 minutes attend le code sur POST /auth/login/two-factor.',
        security: [],
        body: loginSchema,
        response: {
          200: z.union([dataOf(meDtoSchema), dataOf(twoFactorChallengeSchema)]),
          ...errorResponses(401, 429),
        },
      },
    },
    async (request, reply) => {
      const result = await deps.auth.login(request.body, request.ip, request.headers['user-agent'] ?? null)
      return answerSignIn(request, reply, result)
    },
  )

  api.post(
    '/auth/login/two-factor',
    {
      schema: {
        tags,
        summary: "Termine la connexion avec le code de l'application ou un code de récupération",
        security: [],
        body: twoFactorCodeSchema,
        response: { 200: dataOf(meDtoSchema), ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const { user, session } = await deps.auth.loginSecondStep(
        pendingLoginToken(request, deps.cookie),
        request.body.code,
        request.ip,
        request.headers['user-agent'] ?? null,
      )
      await deps.signedIn(request, reply, user, session)
      clearPendingLoginCookie(reply, deps.cookie)
      return { data: await deps.account.me(user.id) }
    },
  )

  api.post(
    '/auth/logout',
    { schema: { tags, summary: 'Ferme la session en cours', security: [], response: { 204: noContent } } },
    async (request, reply) => {
      if (request.sessionToken) await deps.auth.logout(request.sessionToken)
      clearSessionCookie(reply, deps.cookie)
      return reply.code(204).send()
    },
  )

  api.post(
    '/auth/password/code',
    {
      schema: {
        tags,
        summary: 'Envoie un code de réinitialisation du mot de passe (même réponse pour une adresse inconnue)',
        security: [],
        body: passwordCodeSchema,
        response: { 204: noContent, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      await deps.auth.sendResetCode(request.body.email, request.ip)
      return reply.code(204).send()
    },
  )

  api.post(
    '/auth/password/verify',
    {
      schema: {
        tags,
        summary: 'Vérifie le code de réinitialisation et donne un jeton à usage unique',
        security: [],
        body: passwordVerifySchema,
        response: { 200: dataOf(resetTokenDtoSchema), ...errorResponses(429) },
      },
    },
    async (request) => {
      const token = await deps.auth.verifyResetCode(request.body.email, request.body.code, request.ip)
      return { data: { token } }
    },
  )

  api.post(
    '/auth/password/reset',
    {
      schema: {
        tags,
        summary: 'Enregistre un nouveau mot de passe avec le jeton et ouvre une session',
        security: [],
        body: passwordResetSchema,
        response: { 200: z.union([dataOf(meDtoSchema), dataOf(twoFactorChallengeSchema)]) },
      },
    },
    async (request, reply) => {
      const result = await deps.auth.resetPassword(request.body, request.headers['user-agent'] ?? null)
      return answerSignIn(request, reply, result)
    },
  )

  // Decision 0041: the owner of an account slowed down by wrong passwords signs in with the code it was e-mailed.
  api.post(
    '/auth/unlock',
    {
      schema: {
        tags,
        summary: 'Débloque le compte avec le code reçu par e-mail et le mot de passe, et ouvre la session',
        description:
          'Après 5 mots de passe erronés, chaque essai attend un délai qui grandit (429) ; un code est envoyé une fois ' +
          'par e-mail. Avec ce code et le bon mot de passe, la connexion passe tout de suite et le compteur repart à zéro.',
        security: [],
        body: unlockSchema,
        response: {
          200: z.union([dataOf(meDtoSchema), dataOf(twoFactorChallengeSchema)]),
          ...errorResponses(401, 429),
        },
      },
    },
    async (request, reply) => {
      const result = await deps.auth.unlock(request.body, request.ip, request.headers['user-agent'] ?? null)
      return answerSignIn(request, reply, result)
    },
  )
}
