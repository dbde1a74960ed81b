import { PDFArray, PDFDocument, PDFName } from '@cantoo/pdf-lib'

/**
 * Lays the organisation's background PDF (its first page) under every page's content: the first page gets `first`,
 * the others `next` (or `first` when only one is set). Only called when a background exists, so the common path
 * stays pdfkit-only. A background that cannot be read leaves the document as it was.
 */
export async function underlayBackgrounds(pdf: Buffer, first: Buffer | null, next: Buffer | null): Promise<Buffer> {
  if (!first && !next) return pdf
  try {
    const doc = await PDFDocument.load(pdf, { updateMetadata: false })
    const [firstPage] = first ? await doc.embedPdf(first, [0]) : [undefined]
    const [nextPage] = next ? await doc.embedPdf(next, [0]) : [undefined]
    doc.getPages().forEach((page, index) => {
      const background = index === 0 ? (firstPage ?? nextPage) : (nextPage ?? firstPage)
      if (!background) return
      const { width, height } = page.getSize()
      page.drawPage(background, { x: 0, y: 0, width, height })
      // drawPage appended a content stream: move it first, so the background sits under the page's own content.
      const contents = page.node.lookup(PDFName.of('Contents'))
      if (contents instanceof PDFArray && contents.size() > 1) {
        const last = contents.get(contents.size() - 1)
        contents.remove(contents.size() - 1)
        contents.insert(0, last)
      }
    })
    return Buffer.from(await doc.save({ useObjectStreams: false }))
  } catch {
    return pdf
  }
}
