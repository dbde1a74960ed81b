import { messages } from '@app/domain'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError, type FieldErrors } from './errors'

/**
 * PostgreSQL cannot store the NUL character (U+0000) in a text column: a string holding one would reach the database
 * and fail there (a 500). Every request is checked here once, before its schema: a NUL in a body answers 422 on each
 * field that holds one, in a query 400, in a path 404 — the answers the contract already gives for those places.
 */
export function registerNulCharacterGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    // Only what the route reads: a part it has no schema for is ignored, as it was.
    const schema = request.routeOptions.schema ?? {}
    if (schema.params && fieldsWithNul(request.params)) throw new AppError(404, 'NOT_FOUND', messages.http.notFound)
    const inQuery = schema.querystring ? fieldsWithNul(request.query) : undefined
    if (inQuery) throw new AppError(400, 'BAD_REQUEST', messages.validation.invalidData, inQuery)
    const inBody = schema.body ? fieldsWithNul(request.body) : undefined
    if (inBody) throw new AppError(422, 'VALIDATION_FAILED', messages.validation.invalidData, inBody)
  })
}

const NUL = '\u0000'

/** The fields (dotted paths, `_` for the whole value) whose text or key holds a NUL; undefined when none does. */
function fieldsWithNul(value: unknown): FieldErrors | undefined {
  const errors: FieldErrors = {}
  const visit = (current: unknown, path: string[]) => {
    if (typeof current === 'string') {
      if (current.includes(NUL)) errors[path.join('.') || '_'] = [messages.validation.nulCharacter]
    } else if (Array.isArray(current)) {
      for (const [index, item] of current.entries()) visit(item, [...path, String(index)])
    } else if (isPlainObject(current))
      for (const [key, item] of Object.entries(current)) {
        if (key.includes(NUL)) errors[[...path, key].join('.')] = [messages.validation.nulCharacter]
        else visit(item, [...path, key])
      }
  }
  visit(value, [])
  return Object.keys(errors).length > 0 ? errors : undefined
}

/** JSON objects and parsed query strings (whose prototype has no prototype); not a file stream nor a Buffer. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null
}
