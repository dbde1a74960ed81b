import { type DocumentTotals, documentTotals, formatPercentFr, isZero, messages, negate } from '@app/domain'
import { label, rule, text } from '../../../lib/pdf/draw'
import { FONT } from '../../../lib/pdf/fonts'
import { BODY_BOTTOM, CONTENT, INK, SIZE } from '../../../lib/pdf/page'
import { date, euro, percent } from './labels'
import type { Ctx } from './theme'

const RIGHT_WIDTH = 220
const LEFT_WIDTH = 250
const ROW = 16

/** The domain's totals of the printed lines: subtotal, discount and each line's discount, as the editor shows them. */
export function totalsOf(ctx: Ctx): DocumentTotals {
  const document = ctx.print.document
  return documentTotals({
    lines: document.lines.map((line) => ({
      quantity: line.quantity,
      amount: line.amount,
      ratePercent: line.tax.amount,
      discount: line.discount,
    })),
    discount: document.discount,
    deliveryFees: document.deliveryFees,
    disbursement: document.disbursement,
    taxFree: ctx.taxFree,
  })
}

type Row = { label: string; value: string; strong?: boolean }

function rows(ctx: Ctx, totals: DocumentTotals): { rows: Row[]; due: Row } {
  const document = ctx.print.document
  const list: Row[] = []
  const hasAdjustments = !isZero(totals.discountAmount) || !isZero(totals.deliveryFees) || !isZero(totals.disbursement)
  const ht = ctx.taxFree ? '' : ' HT'
  if (hasAdjustments) list.push({ label: `Sous-total${ht}`, value: euro(totals.subtotal) })
  if (!isZero(totals.discountAmount)) {
    const discount = document.discount
    const rate = discount?.percentage && !discount.amount ? ` (${formatPercentFr(discount.percentage)})` : ''
    const name = discount?.name?.trim() || 'Remise'
    list.push({ label: `${name}${rate}`, value: euro(negate(totals.discountAmount)) })
  }
  if (!isZero(totals.deliveryFees)) list.push({ label: `Frais de livraison${ht}`, value: euro(totals.deliveryFees) })
  if (!isZero(totals.disbursement)) list.push({ label: 'Débours', value: euro(totals.disbursement) })
  if (ctx.taxFree) return { rows: list, due: { label: 'Net à payer', value: euro(document.amount), strong: true } }
  list.push({ label: 'Total HT', value: euro(document.totalTaxExcluded), strong: true })
  list.push({ label: 'Total TVA', value: euro(document.totalTaxes) })
  const differs = document.amount !== document.totalTaxIncluded
  if (differs) list.push({ label: 'Total TTC', value: euro(document.totalTaxIncluded), strong: true })
  const isCreditNote = ctx.print.kind === 'invoice' && ctx.print.document.isCreditNote
  return {
    rows: list,
    due: {
      label: isCreditNote
        ? 'Total TTC'
        : differs
          ? 'Net à payer'
          : ctx.print.kind === 'quote'
            ? 'Total TTC'
            : 'Net à payer',
      value: euro(differs ? document.amount : document.totalTaxIncluded),
      strong: true,
    },
  }
}

