import { messages } from '@app/domain'
import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { databaseErrorOf } from './database-errors'
import { AppError, type FieldErrors } from './errors'

type ErrorBody = { message: string; code: string; errors?: FieldErrors }

const fieldPath = (instancePath: string) => instancePath.replace(/^\//, '').replaceAll('/', '.') || '_'

const statusMessages: Record<number, [string, string]> = {
  400: ['BAD_REQUEST', messages.validation.invalidData],
  401: ['UNAUTHENTICATED', messages.auth.notSignedIn],
  403: ['FORBIDDEN', messages.http.forbidden],
  404: ['NOT_FOUND', messages.http.notFound],
  405: ['METHOD_NOT_ALLOWED', messages.http.routeNotFound],
  406: ['NOT_ACCEPTABLE', messages.validation.invalidData],
  409: ['CONFLICT', messages.http.conflict],
  413: ['PAYLOAD_TOO_LARGE', messages.http.tooLarge],
  415: ['UNSUPPORTED_MEDIA_TYPE', messages.http.unsupportedMediaType],
  429: ['RATE_LIMITED', messages.auth.tooManyAttempts],
}

const camelCase = (column: string) => column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())

/**
 * The last line of "never a 500 for bad input": a value the schemas let through but the database refuses (a reference
 * that does not exist, a number out of a column's range) is the caller's mistake, answered 422 on the field the
 * database names. The schemas stay the first line (decision 0017); this one only keeps a missed case from being a 500.
 */
function databaseInputError(error: unknown): { status: number; body: ErrorBody } | null {
  const database = databaseErrorOf(error)
  if (!database) return null
  // 22021 and 22P05: a character the database cannot store (a NUL the guard of nul-characters.ts did not see).
  if (!['23503', '22003', '22P02', '22001', '22007', '22008', '22021', '22P05'].includes(database.code)) return null
  const column = /Key \(([a-z_]+)\)/.exec(database.detail ?? '')?.[1] ?? database.column
  const field = column ? camelCase(column) : '_'
  const message = database.code === '23503' ? messages.validation.choiceInvalid : messages.validation.invalidData
  return {
    status: 422,
    body: { message: messages.validation.invalidData, code: 'VALIDATION_FAILED', errors: { [field]: [message] } },
  }
}

/**
 * API.md's error shape for everything: French message, machine code, field errors.
 * Body validation is a 422 keyed by field; a bad query is a 400; a bad path id is a 404 (ids cannot be probed).
 * No stack trace ever leaves the server.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status: number
    let body: ErrorBody
    if (error instanceof AppError) {
      status = error.statusCode
      body = { message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) }
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext
      // No prototype: a field named `constructor` or `toString` is a key like any other, not Object's method.
      const errors: FieldErrors = Object.create(null)
      for (const issue of error.validation) {
        // An unknown key is named, keyed by itself, so that the caller sees which one was refused.
        const unknown = issue.keyword === 'unrecognized_keys' ? (issue.params as { keys?: unknown }).keys : undefined
        if (Array.isArray(unknown)) {
          for (const key of unknown) {
            const path = fieldPath(`${issue.instancePath.replace(/\/$/, '')}/${String(key)}`)
            errors[path] ??= []
            errors[path].push(messages.validation.unknownField(String(key)))
          }
          continue
        }
        const path = fieldPath(issue.instancePath)
        errors[path] ??= []
        errors[path].push(issue.message ?? messages.validation.invalidData)
      }
      if (context === 'params') {
        status = 404
        body = { message: messages.http.notFound, code: 'NOT_FOUND' }
      } else if (context === 'body') {
        status = 422
        body = { message: messages.validation.invalidData, code: 'VALIDATION_FAILED', errors }
      } else {
        status = 400
        body = { message: messages.validation.invalidData, code: 'BAD_REQUEST', errors }
      }
    } else if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      status = 400
      body = { message: messages.http.malformedJson, code: 'MALFORMED_JSON' }
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode
      const [code, message] = statusMessages[status] ?? ['BAD_REQUEST', messages.validation.invalidData]
      body = { message, code }
    } else if (databaseInputError(error)) {
      const answer = databaseInputError(error) as { status: number; body: ErrorBody }
      request.log.warn({ err: error }, 'input refused by the database')
      status = answer.status
      body = answer.body
    } else {
      request.log.error({ err: error }, 'unhandled error')
      status = 500
      body = { message: messages.http.serverError, code: 'INTERNAL_ERROR' }
    }
    return reply.code(status).type('application/json; charset=utf-8').send(body)
  })
}
