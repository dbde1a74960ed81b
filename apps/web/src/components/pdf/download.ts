import { messages } from '@app/domain'
import { toastError } from '../../lib/toast'
import { fetchPdf } from './pdfBytes'
import { documentPdfUrl, type PdfDocumentRef } from './urls'

/**
 * The file name of a Content-Disposition header: RFC 5987's `filename*=UTF-8''…` first (accents: "Facture
 * acquittée"), then `filename="…"` or a bare `filename=…`; null without one. Folders are cut off.
 */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header)
  let name: string | null = null
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim())
    } catch {
      name = null
    }
  }
  if (!name) {
    const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header)
    const bare = /filename\s*=\s*([^;\s"]+)/i.exec(header)
    name = quoted?.[1]?.replace(/\\(.)/g, '$1') ?? bare?.[1] ?? null
  }
  const base = name?.split(/[\\/]/).pop()?.trim()
  return base ? base : null
}

/** Saves a blob under `filename`, as a click on a download link would. */
export function saveBlob(blob: Blob, filename: string) {
  const href = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = href
  link.download = filename
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // Some browsers read the blob after the click returns: it is freed a little later.
  setTimeout(() => URL.revokeObjectURL(href), 30_000)
}

/**
 * Downloads the PDF at `url` under the server's file name (`fallbackName` if it sends none). Rejects with
 * PdfUnavailableError when the PDF cannot be had.
 */
export async function downloadPdf(url: string, fallbackName: string): Promise<string> {
  const response = await fetchPdf(url)
  const filename = filenameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName
  saveBlob(await response.blob(), filename)
  return filename
}

/**
 * "Télécharger le PDF" and "Facture acquittée" (`paid`): the document's PDF as a download; when it cannot be had,
 * the toast "Ton PDF n'est pas encore disponible." (spec/sales.md §8). Resolves to whether it was downloaded.
 */
export async function downloadDocumentPdf(doc: PdfDocumentRef, options: { paid?: boolean } = {}): Promise<boolean> {
  const fallback = `${doc.model === 'quotes' ? 'Devis' : 'Facture'} ${doc.id}.pdf`
  try {
    await downloadPdf(documentPdfUrl(doc, { paid: options.paid }), fallback)
    return true
  } catch {
    toastError(undefined, messages.documents.noPdf)
    return false
  }
}
