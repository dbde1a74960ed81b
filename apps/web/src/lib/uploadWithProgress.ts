import { messages } from '@app/domain'
import { ApiError, type ApiErrorBody } from './api'

/** How much of the body has left the browser, from 0 to 1. */
export type OnUploadProgress = (fraction: number) => void

/**
 * `upload` for large files, with progress: fetch cannot tell how much of a request body is sent, XMLHttpRequest can.
 * Same contract as `upload`: session cookie, the CSRF header, no Content-Type (the browser writes the boundary), the
 * `{data}` envelope on success and ApiError with the server's French message otherwise (status 0 when the network
 * failed). `signal` aborts the request; the promise then rejects with an AbortError.
 */
export function uploadWithProgress<T = unknown>(
  path: string,
  formData: FormData,
  { onProgress, signal }: { onProgress?: OnUploadProgress; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Envoi annulé', 'AbortError'))
      return
    }
    const request = new XMLHttpRequest()
    request.open('POST', `/api/v1${path}`)
    request.setRequestHeader('Accept', 'application/json')
    request.setRequestHeader('X-Requested-With', 'fetch')
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total))
    })
    request.addEventListener('load', () => {
      signal?.removeEventListener('abort', abort)
      try {
        resolve(answerOf<T>(request.status, request.responseText))
      } catch (error) {
        reject(error)
      }
    })
    const networkFailure = () => {
      signal?.removeEventListener('abort', abort)
      reject(new ApiError(0, { message: messages.generic.error, code: 'NETWORK' }))
    }
    request.addEventListener('error', networkFailure)
    request.addEventListener('timeout', networkFailure)
    request.addEventListener('abort', () => reject(new DOMException('Envoi annulé', 'AbortError')))
    const abort = () => request.abort()
    signal?.addEventListener('abort', abort, { once: true })
    request.send(formData)
  })
}

/** The parsed answer, or the ApiError `send` in api.ts would have thrown for it. */
function answerOf<T>(status: number, text: string): T {
  if (status === 204) return undefined as T
  let payload: unknown = null
  try {
    payload = text ? JSON.parse(text) : null
  } catch {
    payload = null
  }
  if (status >= 200 && status < 300) return payload as T
  const body =
    payload && typeof (payload as ApiErrorBody).message === 'string'
      ? (payload as ApiErrorBody)
      : { message: messages.generic.error, code: 'UNKNOWN' }
  throw new ApiError(status, body)
}
