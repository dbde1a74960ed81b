import { type ReceiptFileType, type ReceiptTextFields, readReceiptText } from '@app/domain'

/**
 * The text of a receipt file, or null when there is none to read. PDFs give their text layer (pdf.js); images have
 * none here: no OCR engine can be installed on this machine, so an image gives null. An OCR reader (Tesseract, a
 * cloud API) would be another `ReceiptTextReader` passed to the receipts service, nothing else changes.
 */
export type ReceiptTextReader = (file: { bytes: Uint8Array; type: ReceiptFileType }) => Promise<string | null>

const PAGES_READ = 2

export const pdfTextReader: ReceiptTextReader = async ({ bytes, type }) => {
  if (type !== 'application/pdf') return null
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  // A copy: pdf.js takes ownership of the buffer it is given.
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  })
  try {
    const document = await task.promise
    const lines: string[] = []
    for (let number = 1; number <= Math.min(document.numPages, PAGES_READ); number++) {
      const content = await (await document.getPage(number)).getTextContent()
      let line = ''
      for (const item of content.items) {
        if (!('str' in item)) continue
        line += item.str
        if (item.hasEOL) {
          lines.push(line)
          line = ''
        }
      }
      if (line) lines.push(line)
    }
    return lines.join('\n')
  } catch {
    // A PDF pdf.js cannot open (damaged, encrypted): kept as it is, with nothing read from it.
    return null
  } finally {
    await task.destroy()
  }
}

/** The editor's fields read from a file's text: empty fields where the text says nothing for sure. */
export async function readReceiptFile(
  reader: ReceiptTextReader,
  file: { bytes: Uint8Array; type: ReceiptFileType },
): Promise<ReceiptTextFields | null> {
  const text = await reader(file)
  return text ? readReceiptText(text) : null
}
