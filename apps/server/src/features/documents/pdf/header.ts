import { text } from '../../../lib/pdf/draw'
import { FONT } from '../../../lib/pdf/fonts'
import { CONTENT, INK, MARGIN, SIZE } from '../../../lib/pdf/page'
import { DRAFT, date, documentTitle } from './labels'
import type { Ctx } from './theme'

const LOGO_BOX = { width: 150, height: 64 }

/** Top of the first page: logo (or the seller's name) on the left; title, number and dates on the right. */
export function drawHeader(ctx: Ctx): number {
  const { doc, print } = ctx
  const top = MARGIN.top
  let leftBottom = top
  if (ctx.assets.logo) {
    try {
      doc.image(ctx.assets.logo, CONTENT.left, top, { fit: [LOGO_BOX.width, LOGO_BOX.height] })
      leftBottom = top + LOGO_BOX.height
    } catch {
      // An unreadable logo must not cost the user their PDF: the name stands in for it.
      ctx.assets.logo = null
    }
  }
  if (!ctx.assets.logo) {
    const name = print.seller.brandName ?? print.seller.name
    leftBottom =
      top + 4 + text(doc, name, CONTENT.left, top + 4, { font: ctx.fonts.titleBold, size: 15, width: 260, wrap: true })
  }

  const rightWidth = 240
  const x = CONTENT.right - rightWidth
  let y = top
  const title = documentTitle(print)
  y += text(doc, title, x, y, {
    font: ctx.fonts.titleBold,
    size: SIZE.title,
    color: ctx.accent,
    width: rightWidth,
    align: 'right',
  })
  const reference = print.document.reference
  y += 2
  y += text(doc, reference ? `N° ${reference}` : DRAFT, x, y, {
    font: FONT.bodyBold,
    size: 10.5,
    color: reference ? INK.text : INK.muted,
    width: rightWidth,
    align: 'right',
  })
  y += 8
  for (const [name, value] of metaRows(ctx)) {
    text(doc, name, x, y, { color: INK.muted, width: rightWidth - 72, align: 'right' })
    y += text(doc, value, CONTENT.right - 66, y, { font: FONT.bodyBold, width: 66, align: 'right' }) + 2
  }
  return Math.max(leftBottom, y) + 22
}

function metaRows(ctx: Ctx): [string, string][] {
  const { print } = ctx
  const rows: [string, string][] = [["Date d'émission", date(print.document.datedAt)]]
  if (print.kind === 'quote') {
    rows.push(["Valable jusqu'au", date(print.document.paymentLimitAt)])
    return rows
  }
  const invoice = print.document
  if (invoice.deliveredAt && invoice.deliveredAt !== invoice.datedAt)
    rows.push(['Date de livraison', date(invoice.deliveredAt)])
  if (!invoice.isCreditNote) rows.push(["Date d'échéance", date(invoice.paymentLimitAt)])
  if (print.paid && invoice.paymentDateAt) rows.push(['Payée le', date(invoice.paymentDateAt)])
  return rows
}
