import {
  CA3_LABELS,
  CA3_RATE_LINES,
  CA3_SECTIONS,
  type Ca3BoxCode,
  type Ca3Boxes,
  type Ca3RateLineCode,
  daysInMonth,
  formatNumberFr,
  isZero,
  roundedToEuros,
} from '@app/domain'
import PDFDocument from 'pdfkit'
import { text } from '../../../lib/pdf/draw'
import { DEFAULT_FONT, FONT, registerFonts } from '../../../lib/pdf/fonts'
import { spacedSiren } from '../../../lib/pdf/format'
import { INK, PAGE } from '../../../lib/pdf/page'
import { band, type FormRow, formRow, framed, subBand } from './ca3-pdf-cells'

export type Ca3PdfInput = {
  organization: { name: string; siren: string | null; address?: string | null }
  /** Month 1-12; for a quarter, its last month (periodLabel names the quarter). */
  period: { year: number; month: number }
  periodLabel: string
  boxes: Ca3Boxes
}

const TITLE = 'TVA et taxes assimilées — 3310-CA3-SD'
const MARGIN = 40
const LEFT = MARGIN
const WIDTH = PAGE.width - 2 * MARGIN
const COLUMN_GAP = 16
const HALF = (WIDTH - COLUMN_GAP) / 2
const AMOUNT_WIDTH = 78
/** Totals the form always shows, even at zero; other boxes stay blank when there is nothing to declare. */
const ALWAYS_SHOWN = new Set<Ca3BoxCode>(['16', '23', '32'])

const pad2 = (value: number) => String(value).padStart(2, '0')

/** "declaration-tva-2026-03.pdf" */
export const ca3FileName = (year: number, month: number) => `declaration-tva-${year}-${pad2(month)}.pdf`

/** Whole euros as the form wants them ("1 234"), blank for a zero box unless the form always shows it. */
function amountOf(code: Ca3BoxCode, amount: string): string {
  if (isZero(amount) && !ALWAYS_SHOWN.has(code)) return ''
  return formatNumberFr(amount, { decimals: 0, maxDecimals: 0 })
}

const row = (boxes: Ca3Boxes, code: Exclude<Ca3BoxCode, Ca3RateLineCode>, strong = false) =>
  ({ code, label: CA3_LABELS[code], amounts: [amountOf(code, boxes[code])], strong }) satisfies FormRow

/**
 * The return as a PDF laid out like the 3310-CA3-SD: identification, section A (operations), section B (gross VAT by
 * rate with base and tax, deductible VAT, then credit or VAT to pay). Amounts are printed in whole euros: the boxes
 * are rounded here (`roundedToEuros`, which leaves boxes already in euros as they are).
 */
export async function renderCa3Pdf(input: Ca3PdfInput): Promise<Buffer> {
  const { month } = input.period
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`No month ${month} in a VAT period`)
  const boxes = roundedToEuros(input.boxes)
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    autoFirstPage: false,
    // No default font: pdfkit would parse Helvetica's AFM for nothing.
    font: null as unknown as string,
    pdfVersion: '1.7',
    lang: 'fr-FR',
    displayTitle: true,
    info: {
      Title: `${TITLE} — ${input.periodLabel}`,
      Author: input.organization.name,
      Creator: 'Carnet',
      Producer: 'Carnet',
    },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve)
    doc.on('error', reject)
  })
  registerFonts(doc as never, DEFAULT_FONT)
  doc.font(FONT.body)
  doc.addPage()

  let y = drawHeading(doc, input)
  y = drawIdentification(doc, input, y + 10)
  y = drawOperations(doc, boxes, y + 12)
  y = drawSettlement(doc, boxes, y + 12)
  drawNote(doc, y + 10)

  doc.end()
  await done
  return Buffer.concat(chunks)
}

function drawHeading(doc: PDFKit.PDFDocument, input: Ca3PdfInput): number {
  const { year, month } = input.period
  const closing = `${pad2(daysInMonth(year, month))}/${pad2(month)}/${year}`
  text(doc, TITLE, LEFT, MARGIN, { font: FONT.bodyBold, size: 15, width: WIDTH * 0.62, wrap: true })
  text(doc, 'Régime réel normal — déclaration de chiffre d’affaires', LEFT, MARGIN + 22, { size: 8, color: INK.muted })
  const right = LEFT + WIDTH * 0.62
  const rightWidth = WIDTH * 0.38
  text(doc, `Période : ${input.periodLabel}`, right, MARGIN + 2, {
    font: FONT.bodyBold,
    size: 10,
    width: rightWidth,
    align: 'right',
  })
  text(doc, `Période close le ${closing}`, right, MARGIN + 18, { size: 8, width: rightWidth, align: 'right' })
  return MARGIN + 36
}

