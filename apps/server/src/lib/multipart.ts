import { messages } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import { AppError } from './errors'

/**
 * What a failure while reading a multipart upload is answered, for every upload route: the route's own 413 for a file
 * over its limit, a 422 on `field` for a file over `maxFiles` (one by default), the parser's 4xx as it is, and 400 for a truncated or malformed
 * body (the client's fault, never a 500). An AppError the route threw while reading goes through unchanged.
 */
export function multipartFailure(
  app: FastifyInstance,
  error: unknown,
  options: { tooLarge: () => AppError; field: string; maxFiles?: number },
): unknown {
  if (error instanceof AppError) return error
  if (error instanceof app.multipartErrors.RequestFileTooLargeError) return options.tooLarge()
  if (error instanceof app.multipartErrors.FilesLimitError)
    return new AppError(422, 'VALIDATION_FAILED', messages.files.tooMany(options.maxFiles ?? 1), {
      [options.field]: [messages.files.tooMany(options.maxFiles ?? 1)],
    })
  const status = (error as { statusCode?: number }).statusCode
  if (status && status >= 400 && status < 500) return error
  return new AppError(400, 'BAD_REQUEST', messages.validation.invalidData)
}
