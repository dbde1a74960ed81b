import { messages } from '@app/domain'
import { filenameFromDisposition, saveBlob } from '../components/pdf/download'
import { ApiError, type ApiErrorBody } from './api'

/** The accounting CSV of a period (GET /exports/accounting.csv?from&to). */
export const accountingCsvPath = (from: string, to: string) =>
  `/exports/accounting.csv?${new URLSearchParams({ from, to })}`

/** The FEC of a fiscal year (GET /exports/fec?year). */
export const fecPath = (year: string) => `/exports/fec?${new URLSearchParams({ year })}`

/** The header in which the server says how many lines the file will hold (its header line included). */
export const EXPORT_ROWS_HEADER = 'X-Export-Rows'

/** How far a download is: the lines received, and of how many when the server said (else null). */
export type ExportProgress = { rows: number; total: number | null }

const NEWLINE = 0x0a

/**
 * The body read as it arrives, counting its lines, so that a year's FEC of hundreds of megabytes says how far it is
 * instead of spinning for ten seconds. Without a readable stream (old browsers), the whole body at once.
 */
async function readWithProgress(response: Response, onProgress: (progress: ExportProgress) => void): Promise<Blob> {
  const announced = Number(response.headers.get(EXPORT_ROWS_HEADER))
  const total = Number.isInteger(announced) && announced > 0 ? announced : null
  const reader = response.body?.getReader()
  if (!reader) return response.blob()
  const chunks: Uint8Array<ArrayBuffer>[] = []
  let rows = 0
  onProgress({ rows, total })
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value)
    // indexOf runs natively: a year's FEC is a hundred megabytes of bytes to look through.
    for (let at = value.indexOf(NEWLINE); at !== -1; at = value.indexOf(NEWLINE, at + 1)) rows += 1
    onProgress({ rows, total })
  }
  return new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' })
}

/**
 * Downloads an export of the API as a blob and saves it under the server's file name (`fallbackName` without one),
 * telling `onProgress` how far it is as the lines arrive.
 * Rejects with an ApiError carrying the server's message (a missing SIREN, a refused role), as the JSON calls do.
 */
export async function downloadExport(
  path: string,
  fallbackName: string,
  onProgress?: (progress: ExportProgress) => void,
): Promise<string> {
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
  const blob = onProgress ? await readWithProgress(response, onProgress) : await response.blob()
  const filename = filenameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName
  saveBlob(blob, filename)
  return filename
}
