import { FONT } from './fonts'
import { INK, SIZE } from './theme'

export type TextStyle = {
  font?: string
  size?: number
  color?: string
  width?: number
  align?: 'left' | 'right' | 'center'
  /** Wraps within `width` when true (default: one line). */
  wrap?: boolean
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
  const options: PDFKit.Mixins.TextOptions = {
    width: style.width,
    align: style.align ?? 'left',
    lineBreak: Boolean(style.wrap),
    lineGap: style.lineGap ?? 0,
  }
  doc.text(value, x, y, options)
  return style.wrap ? heightOf(doc, value, style) : doc.currentLineHeight(true) + (style.lineGap ?? 0)
}

/** Height `value` would take with that style (wrapped in `width`). */
export function heightOf(doc: PDFKit.PDFDocument, value: string, style: TextStyle = {}): number {
  doc.font(style.font ?? FONT.body).fontSize(style.size ?? SIZE.body)
  if (!style.wrap) return doc.currentLineHeight(true) + (style.lineGap ?? 0)
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
