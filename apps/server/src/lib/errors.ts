import { messages } from '@app/domain'

export type FieldErrors = Record<string, string[]>

/** The one error type services throw; the error handler turns it into API.md's JSON shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message)
  }
}

export const notFound = (message: string = messages.http.notFound) => new AppError(404, 'NOT_FOUND', message)
export const unauthorized = (message: string = messages.auth.notSignedIn) =>
  new AppError(401, 'UNAUTHENTICATED', message)
export const forbidden = (message: string = messages.http.forbidden, code = 'FORBIDDEN') =>
  new AppError(403, code, message)
export const conflict = (message: string = messages.http.conflict, code = 'CONFLICT') =>
  new AppError(409, code, message)
export const tooManyRequests = () => new AppError(429, 'RATE_LIMITED', messages.auth.tooManyAttempts)

/** A 422 on one field, with the message shown under that field in the form. */
export const fieldError = (field: string, message: string, code = 'VALIDATION_FAILED') =>
  new AppError(422, code, message, { [field]: [message] })

/** A 422 about the request as a whole (a bulk action refused), with its French reason. */
export const unprocessable = (message: string, code = 'UNPROCESSABLE') => new AppError(422, code, message)

/**
 * The 429 of a locked subject (too many wrong passwords or codes: features/account/auth/throttle.ts): the request's
 * error hook copies `retryAfterSeconds` into the Retry-After header (lib/auth-context.ts).
 */
export class LockedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(429, 'ACCOUNT_LOCKED', message)
  }
}
