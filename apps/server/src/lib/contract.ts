import { errorBodySchema } from '@app/domain'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { z } from 'zod'

/**
 * The rules of API.md that hold for every route, applied here once when a route is registered, so that a route
 * added later follows them without anyone thinking of it (ARCHITECTURE.md "The HTTP contract"):
 *
 * - an operationId derived from the method and the path (stable, readable), unless the route names one;
 * - a POST, PUT or PATCH whose body schema accepts `{}` also accepts no body at all or an empty one;
 * - the 4xx answers each route can give, in API.md's error shape, from what the route has: a query (400), a body
 *   (400 malformed JSON, 413, 415, 422), a path id (404), a caller to identify (401, 403, and 404 when the caller has
 *   no organisation yet); the route declares the others it gives itself (409, 429…) in `schema.response`.
 *
 * `completeOpenApi` then writes what Fastify's OpenAPI plugin cannot say: optional request bodies, and the form of a
 * multipart upload (a route that reads its parts itself has no body schema to describe; it names its form in
 * `schema.upload`).
 */

/** The fields of a multipart upload: each a file, with what it may be and what it is for. */
export type UploadForm = {
  /**
   * A file part (its content types), or a text part (`text: true`); a text part holding JSON names its `schema`, which
   * the document gives with the `application/json` encoding; `optional` parts may be left out.
   */
  fields: Record<
    string,
    { contentTypes?: string[]; text?: boolean; schema?: z.ZodType; optional?: boolean; description: string }
  >
  /** How many of the fields one request carries: all of them by default. */
  oneOf?: boolean
}

declare module 'fastify' {
  interface FastifySchema {
    /** A multipart upload's form, for the OpenAPI document only (the route reads and checks the parts itself). */
    upload?: UploadForm
  }
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS'
const BODY_METHODS = new Set<string>(['POST', 'PUT', 'PATCH'])

/** `POST /invoices/:id/mark-as-paid` → `postInvoicesByIdMarkAsPaid` */
export function operationIdOf(method: string, url: string, prefix = '/api/v1'): string {
  const path = url.startsWith(prefix) ? url.slice(prefix.length) : url
  const words = path
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      if (segment.startsWith(':')) return ['by', ...segment.slice(1).split(/[^A-Za-z0-9]+/)]
      if (segment.startsWith('{')) return ['by', ...segment.slice(1, -1).split(/[^A-Za-z0-9]+/)]
      return segment.split(/[^A-Za-z0-9]+/)
    })
    .filter(Boolean)
  const capitalised = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1))
  return method.toLowerCase() + capitalised.join('')
}

/** True when the schema accepts `{}`: then the body is optional (a state action, a toggle, options with defaults). */
export function acceptsEmptyObject(schema: unknown): boolean {
  return schema instanceof z.ZodType && schema.safeParse({}).success
}

/** `response` entries for the given error statuses, each with API.md's error shape. */
export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<number, typeof errorBodySchema>

type RouteSchema = {
  operationId?: string
  querystring?: unknown
  body?: unknown
  params?: unknown
  security?: readonly { [scheme: string]: readonly string[] }[]
  hide?: boolean
  response?: Record<string | number, unknown>
  [key: string]: unknown
}

/** What the route can answer besides its own success and the errors it declares. */
function inferredErrors(method: string, schema: RouteSchema): number[] {
  const statuses = new Set<number>()
  const isPublic = Array.isArray(schema.security) && schema.security.length === 0
  if (schema.querystring) statuses.add(400)
  if (BODY_METHODS.has(method)) {
    statuses.add(400) // malformed JSON
    statuses.add(413)
    statuses.add(415)
  }
  if (schema.body) statuses.add(422)
  if (schema.params) statuses.add(404)
  // Any route refuses a wrong bearer token (401) and a cookie write without the CSRF header (403).
  statuses.add(401)
  if (method !== 'GET') statuses.add(403)
  if (!isPublic) {
    statuses.add(403) // a role or a plan
    statuses.add(404) // no organisation yet, or another organisation's row
    statuses.add(503) // MAINTENANCE=on (features/platform/content/maintenance.ts)
  }
  return [...statuses]
}

/** Routes whose body is optional, by operationId: their OpenAPI requestBody is marked `required: false`. */
const optionalBodies = new Set<string>()
/** Multipart uploads' forms, by operationId. */
const uploadForms = new Map<string, UploadForm>()

export function registerHttpContract(app: FastifyInstance): void {
  // API.md: an empty body with Content-Type application/json is "no body", like none at all.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).trim() === '') return done(null, undefined)
    return parseJson(request, body as string, done)
  })

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.schema || (route.schema as RouteSchema).hide) return
    // A copy: routes may share one schema object, and each needs its own operationId and answers.
    const schema = { ...(route.schema as RouteSchema) }
    route.schema = schema
    const method = ([route.method].flat()[0] ?? 'GET') as HttpMethod
    if (method === 'HEAD') return
    schema.operationId ??= operationIdOf(method, route.url)
    if (schema.upload) {
      uploadForms.set(schema.operationId, schema.upload as UploadForm)
      delete schema.upload
    }
    if (BODY_METHODS.has(method) && acceptsEmptyObject(schema.body)) {
      optionalBodies.add(schema.operationId)
      const fillEmptyBody = async (request: { body: unknown }) => {
        if (request.body === undefined || request.body === null) request.body = {}
      }
      route.preValidation = [fillEmptyBody, ...[route.preValidation ?? []].flat()]
    }
    const response = { ...(schema.response ?? {}) }
    for (const status of inferredErrors(method, schema)) response[status] ??= errorBodySchema
    schema.response = response
  })
}

type Operation = { operationId?: string; requestBody?: { required?: boolean; content?: object } }

/** A JSON part's schema as JSON Schema 2020-12, as the client sends it (the input side of the zod schema). */
function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' }) as Record<
    string,
    unknown
  >
  return rest
}

/** An upload's form as an OpenAPI 3.1 multipart request body. */
function multipartBody(form: UploadForm) {
  const fields = Object.entries(form.fields)
  const properties = Object.fromEntries(
    fields.map(([name, field]) => [
      name,
      field.schema
        ? { ...jsonSchemaOf(field.schema), description: field.description }
        : field.text
          ? { type: 'string', description: field.description }
          : { type: 'string', contentMediaType: 'application/octet-stream', description: field.description },
    ]),
  )
  const required = fields.filter(([, field]) => !field.optional).map(([name]) => name)
  const schema = form.oneOf
    ? { type: 'object', properties, minProperties: 1, maxProperties: 1 }
    : { type: 'object', properties, required }
  const encoding = Object.fromEntries(
    fields.flatMap(([name, field]) =>
      field.contentTypes
        ? [[name, { contentType: field.contentTypes.join(', ') }]]
        : field.schema
          ? [[name, { contentType: 'application/json' }]]
          : [],
    ),
  )
  return { required: true, content: { 'multipart/form-data': { schema, encoding } } }
}

/** What the OpenAPI plugin cannot infer: a request body that may be left out, and an upload's multipart form. */
export function completeOpenApi<T extends { paths?: object }>(document: T): T {
  for (const operations of Object.values(document.paths ?? {}) as Record<string, Operation | undefined>[]) {
    for (const operation of Object.values(operations ?? {})) {
      if (!operation?.operationId) continue
      if (operation.requestBody && optionalBodies.has(operation.operationId)) operation.requestBody.required = false
      const upload = uploadForms.get(operation.operationId)
      if (upload) operation.requestBody = multipartBody(upload)
    }
  }
  return document
}
