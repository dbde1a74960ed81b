import { FONT } from './fonts'
import { INK, SIZE } from './page'

export type TextStyle = {
  font?: string
  size?: number
  color?: string
  width?: number
  align?: 'left' | 'right' | 'center'
  /** Wraps within `width` when true (default: one line). */
  wrap?: boolean
  /** With `wrap`: at most this many lines, the last one cut with an ellipsis. */
  maxLines?: number
  lineGap?: number
}

/** Writes text at an absolute position and returns the height it took. One line unless `wrap`. */
export function text(doc: PDFKit.PDFDocument, value: string, x: number, y: number, style: TextStyle = {}): number {
  const font = style.font ?? FONT.body
  const size = style.size ?? SIZE.body
  doc
    .font(font)
    .fontSize(size)
    .fillColor(style.color ?? INK.text)
  const wrap = Boolean(style.wrap) && !fitsOnOneLine(doc, value, style.width)
  const options: PDFKit.Mixins.TextOptions = {
    width: style.width,
    align: style.align ?? 'left',
    lineBreak: wrap,
    lineGap: style.lineGap ?? 0,
  }
  const lineHeight = doc.currentLineHeight(true) + (style.lineGap ?? 0)
  if (wrap && style.maxLines) {
    const height = Math.min(heightOf(doc, value, style), lineHeight * style.maxLines)
    // pdfkit stops at `height` and ends the last line it fits with the ellipsis.
    doc.text(value, x, y, { ...options, height: height + 0.5, ellipsis: '…' })
    return height
  }
  doc.text(value, x, y, options)
  return wrap ? heightOf(doc, value, style) : lineHeight
}

/** Most cells hold one short line: measuring it is much cheaper than running pdfkit's line wrapper. */
function fitsOnOneLine(doc: PDFKit.PDFDocument, value: string, width: number | undefined): boolean {
  return width !== undefined && !value.includes('\n') && doc.widthOfString(value) <= width
}

/** Height `value` would take with that style (wrapped in `width`). */
export function heightOf(doc: PDFKit.PDFDocument, value: string, style: TextStyle = {}): number {
  doc.font(style.font ?? FONT.body).fontSize(style.size ?? SIZE.body)
  if (!style.wrap || fitsOnOneLine(doc, value, style.width)) return doc.currentLineHeight(true) + (style.lineGap ?? 0)
  return doc.heightOfString(value, { width: style.width, lineGap: style.lineGap ?? 0 })
}

export function rule(
  doc: PDFKit.PDFDocument,
  x1: number,
  x2: number,
  y: number,
  color: string = INK.rule,
  width = 0.5,
) {
  doc.moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color).stroke()
}

/** A small upper-case label above a block ("ÉMETTEUR", "CLIENT"). */
export function label(doc: PDFKit.PDFDocument, value: string, x: number, y: number, color: string = INK.muted) {
  return text(doc, value.toUpperCase(), x, y, { font: FONT.bodyBold, size: SIZE.label, color }) + 3
}
