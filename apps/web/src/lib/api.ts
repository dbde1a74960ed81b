import { genericMessages } from '@app/domain'

/** API.md's error body. `errors` is keyed by field path ("address.postcode"). */
export type ApiErrorBody = { message: string; code: string; errors?: Record<string, string[]> }

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message)
  }
  get fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {}
    for (const [field, list] of Object.entries(this.body.errors ?? {})) if (list[0]) out[field] = list[0]
    return out
  }
}

/** The one place the web app talks HTTP: JSON in and out, session cookie, CSRF header on every write. */
export async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  return send<T>(method, path, body === undefined ? undefined : JSON.stringify(body), body !== undefined)
}

/**
 * Uploads (API.md: multipart only for uploads): same cookie and CSRF header, and no Content-Type, so that the browser
 * writes the multipart boundary itself.
 */
export const upload = <T = unknown>(path: string, formData: FormData) => send<T>('POST', path, formData, false)

async function send<T>(method: string, path: string, body: BodyInit | undefined, isJson: boolean): Promise<T> {
  let response: Response
  try {
    response = await fetch(`/api/v1${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(method === 'GET' ? {} : { 'X-Requested-With': 'fetch' }),
        ...(isJson ? { 'Content-Type': 'application/json' } : {}),
      },
      body,
    })
  } catch {
    throw new ApiError(0, { message: genericMessages.error, code: 'NETWORK' })
  }
  if (response.status === 204) return undefined as T
  const payload = await response.json().catch(() => null)
  if (!response.ok) {
    const errorBody: ApiErrorBody =
      payload && typeof payload.message === 'string' ? payload : { message: genericMessages.error, code: 'UNKNOWN' }
    if (errorBody.code === 'MAINTENANCE') showMaintenancePage()
    if (errorBody.code === 'TWO_FACTOR_REQUIRED') showTwoFactorEnrolment()
    throw new ApiError(response.status, errorBody)
  }
  return payload as T
}

/** MAINTENANCE=on on the server: any page leaves for /maintenance, which comes back once it is over. */
function showMaintenancePage() {
  if (window.location.pathname !== '/maintenance') window.location.assign('/maintenance')
}

/** The organisation requires the second factor and this member has none: the profile's enrolment explains why. */
const TWO_FACTOR_PAGE = '/app/profile?tab=double-authentification&raison=exigee'
function showTwoFactorEnrolment() {
  if (window.location.pathname !== '/app/profile') window.location.assign(TWO_FACTOR_PAGE)
}

export const get = <T>(path: string) => api<T>('GET', path)
export const post = <T>(path: string, body: unknown = {}) => api<T>('POST', path, body)
export const patch = <T>(path: string, body: unknown = {}) => api<T>('PATCH', path, body)
export const del = (path: string) => api<void>('DELETE', path)
