import type { DocumentPrint } from '@app/domain'
import PDFDocument from 'pdfkit'
import { FONT, registerFonts } from '../../../lib/pdf/fonts'
import { MARGIN } from '../../../lib/pdf/page'
import { underlayBackgrounds } from './background'
import { embedFacturX } from './facturx-embed'
import { drawFooters, drawRunningHead } from './footer'
import { drawHeader } from './header'
import { documentTitle } from './labels'
import { drawLines } from './lines-table'
import { drawMentions } from './mentions'
import { drawParties, drawSubject } from './parties'
import { type Assets, accentOf, type Ctx, mixWithWhite, NO_ASSETS } from './theme'
import { drawTotals, totalsOf } from './totals'

/** XMP text is written unescaped by pdfkit: keep titles and names free of XML's special characters. */
const xmpSafe = (value: string) => value.replace(/&/g, 'et').replace(/[<>]/g, '')

/** Stable creation date: the same document renders to the same bytes' meaning (and PDF/A wants one). */
function documentDate(print: DocumentPrint): Date {
  const stamp = print.document.validatedAt ?? print.document.updatedAt
  const date = new Date(stamp)
  return Number.isNaN(date.getTime()) ? new Date() : date
}

/**
 * The PDF of a document, in French, from its print model: PDF/A-3b with embedded (subset) fonts, and for validated
 * invoices and credit notes the Factur-X XML when `assets.facturX` is given. Backgrounds, when set, are laid under
 * the pages afterwards with pdf-lib.
 */
export async function renderDocumentPdf(print: DocumentPrint, assets: Assets = NO_ASSETS): Promise<Buffer> {
  const title = `${documentTitle(print)} ${print.document.reference ?? ''}`.trim()
  const created = documentDate(print)
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN.top, bottom: MARGIN.bottom, left: MARGIN.left, right: MARGIN.right },
    bufferPages: true,
    // No first page and no default font yet: pdfkit would parse Helvetica's AFM for nothing.
    autoFirstPage: false,
    font: null as unknown as string,
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    lang: 'fr-FR',
    displayTitle: true,
    tagged: false,
    info: {
      Title: xmpSafe(title),
      Author: xmpSafe(print.seller.name),
      Subject: xmpSafe(print.document.name || title),
      Creator: 'Carnet',
      Producer: 'Carnet',
      // No ModDate: pdfkit's XMP has no xmp:ModifyDate, and PDF/A wants the Info dictionary and the XMP to agree.
      CreationDate: created,
    },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve)
    doc.on('error', reject)
  })

  const fonts = registerFonts(doc as never, print.branding.fontTitle)
  doc.font(FONT.body)
  doc.addPage()
  const accent = accentOf(print.branding.colorPrimary)
  const ctx: Ctx = {
    doc,
    print,
    assets: { ...assets },
    accent,
    tint: mixWithWhite(accent, 0.08),
    taxFree: print.document.taxFree,
    fonts,
    addPage: () => {
      doc.addPage()
      return drawRunningHead(ctx)
    },
  }

  const totals = totalsOf(ctx)
  let y = drawHeader(ctx)
  y = drawParties(ctx, y)
  y = drawSubject(ctx, y)
  y = drawLines(
    ctx,
    y,
    totals.lines.map((line) => line.discountAmount),
  )
  y = drawTotals(ctx, y, totals)
  drawMentions(ctx, y)
  drawFooters(ctx)

  if (assets.facturX) embedFacturX(doc, assets.facturX, created)
  doc.end()
  await done
  const pdf = Buffer.concat(chunks)
  if (assets.background || assets.backgroundNextPages)
    return underlayBackgrounds(pdf, assets.background, assets.backgroundNextPages)
  return pdf
}
