import { type ReceiptFileType, type ReceiptTextFields, readReceiptText } from '@app/domain'
import { imageSize } from 'image-size'
import { recognizeText } from './ocr'

/**
 * The text of a receipt file, or null when there is none to read. The default reads a PDF's text layer (pdf.js) and
 * what Tesseract sees in an image or a scanned PDF; another reader (a cloud OCR) would be passed to the receipts
 * service, nothing else changes.
 */
export type ReceiptTextReader = (file: { bytes: Uint8Array; type: ReceiptFileType }) => Promise<string | null>

const PAGES_READ = 2
/** A scanned page is drawn at 200 dpi for the OCR: enough for a 9 pt line, and an A4 page stays 1654 × 2339 pixels. */
const SCAN_SCALE = 200 / 72
/** A page larger than A3 is drawn smaller: its pixels are what the OCR's time grows with. */
const SCAN_MAX_PIXELS = 3508 * 4961

/** A 48 MP photo is the largest a phone takes; a bigger picture in 5 MB is a decompression bomb for the OCR. */
const IMAGE_MAX_PIXELS = 50_000_000

/** Whether an image's header gives sane dimensions: a truncated or giant one is kept unread, never decoded. */
function decodable(bytes: Uint8Array) {
  try {
    const { width, height } = imageSize(bytes)
    return width > 0 && height > 0 && width * height <= IMAGE_MAX_PIXELS
  } catch {
    return false
  }
}

type PdfReading = { text: string; scans: Uint8Array[] } | null

/**
 * A PDF's first pages: their text layer, and, when that layer is empty (a scan), the pages drawn as PNG images (pdf.js
 * on @napi-rs/canvas, both npm packages: no system library). Null when pdf.js cannot open it (damaged, encrypted).
 */
async function readPdf(bytes: Uint8Array, drawScans: boolean): Promise<PdfReading> {
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
    const pages = []
    for (let number = 1; number <= Math.min(document.numPages, PAGES_READ); number++) {
      const page = await document.getPage(number)
      pages.push(page)
      let line = ''
      for (const item of (await page.getTextContent()).items) {
        if (!('str' in item)) continue
        line += item.str
        if (item.hasEOL) {
          lines.push(line)
          line = ''
        }
      }
      if (line) lines.push(line)
    }
    const text = lines.join('\n')
    if (text.trim() || !drawScans) return { text, scans: [] }
    const { createCanvas } = await import('@napi-rs/canvas')
    const scans: Uint8Array[] = []
    for (const page of pages) {
      const natural = page.getViewport({ scale: 1 })
      const scale = Math.min(SCAN_SCALE, Math.sqrt(SCAN_MAX_PIXELS / (natural.width * natural.height)))
      const viewport = page.getViewport({ scale })
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height))
      // pdf.js draws on any canvas with the 2D API; in Node it is @napi-rs/canvas's, its own choice too.
      const target = canvas as unknown as Parameters<typeof page.render>[0]['canvas']
      await page.render({ canvas: target, viewport, background: 'white' }).promise
      scans.push(await canvas.encode('png'))
    }
    return { text, scans }
  } catch {
    return null
  } finally {
    await task.destroy()
  }
}

/** A PDF's text layer only (no OCR). */
export const pdfTextReader: ReceiptTextReader = async ({ bytes, type }) => {
  if (type !== 'application/pdf') return null
  return (await readPdf(bytes, false))?.text ?? null
}

/**
 * What the editor can be prefilled from: a PDF's text layer; else, for a scanned PDF or a photo (PNG, JPEG), the
 * text Tesseract reads in French (features/money/receipts/ocr.ts: one worker, one image at a time, offline).
 */
export const receiptTextReader: ReceiptTextReader = async ({ bytes, type }) => {
  if (type === 'application/pdf') {
    const pdf = await readPdf(bytes, true)
    if (!pdf) return null
    if (pdf.text.trim()) return pdf.text
    const pages: string[] = []
    for (const scan of pdf.scans) {
      const text = await recognizeText(scan)
      if (text) pages.push(text)
    }
    return pages.join('\n') || null
  }
  if ((type === 'image/png' || type === 'image/jpeg') && decodable(bytes)) return recognizeText(bytes)
  return null
}

/** The editor's fields read from a file's text: empty fields where the text says nothing for sure. */
export async function readReceiptFile(
  reader: ReceiptTextReader,
  file: { bytes: Uint8Array; type: ReceiptFileType },
): Promise<ReceiptTextFields | null> {
  const text = await reader(file)
  return text?.trim() ? readReceiptText(text) : null
}