/** VAT per rate on the left, totals on the right, deducted deposits and the "acquittée" stamp below. */
export function drawTotals(ctx: Ctx, top: number, totals: DocumentTotals): number {
  const { doc, print } = ctx
  const { rows: list, due } = rows(ctx, totals)
  const vat = ctx.taxFree ? [] : print.document.vatBreakdown
  const deposits = print.kind === 'invoice' ? print.deductedDeposits : []
  const rightHeight =
    list.length * ROW + 34 + (print.kind === 'invoice' && print.paid ? 46 : 0) + (ctx.taxFree ? 14 : 0)
  const leftHeight = (vat.length ? 20 + (vat.length + 1) * ROW : 0) + (deposits.length ? 24 + deposits.length * ROW : 0)
  let y = top
  if (y + Math.max(rightHeight, leftHeight) > BODY_BOTTOM) y = ctx.addPage()

  // Right: the totals, the amount due on a tinted band.
  const x = CONTENT.right - RIGHT_WIDTH
  let ry = y
  for (const row of list) {
    text(doc, row.label, x + 8, ry, {
      font: row.strong ? FONT.bodyBold : FONT.body,
      color: row.strong ? INK.text : INK.muted,
    })
    text(doc, row.value, x, ry, {
      font: row.strong ? FONT.bodyBold : FONT.body,
      width: RIGHT_WIDTH - 8,
      align: 'right',
    })
    ry += ROW
  }
  ry += 2
  doc.roundedRect(x, ry, RIGHT_WIDTH, 28, 4).fill(ctx.tint)
  text(doc, due.label, x + 8, ry + 8, { font: ctx.fonts.titleBold, size: 11, color: ctx.accent })
  text(doc, due.value, x, ry + 7.5, {
    font: FONT.bodyBold,
    size: 12,
    color: ctx.accent,
    width: RIGHT_WIDTH - 8,
    align: 'right',
  })
  ry += 34
  if (ctx.taxFree) {
    // The franchise mention reads best where the missing VAT would be: right under the amount.
    const mention = print.mentions.find((line) => line === messages.documents.taxFreeMention)
    if (mention)
      ry +=
        text(doc, mention, x, ry - 2, { size: SIZE.small, color: INK.muted, width: RIGHT_WIDTH, align: 'right' }) + 4
  }
  if (print.kind === 'invoice' && print.paid) {
    ry += 8
    const stamp = print.document.paymentDateAt ? `Acquittée le ${date(print.document.paymentDateAt)}` : 'Acquittée'
    doc.save()
    doc
      .roundedRect(x + 30, ry, RIGHT_WIDTH - 30, 26, 4)
      .lineWidth(1.5)
      .strokeColor(ctx.accent)
      .stroke()
    doc.restore()
    text(doc, stamp.toUpperCase(), x + 30, ry + 8, {
      font: FONT.bodyBold,
      size: 10,
      color: ctx.accent,
      width: RIGHT_WIDTH - 30,
      align: 'center',
    })
    ry += 38
  }

  // Left: VAT per rate, then the deposits a final invoice deducts.
  let ly = y
  if (vat.length) {
    ly += label(doc, 'Détail de la TVA', CONTENT.left, ly)
    const cols = [
      { title: 'Taux', width: 50, align: 'left' as const },
      { title: 'Base HT', width: 100, align: 'right' as const },
      { title: 'Montant TVA', width: 100, align: 'right' as const },
    ]
    let cx = CONTENT.left
    for (const col of cols) {
      text(doc, col.title, cx, ly, { size: SIZE.small, color: INK.muted, width: col.width, align: col.align })
      cx += col.width
    }
    ly += ROW - 3
    rule(doc, CONTENT.left, CONTENT.left + LEFT_WIDTH, ly - 2)
    for (const rate of vat) {
      const values = [percent(rate.ratePercent), euro(rate.taxExcluded), euro(rate.taxAmount)]
      cx = CONTENT.left
      cols.forEach((col, i) => {
        text(doc, values[i] ?? '', cx, ly + 2, { width: col.width, align: col.align })
        cx += col.width
      })
      ly += ROW
    }
    ly += 8
  }
  if (deposits.length) {
    ly += label(doc, 'Acomptes déduits', CONTENT.left, ly)
    for (const deposit of deposits) {
      const name = `Acompte ${deposit.reference ?? ''} du ${date(deposit.datedAt)}`.replace('  ', ' ')
      text(doc, name, CONTENT.left, ly, { color: INK.muted, width: LEFT_WIDTH - 80 })
      text(doc, euro(deposit.totalTaxIncluded), CONTENT.left, ly, { width: LEFT_WIDTH, align: 'right' })
      ly += ROW
    }
  }
  return Math.max(ry, ly) + 18
}
