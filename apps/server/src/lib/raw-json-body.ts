import { messages } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import { AppError } from './errors'

declare module 'fastify' {
  interface FastifyRequest {
    /** A webhook's body as it came: its signature is computed over these exact bytes. */
    rawBody?: string
  }
}

/**
 * In `scope` (a plugin holding webhook routes), JSON bodies are read as text, kept as `request.rawBody` for the
 * signature, then parsed: parsing alone would lose the exact bytes the provider signed.
 */
export function keepRawJsonBody(scope: FastifyInstance) {
  scope.removeContentTypeParser('application/json')
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string
    try {
      done(null, JSON.parse(body as string))
    } catch {
      done(new AppError(400, 'BAD_REQUEST', messages.http.malformedJson), undefined)
    }
  })
}
