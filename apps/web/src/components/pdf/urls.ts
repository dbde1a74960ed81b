/** The API's PDF of a document (API.md: GET /invoices/{id}/pdf, ?paid=true, GET /quotes/{id}/pdf). */
export type PdfDocumentRef = { model: 'invoices' | 'quotes'; id: number }

/**
 * Its URL; `version` (the document's updatedAt) makes a new URL after each change, so that a cached preview of an
 * older version is never shown for a newer one.
 */
export function documentPdfUrl(doc: PdfDocumentRef, options: { paid?: boolean; version?: string } = {}) {
  const query = new URLSearchParams()
  if (options.paid) query.set('paid', 'true')
  if (options.version) query.set('v', options.version)
  const search = query.toString()
  return `/api/v1/${doc.model}/${doc.id}/pdf${search ? `?${search}` : ''}`
}
