import { eInvoicingMessages as m } from '@app/domain'
import { AppError, conflict } from '../../../../lib/errors'
import { PlatformError } from '../platform/types'

/** The organisation has no PA connection: 409, it must connect first (Paramètres › Facturation électronique). */
export const notConnected = () => conflict(m.notConnected, 'NOT_CONNECTED')

/**
 * What Carnet answers when the PA failed, never a 500: the PA refused (its 4xx) is a 422 the user can act on, with
 * the credentials' fields named when they are the cause; the PA did not answer or is overloaded is a 502 (a gateway's
 * failure, try again later). The French message is the PlatformError's, which never carries a credential.
 */
export function platformFailure(error: unknown, options: { credentialsFields?: boolean } = {}): unknown {
  if (!(error instanceof PlatformError)) return error
  if (error.retryable) {
    return new AppError(
      502,
      error.status === 429 || error.status === 503 ? 'PLATFORM_BUSY' : 'PLATFORM_UNREACHABLE',
      error.userMessage,
    )
  }
  if (error.status === 401) {
    const fields = options.credentialsFields
      ? { clientId: [error.userMessage], clientSecret: [error.userMessage] }
      : undefined
    return new AppError(422, 'PLATFORM_CREDENTIALS', error.userMessage, fields)
  }
  if (error.status === 403) return new AppError(422, 'PLATFORM_FORBIDDEN', error.userMessage)
  if (error.status === 413) return new AppError(422, 'PLATFORM_TOO_LARGE', error.userMessage)
  return new AppError(422, 'PLATFORM_REFUSED', error.userMessage)
}

/** Runs a call to the PA and answers its failure as platformFailure says. */
export async function throughPlatform<T>(
  run: () => Promise<T>,
  options: { credentialsFields?: boolean } = {},
): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw platformFailure(error, options)
  }
}