function drawIdentification(doc: PDFKit.PDFDocument, input: Ca3PdfInput, top: number): number {
  const { name, siren, address } = input.organization
  return framed(doc, LEFT, top, WIDTH, (y) => {
    let at = y
    at += text(doc, 'IDENTIFICATION DU REDEVABLE', LEFT + 8, at, { font: FONT.bodyBold, size: 7, color: INK.muted }) + 3
    at += text(doc, `Dénomination : ${name}`, LEFT + 8, at, { width: WIDTH - 16, wrap: true }) + 2
    at += text(doc, `SIREN : ${siren ? spacedSiren(siren) : 'non renseigné'}`, LEFT + 8, at) + 2
    if (address?.trim()) {
      at += text(doc, `Adresse : ${address.trim().replace(/\s*\n\s*/g, ', ')}`, LEFT + 8, at, {
        width: WIDTH - 16,
        wrap: true,
      })
    }
    return at + 2
  })
}

function drawOperations(doc: PDFKit.PDFDocument, boxes: Ca3Boxes, top: number): number {
  const y = band(doc, CA3_SECTIONS.operations, LEFT, top, WIDTH)
  const right = LEFT + HALF + COLUMN_GAP
  let left = subBand(doc, CA3_SECTIONS.taxed, LEFT, y, HALF)
  let other = subBand(doc, CA3_SECTIONS.untaxed, right, y, HALF)
  for (const code of ['A1', 'B2', 'B5'] as const) left = formRow(doc, row(boxes, code), LEFT, left, HALF, AMOUNT_WIDTH)
  for (const code of ['E1', 'E2', 'F2', 'F8'] as const)
    other = formRow(doc, row(boxes, code), right, other, HALF, AMOUNT_WIDTH)
  return Math.max(left, other)
}

function drawSettlement(doc: PDFKit.PDFDocument, boxes: Ca3Boxes, top: number): number {
  let y = band(doc, CA3_SECTIONS.settlement, LEFT, top, WIDTH)
  const columns = { titles: ['Base hors taxe', 'Taxe due'], amountWidth: AMOUNT_WIDTH }
  y = subBand(doc, CA3_SECTIONS.gross, LEFT, y, WIDTH, columns)
  y += text(doc, 'Opérations réalisées en France métropolitaine', LEFT, y, { size: 7.5, color: INK.muted }) + 3
  for (const { code } of CA3_RATE_LINES) {
    const line = boxes.lines[code]
    const amounts = [amountOf(code, line.base), amountOf(code, line.tax)]
    y = formRow(doc, { code, label: CA3_LABELS[code], amounts }, LEFT, y, WIDTH, AMOUNT_WIDTH)
  }
  // Lines without a base keep their amount in the tax column, under the rate lines' taxes.
  const taxOnly = (line: FormRow): FormRow => ({ ...line, amounts: [null, ...line.amounts] })
  for (const code of ['15', '16', '17'] as const)
    y = formRow(doc, taxOnly(row(boxes, code, code === '16')), LEFT, y, WIDTH, AMOUNT_WIDTH)

  y = subBand(doc, CA3_SECTIONS.deductible, LEFT, y + 4, WIDTH)
  for (const code of ['19', '20', '21', '22', '23'] as const)
    y = formRow(doc, taxOnly(row(boxes, code, code === '23')), LEFT, y, WIDTH, AMOUNT_WIDTH)

  y = subBand(doc, CA3_SECTIONS.credit, LEFT, y + 4, WIDTH)
  for (const code of ['25', '27'] as const)
    y = formRow(doc, taxOnly(row(boxes, code, code === '27')), LEFT, y, WIDTH, AMOUNT_WIDTH)
  y = subBand(doc, CA3_SECTIONS.payable, LEFT, y + 4, WIDTH)
  for (const code of ['TD', '28', '32'] as const)
    y = formRow(doc, taxOnly(row(boxes, code, code === '32')), LEFT, y, WIDTH, AMOUNT_WIDTH)
  return y
}

function drawNote(doc: PDFKit.PDFDocument, y: number) {
  const note =
    'Montants en euros, arrondis à l’euro le plus proche (la fraction égale à 0,50 est comptée pour 1). ' +
    'Document préparatoire établi avec Carnet : la déclaration se dépose en ligne sur impots.gouv.fr.'
  text(doc, note, LEFT, y, { size: 7, color: INK.muted, width: WIDTH, wrap: true })
}
