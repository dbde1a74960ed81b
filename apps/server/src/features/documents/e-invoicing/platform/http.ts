import type { z } from 'zod'
import { platformErrorOf, platformUnreachable } from './errors'

export type PlatformRequest = {
  method: 'GET' | 'POST' | 'DELETE'
  headers: Record<string, string>
  /** A JSON body, a multipart form, or an OAuth2 form (application/x-www-form-urlencoded). */
  json?: unknown
  multipart?: FormData
  form?: Record<string, string>
  timeoutMs: number
}

/**
 * One HTTP exchange with the PA: the answer when it is a 2xx; a network failure or a timeout as a retryable
 * PlatformError. The other statuses are left to the caller (a 401 is retried once with a new token, a 404 of the
 * directory means "not found"); `failureOf` turns them into a PlatformError.
 */
export async function exchange(url: string, request: PlatformRequest): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers }
  let body: string | FormData | undefined
  if (request.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(request.json)
  } else if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(request.form).toString()
  } else if (request.multipart) {
    // fetch writes the multipart boundary in the content type itself.
    body = request.multipart
  }
  try {
    return await fetch(url, {
      method: request.method,
      headers,
      body,
      // A redirect could carry the bearer token elsewhere: the PA's addresses are the ones the owner typed.
      redirect: 'error',
      signal: AbortSignal.timeout(request.timeoutMs),
    })
  } catch (error) {
    const name = (error as Error).name
    throw platformUnreachable(name === 'TimeoutError' || name === 'AbortError' ? 'TIMEOUT' : 'NETWORK')
  }
}

/** Reads the body of an answer; a body cut by the timeout is the PA's failure to answer. */
async function textOf(response: Response): Promise<string> {
  try {
    return await response.text()
  } catch {
    throw platformUnreachable('TIMEOUT')
  }
}

/** A non-2xx answer as the PlatformError the user reads. */
export async function failureOf(response: Response) {
  return platformErrorOf(response.status, await textOf(response).catch(() => ''))
}

/** A 2xx JSON answer read with its schema: a shape we do not know is the PA's failure, never a 500 of ours. */
export async function jsonOf<T extends z.ZodType>(response: Response, schema: T): Promise<z.output<T>> {
  const text = await textOf(response)
  let parsed: unknown
  try {
    parsed = text.trim() === '' ? {} : JSON.parse(text)
  } catch {
    throw platformUnreachable('BAD_RESPONSE')
  }
  const result = schema.safeParse(parsed)
  if (!result.success) throw platformUnreachable('BAD_RESPONSE')
  return result.data
}

/** A 2xx binary answer (a flow's file) with its content type. */
export async function bytesOf(response: Response): Promise<{ content: Buffer; contentType: string }> {
  let content: Buffer
  try {
    content = Buffer.from(await response.arrayBuffer())
  } catch {
    throw platformUnreachable('TIMEOUT')
  }
  return { content, contentType: response.headers.get('content-type') ?? 'application/octet-stream' }
}
