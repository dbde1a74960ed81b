import { ITEM_IMAGE_MAX_BYTES, messages } from '@app/domain'
import fastifyCookie from '@fastify/cookie'
import fastifyMultipart from '@fastify/multipart'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import Fastify from 'fastify'
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod'
import type { Config } from '../config'
import { withRequestScope } from '../db/tenant-scope'
import { cookieSettings } from './auth-context'
import { completeOpenApi, registerHttpContract } from './contract'
import { registerErrorHandler } from './error-handler'
import { registerNulCharacterGuard } from './nul-characters'
import { openApiInfo, pruneUnusedSchemas } from './openapi'

/**
 * The HTTP frame every route runs in, before any feature: zod validation and serialisation, API.md's error shape and
 * contract, cookies, uploads, and the OpenAPI document with its reference page.
 */
export async function createHttpServer({ config, logger }: { config: Config; logger?: boolean }) {
  const app = Fastify({
    logger: logger === false ? false : { level: config.logLevel },
    bodyLimit: 1_048_576,
    // Only the configured proxies may name the client (TRUST_PROXY): anyone else could pick a fresh address per try.
    trustProxy: config.trustProxy,
    // A path the router cannot read (a bad escape, a parameter over 100 characters) names nothing: 404, API.md's shape.
    frameworkErrors: (error, _request, reply) => {
      const unreadablePath = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      const body = unreadablePath
        ? { message: messages.http.notFound, code: 'NOT_FOUND' }
        : { message: messages.validation.invalidData, code: 'BAD_REQUEST' }
      const raw = reply as unknown as { code(status: number): { type(t: string): { send(b: object): unknown } } }
      return raw
        .code(unreadablePath ? 404 : 400)
        .type('application/json; charset=utf-8')
        .send(body)
    },
  })
  // First of all hooks: the request's queries act in its organisation once the tenant is known (db/tenant-scope.ts).
  app.addHook('onRequest', (_request, _reply, done) => withRequestScope(done))
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandler(app)
  registerHttpContract(app)
  registerNulCharacterGuard(app)

  await app.register(fastifyCookie)
  // Uploads only (API.md): one file of at most 1,000,000 bytes, a few small fields.
  await app.register(fastifyMultipart, {
    limits: { fileSize: ITEM_IMAGE_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 20 },
  })
  await app.register(fastifySwagger, {
    openapi: openApiInfo({ appUrl: config.appUrl, cookieName: cookieSettings(config.secureCookies).name }),
    transform: jsonSchemaTransform,
    transformObject: (document) => pruneUnusedSchemas(completeOpenApi(jsonSchemaTransformObject(document))),
  })
  // The API reference page, from files bundled with the app (no CDN): /api/docs.
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0, tryItOutEnabled: false },
    theme: { title: 'Carnet — référence de l’API' },
  })

  return app
}
