import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { createCanvas, GlobalFonts } from '@napi-rs/canvas'

// Receipts as a phone or a scanner gives them, drawn here from their text: what the OCR is tested on.

const require = createRequire(import.meta.url)
GlobalFonts.registerFromPath(
  join(dirname(require.resolve('@expo-google-fonts/roboto/package.json')), '400Regular', 'Roboto_400Regular.ttf'),
  'Receipt Roboto',
)

/**
 * A photographed ticket: its lines printed dark on off-white paper, slightly turned, on a grey table, with the specks
 * of a photo. `scale` 1 draws about 900 px wide; a phone's 12 MP photo is `scale` 3.4 or so.
 */
export async function receiptPhoto(lines: string[], options: { format?: 'png' | 'jpeg'; scale?: number } = {}) {
  const scale = options.scale ?? 1
  const line = 56 * scale
  const canvas = createCanvas(Math.round(900 * scale), Math.round(120 * scale + lines.length * line))
  const context = canvas.getContext('2d')
  context.fillStyle = '#8a8a8a'
  context.fillRect(0, 0, canvas.width, canvas.height)
  context.fillStyle = '#f6f3ec'
  context.fillRect(30 * scale, 20 * scale, canvas.width - 60 * scale, canvas.height - 40 * scale)
  // Specks drawn from a fixed sequence: the same picture at every run.
  let seed = 7
  const next = () => {
    seed = (seed * 16807) % 2147483647
    return seed / 2147483647
  }
  for (let speck = 0; speck < 3000 * scale * scale; speck++) {
    context.fillStyle = `rgba(0, 0, 0, ${(next() * 0.12).toFixed(3)})`
    context.fillRect(next() * canvas.width, next() * canvas.height, 2 * scale, 2 * scale)
  }
  context.save()
  context.translate(70 * scale, 90 * scale)
  context.rotate(0.01)
  context.fillStyle = '#1d1d1d'
  context.font = `${Math.round(34 * scale)}px "Receipt Roboto"`
  lines.forEach((text, index) => {
    context.fillText(text, 0, index * line)
  })
  context.restore()
  const bytes = options.format === 'jpeg' ? await canvas.encode('jpeg', 88) : await canvas.encode('png')
  return new Uint8Array(bytes)
}

/** A scanned invoice: a PDF whose only page is a picture of the receipt (no text layer to read). */
export async function scannedPdf(lines: string[]): Promise<Uint8Array> {
  const { default: PDFDocument } = await import('pdfkit')
  const picture = Buffer.from(await receiptPhoto(lines))
  const document = new PDFDocument({ size: 'A4', margin: 40 })
  const chunks: Buffer[] = []
  document.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<void>((resolve) => document.on('end', () => resolve()))
  document.image(picture, 40, 40, { width: 450 })
  document.end()
  await done
  return new Uint8Array(Buffer.concat(chunks))
}
