import { toCents } from '@app/domain'
import type { z } from 'zod'
import { ProviderError } from './types'

export type JsonRequest = {
  method?: 'GET' | 'POST' | 'DELETE'
  headers?: Record<string, string>
  /** A JSON body, or a form (application/x-www-form-urlencoded) for OAuth's token endpoint. */
  json?: unknown
  form?: Record<string, string>
}

/**
 * One call to a provider. Unreachable, too slow, a 5xx or a 429, or a body that is not JSON: `unavailable`. Any other
 * 4xx: `refused`, with the status (the caller may expect one, e.g. Bridge's 409 for a user that exists). A 204 is null.
 */
export async function callProvider(
  url: string,
  request: JsonRequest,
  options: { provider: string; timeoutMs: number },
): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers }
  let body: string | undefined
  if (request.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(request.json)
  } else if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(request.form).toString()
  }
  let response: Response
  let text: string
  try {
    response = await fetch(url, {
      method: request.method ?? 'GET',
      headers,
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs),
    })
    text = await response.text()
  } catch (error) {
    throw new ProviderError('unavailable', `${options.provider}: ${(error as Error).message}`)
  }
  if (response.status >= 500 || response.status === 429)
    throw new ProviderError('unavailable', `${options.provider} answered ${response.status}`, response.status)
  if (response.status >= 400)
    throw new ProviderError(
      'refused',
      `${options.provider} answered ${response.status}: ${text.slice(0, 200)}`,
      response.status,
    )
  if (response.status === 204 || text.trim() === '') return null
  try {
    return JSON.parse(text)
  } catch {
    throw new ProviderError('unavailable', `${options.provider} answered a body that is not JSON`)
  }
}

/** A provider's answer read with its schema: a shape we do not know is the provider's failure, never ours (no 500). */
export function readAs<T extends z.ZodType>(schema: T, body: unknown, provider: string): z.output<T> {
  const parsed = schema.safeParse(body)
  if (!parsed.success)
    throw new ProviderError(
      'unavailable',
      `${provider} answered an unexpected shape: ${parsed.error.message.slice(0, 300)}`,
    )
  return parsed.data
}

/** The largest amount numeric(15,2) holds, with room: anything beyond is not an amount. */
const AMOUNT_LIMIT = 1e12

/** A JSON number of euros (-6.92, 1489.54) as our 2-decimal string ("-6.92"); null when it is not a usable amount. */
export function euros(value: number | null | undefined): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) >= AMOUNT_LIMIT) return null
  return toCents(value)
}
