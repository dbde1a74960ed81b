import { messages } from '@app/domain'
import { filenameFromDisposition, saveBlob } from '../../../components/pdf/download'
import { ApiError, type ApiErrorBody } from '../../../lib/api'

/** The accounting CSV of a period (GET /exports/accounting.csv?from&to). */
export const accountingCsvPath = (from: string, to: string) =>
  `/exports/accounting.csv?${new URLSearchParams({ from, to })}`

/** The FEC of a fiscal year (GET /exports/fec?year). */
export const fecPath = (year: string) => `/exports/fec?${new URLSearchParams({ year })}`

/**
 * Downloads an export of the API as a blob and saves it under the server's file name (`fallbackName` without one).
 * Rejects with an ApiError carrying the server's message (a missing SIREN, a refused role), as the JSON calls do.
 */
export async function downloadExport(path: string, fallbackName: string): Promise<string> {
  let response: Response
  try {
    response = await fetch(`/api/v1${path}`, { credentials: 'same-origin' })
  } catch {
    throw new ApiError(0, { message: messages.generic.error, code: 'NETWORK' })
  }
  if (!response.ok) {
    const payload = await response.json().catch(() => null)
    const body: ApiErrorBody =
      payload && typeof payload.message === 'string' ? payload : { message: messages.generic.error, code: 'UNKNOWN' }
    throw new ApiError(response.status, body)
  }
  // A stream cut short (the server failed after the first page) rejects here, as a failed download.
  const blob = await response.blob()
  const filename = filenameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName
  saveBlob(blob, filename)
  return filename
}
