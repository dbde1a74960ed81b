import { type DocumentLineDto, isZero } from '@app/domain'
import { heightOf, rule, text } from '../../../lib/pdf/draw'
import { FONT } from '../../../lib/pdf/fonts'
import { BODY_BOTTOM, CONTENT, INK, SIZE } from '../../../lib/pdf/page'
import { euro, percent, quantityText, unitPrice } from './labels'
import type { Ctx } from './theme'

type Column = {
  key: 'name' | 'quantity' | 'price' | 'vat' | 'discount' | 'total'
  title: string
  width: number
  align: 'left' | 'right'
}

const PAD_X = 6
const PAD_Y = 6
const HEADER_HEIGHT = 20
const DESCRIPTION_SIZE = 8

function columns(ctx: Ctx, lineDiscounts: boolean): Column[] {
  const fixed: Column[] = [
    { key: 'quantity', title: 'Qté', width: 56, align: 'right' },
    { key: 'price', title: ctx.taxFree ? 'Prix unitaire' : 'Prix unit. HT', width: 72, align: 'right' },
  ]
  if (!ctx.taxFree) fixed.push({ key: 'vat', title: 'TVA', width: 42, align: 'right' })
  if (lineDiscounts) fixed.push({ key: 'discount', title: 'Remise', width: 56, align: 'right' })
  fixed.push({ key: 'total', title: ctx.taxFree ? 'Total' : 'Total HT', width: 78, align: 'right' })
  const used = fixed.reduce((sum, column) => sum + column.width, 0)
  return [{ key: 'name', title: 'Désignation', width: CONTENT.width - used, align: 'left' }, ...fixed]
}

function drawHeaderRow(ctx: Ctx, cols: Column[], top: number): number {
  const { doc } = ctx
  doc.rect(CONTENT.left, top, CONTENT.width, HEADER_HEIGHT).fill(ctx.tint)
  let x = CONTENT.left
  for (const column of cols) {
    text(doc, column.title, x + PAD_X, top + 6.5, {
      font: FONT.bodyBold,
      size: SIZE.small,
      color: ctx.accent,
      width: column.width - 2 * PAD_X,
      align: column.align,
    })
    x += column.width
  }
  return top + HEADER_HEIGHT
}

function discountText(line: DocumentLineDto, amount: string): string {
  if (!line.discount) return ''
  if (line.discount.percentage && !line.discount.amount) return percent(line.discount.percentage)
  return Number(amount) !== 0 ? euro(amount) : ''
}

/**
 * The lines, as many pages as they need: a row never splits, and the header row repeats at the top of every page.
 * `lineDiscounts[i]` is line i's discount amount (from the domain's totals). Returns the y under the table.
 */
export function drawLines(ctx: Ctx, top: number, lineDiscounts: string[]): number {
  const { doc, print } = ctx
  const lines = print.document.lines
  const anyDiscount = lines.some((line, i) => line.discount && Number(lineDiscounts[i] ?? 0) !== 0)
  const cols = columns(ctx, anyDiscount)
  const nameWidth = (cols[0]?.width ?? 200) - 2 * PAD_X
  let y = drawHeaderRow(ctx, cols, top)

  lines.forEach((line, index) => {
    // A MISC line without amount is a free text line (a heading, a note); deposit deductions are MISC with amounts.
    const isText = line.type === 'MISC' && isZero(line.totalTaxExcluded)
    const nameStyle = {
      font: FONT.body,
      size: SIZE.body,
      width: isText ? CONTENT.width - 2 * PAD_X : nameWidth,
      wrap: true,
    }
    const descStyle = { size: DESCRIPTION_SIZE, width: nameStyle.width, wrap: true, color: INK.muted }
    const nameHeight = heightOf(doc, line.name, nameStyle)
    const descHeight = line.description ? heightOf(doc, line.description, descStyle) + 2 : 0
    const height = PAD_Y * 2 + nameHeight + descHeight
    if (y + height > BODY_BOTTOM) {
      y = drawHeaderRow(ctx, cols, ctx.addPage())
    }
    const rowTop = y + PAD_Y
    text(doc, line.name, CONTENT.left + PAD_X, rowTop, nameStyle)
    if (line.description) text(doc, line.description, CONTENT.left + PAD_X, rowTop + nameHeight + 2, descStyle)
    if (!isText) {
      const values: Record<Column['key'], string> = {
        name: '',
        quantity: quantityText(line.quantity, line.unit),
        price: unitPrice(line.amount),
        vat: percent(line.tax.amount),
        discount: discountText(line, lineDiscounts[index] ?? '0'),
        total: euro(line.totalTaxExcluded),
      }
      let x = CONTENT.left
      for (const column of cols) {
        if (column.key !== 'name') {
          text(doc, values[column.key], x + PAD_X, rowTop, {
            font: column.key === 'total' ? FONT.bodyBold : FONT.body,
            width: column.width - 2 * PAD_X,
            align: column.align,
          })
        }
        x += column.width
      }
    }
    y += height
    if (index < lines.length - 1) rule(doc, CONTENT.left, CONTENT.right, y)
  })
  rule(doc, CONTENT.left, CONTENT.right, y, INK.rule, 0.8)
  return y + 16
}
