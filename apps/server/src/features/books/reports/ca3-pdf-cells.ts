import { heightOf, text } from '../../../lib/pdf/draw'
import { FONT } from '../../../lib/pdf/fonts'
import { INK } from '../../../lib/pdf/page'

/** The form's look: black frames, light grey section bands, codes in small framed cells. */
export const FORM_INK = { frame: '#1f2328', band: '#e4e7eb', subBand: '#f3f4f6' } as const
const CODE_WIDTH = 24
const CELL_HEIGHT = 15
const GAP = 4
const LABEL_SIZE = 8

/** A line of the form: its code, its label, and its amount columns (null: that column has no cell on this line). */
export type FormRow = { code: string; label: string; amounts: readonly (string | null)[]; strong?: boolean }

function frame(doc: PDFKit.PDFDocument, x: number, y: number, width: number, height: number) {
  doc.rect(x, y, width, height).lineWidth(0.6).strokeColor(FORM_INK.frame).stroke()
}

function fill(doc: PDFKit.PDFDocument, x: number, y: number, width: number, height: number, color: string) {
  doc.rect(x, y, width, height).fillColor(color).fill()
}

/** A section's band across the given width ("A – Montant des opérations réalisées"); returns the y below it. */
export function band(doc: PDFKit.PDFDocument, title: string, x: number, y: number, width: number): number {
  const height = 18
  fill(doc, x, y, width, height, FORM_INK.band)
  frame(doc, x, y, width, height)
  text(doc, title.toUpperCase(), x + 6, y + 5, { font: FONT.bodyBold, size: 9, width: width - 12 })
  return y + height + 6
}

/** A sub-section's heading ("TVA brute"), with the amount columns' titles on its right when given. */
export function subBand(
  doc: PDFKit.PDFDocument,
  title: string,
  x: number,
  y: number,
  width: number,
  columns: { titles: readonly string[]; amountWidth: number } | null = null,
): number {
  const height = 14
  fill(doc, x, y, width, height, FORM_INK.subBand)
  text(doc, title.toUpperCase(), x + 4, y + 3.5, { font: FONT.bodyBold, size: 7.5, color: INK.text })
  if (columns) {
    let cx = x + width - columns.titles.length * (columns.amountWidth + GAP) + GAP
    for (const title of columns.titles) {
      text(doc, title, cx, y + 3.5, { font: FONT.bodyBold, size: 7, width: columns.amountWidth, align: 'center' })
      cx += columns.amountWidth + GAP
    }
  }
  return y + height + 5
}

/**
 * One line of the form: the label on the left (wrapped), then the code in its framed cell and each amount in a framed
 * cell, right-aligned. Cells sit flush right, so that the amount columns line up from one line to the next.
 */
export function formRow(
  doc: PDFKit.PDFDocument,
  row: FormRow,
  x: number,
  y: number,
  width: number,
  amountWidth: number,
): number {
  const cellsWidth = CODE_WIDTH + row.amounts.length * (amountWidth + GAP)
  const labelWidth = width - cellsWidth - GAP
  const labelStyle = { font: row.strong ? FONT.bodyBold : FONT.body, size: LABEL_SIZE, width: labelWidth, wrap: true }
  const labelHeight = heightOf(doc, row.label, labelStyle)
  const height = Math.max(CELL_HEIGHT, labelHeight)
  text(doc, row.label, x, y + Math.max(0, (height - labelHeight) / 2) + 0.5, labelStyle)

  const cellY = y + (height - CELL_HEIGHT) / 2
  let cx = x + labelWidth + GAP
  fill(doc, cx, cellY, CODE_WIDTH, CELL_HEIGHT, FORM_INK.subBand)
  frame(doc, cx, cellY, CODE_WIDTH, CELL_HEIGHT)
  text(doc, row.code, cx, cellY + 4, { font: FONT.bodyBold, size: 7, width: CODE_WIDTH, align: 'center' })
  cx += CODE_WIDTH + GAP
  for (const amount of row.amounts) {
    if (amount !== null) {
      frame(doc, cx, cellY, amountWidth, CELL_HEIGHT)
      const font = row.strong ? FONT.bodyBold : FONT.body
      text(doc, amount, cx + 3, cellY + 3.5, { font, size: 9, width: amountWidth - 6, align: 'right' })
    }
    cx += amountWidth + GAP
  }
  return y + height + 4
}

/** A framed block around what `draw` writes from `y`; returns the y below the frame. */
export function framed(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  width: number,
  draw: (innerY: number) => number,
): number {
  const bottom = draw(y + 6) + 2
  frame(doc, x, y, width, bottom - y)
  return bottom
}
