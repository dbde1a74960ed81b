import { createHash } from 'node:crypto'
import { type DocumentPrint, type InvoicePrint, messages } from '@app/domain'
import { AppError } from '../../../lib/errors'
import type { RenderedFile } from '../../../lib/file-replies'
import { FONT_KEY_BY_ID } from '../../../lib/pdf/fonts'
import type { Storage } from '../../../lib/storage'
import type { PrintModelLoader } from '../printing/load'
import { createAssetStore } from './assets'
import { pdfFilename } from './labels'
import { renderDocumentPdf } from './render'
import { sampleInvoicePrint } from './sample'

/** Only the organisation matters: a share link serves a PDF without a user. */
export type PdfScope = { organizationId: number }
export type RenderedPdf = RenderedFile
export type FacturXBuilder = (print: InvoicePrint) => string

const CACHE_LIMIT = 48

/**
 * Validated invoices, deposit invoices and credit notes carry the Factur-X XML; drafts, quotes and the "acquittée"
 * copy (a duplicate of an invoice already issued) do not.
 */
export function carriesFacturX(print: DocumentPrint): print is InvoicePrint {
  return print.kind === 'invoice' && print.document.reference !== null && !print.paid
}

/**
 * PDFs of invoices and quotes, rendered from the print model. Rendered files are kept in a small in-memory LRU keyed
 * by a hash of everything printed (document, seller, buyer, payment, branding), so a grid of thumbnails or a second
 * download costs the print model's queries only, and any change anywhere gives a new PDF.
 */
export function createPdfService(deps: {
  storage: Storage
  printModels: PrintModelLoader
  /** The Factur-X CII builder (features/documents/factur-x); without it, validated invoices are PDF/A-3 without XML. */
  facturXml?: FacturXBuilder
}) {
  const assets = createAssetStore(deps.storage)
  const cache = new Map<string, RenderedPdf>()

  async function render(print: DocumentPrint): Promise<RenderedPdf> {
    const withXml = carriesFacturX(print) && deps.facturXml !== undefined
    const key = createHash('sha256')
      .update(JSON.stringify(print))
      .update(withXml ? ':fx' : ':plain')
      .digest('base64url')
    const hit = cache.get(key)
    if (hit) {
      cache.delete(key)
      cache.set(key, hit)
      return hit
    }
    const files = await assets.forBranding(print.branding)
    const facturX = withXml && deps.facturXml ? deps.facturXml(print as InvoicePrint) : null
    const body = await renderDocumentPdf(print, { ...files, facturX })
    const rendered = { filename: pdfFilename(print), body }
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string)
    cache.set(key, rendered)
    return rendered
  }

  /** The invoice's PDF; `paid` asks for the "Facture acquittée" version, which only a PAID invoice has (else 409). */
  async function invoicePdf(scope: PdfScope, id: number, options: { paid?: boolean } = {}): Promise<RenderedPdf> {
    const print = await deps.printModels.invoice(scope, id, { paid: options.paid })
    if (options.paid && !print.paid) throw new AppError(409, 'INVOICE_NOT_PAID', messages.pdf.notPaid)
    return render(print)
  }

  async function quotePdf(scope: PdfScope, id: number): Promise<RenderedPdf> {
    return render(await deps.printModels.quote(scope, id))
  }

  return {
    invoicePdf,
    quotePdf,

    /** A share link's PDF: the document by organisation and id, whatever its type. */
    async documentPdf(scope: PdfScope, subject: { type: 'invoice' | 'quote'; id: number }): Promise<RenderedPdf> {
      return subject.type === 'invoice' ? invoicePdf(scope, subject.id) : quotePdf(scope, subject.id)
    },

    /** The branding page's live preview: a sample invoice with the organisation's identity and unsaved colour/font. */
    async samplePdf(
      scope: PdfScope,
      override: { colorPrimary?: string | undefined; fontId?: number | undefined } = {},
    ): Promise<RenderedPdf> {
      const parts = await deps.printModels.organization(scope)
      let fontTitle = parts.branding.fontTitle
      if (override.fontId !== undefined) {
        const key = FONT_KEY_BY_ID[override.fontId]
        if (!key)
          throw new AppError(400, 'BAD_REQUEST', messages.validation.invalidData, {
            fontId: [messages.pdf.invalidFont],
          })
        fontTitle = key
      }
      const branding = {
        ...parts.branding,
        fontTitle,
        colorPrimary: override.colorPrimary ?? parts.branding.colorPrimary,
      }
      const print = sampleInvoicePrint({ ...parts, branding })
      const rendered = await render(print)
      return { ...rendered, filename: 'Aperçu facture.pdf' }
    },
  }
}
export type PdfService = ReturnType<typeof createPdfService>
