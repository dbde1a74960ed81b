import { messages } from '@app/domain'
import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
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
      const errors: FieldErrors = {}
      for (const issue of error.validation) {
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
    } else {
      request.log.error({ err: error }, 'unhandled error')
      status = 500
      body = { message: messages.http.serverError, code: 'INTERNAL_ERROR' }
    }
    return reply.code(status).type('application/json; charset=utf-8').send(body)
  })
}
