/** A PDF that could not be had: the server answered an error, or something else than a PDF. */
export class PdfUnavailableError extends Error {
  constructor(readonly status: number) {
    super(`PDF unavailable (${status})`)
  }
}

/** Fetches a PDF of the API (same origin, session cookie): its response, checked to be a PDF. */
export async function fetchPdf(url: string): Promise<Response> {
  let response: Response
  try {
    response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/pdf' } })
  } catch {
    throw new PdfUnavailableError(0)
  }
  const type = response.headers.get('content-type') ?? ''
  if (!response.ok || !type.includes('application/pdf')) throw new PdfUnavailableError(response.status)
  return response
}

/** The bytes of the last PDFs, by URL: a grid thumbnail and the drawer showing the same version fetch it once. */
const MAX_ENTRIES = 24
const cache = new Map<string, Promise<Uint8Array>>()

export function fetchPdfBytes(url: string): Promise<Uint8Array> {
  const cached = cache.get(url)
  if (cached) {
    // Most recently used last: the oldest entry is the first one dropped.
    cache.delete(url)
    cache.set(url, cached)
    return cached
  }
  const bytes = fetchPdf(url).then(async (response) => new Uint8Array(await response.arrayBuffer()))
  cache.set(url, bytes)
  // A failure is not kept: the next preview of that URL asks again.
  bytes.catch(() => {
    if (cache.get(url) === bytes) cache.delete(url)
  })
  while (cache.size > MAX_ENTRIES) {
    const oldest = cache.keys().next().value
    if (oldest === undefined) break
    cache.delete(oldest)
  }
  return bytes
}

/** Empties the cache (tests). */
export const clearPdfBytes = () => cache.clear()
