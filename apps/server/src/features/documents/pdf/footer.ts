import { rule, text } from '../../../lib/pdf/draw'
import { CONTENT, INK, MARGIN, PAGE, SIZE } from '../../../lib/pdf/page'
import { DRAFT, documentTitle } from './labels'
import { legalFormLine, registrationLines } from './parties'
import type { Ctx } from './theme'

const ICON = 18

/** The seller's legal line, the icon and "Page 1/3" on every page; drawn once all pages exist. */
export function drawFooters(ctx: Ctx) {
  const { doc, print } = ctx
  const range = doc.bufferedPageRange()
  const seller = print.seller
  const legal = [seller.name, legalFormLine(seller), ...registrationLines(seller)].filter(Boolean).join(' · ')
  const top = PAGE.height - MARGIN.bottom + 22
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index)
    // Writing below the bottom margin would open a new page: the footer owns the whole page while it draws.
    const bottom = doc.page.margins.bottom
    doc.page.margins.bottom = 0
    rule(doc, CONTENT.left, CONTENT.right, top - 8)
    let x = CONTENT.left
    if (ctx.assets.icon) {
      try {
        doc.image(ctx.assets.icon, x, top - 2, { fit: [ICON, ICON] })
        x += ICON + 8
      } catch {
        ctx.assets.icon = null
      }
    }
    text(doc, legal, x, top, { size: SIZE.label, color: INK.faint, width: CONTENT.right - x - 70, wrap: true })
    text(doc, `Page ${index - range.start + 1}/${range.count}`, CONTENT.right - 70, top, {
      size: SIZE.label,
      color: INK.muted,
      width: 70,
      align: 'right',
    })
    doc.page.margins.bottom = bottom
  }
}

/** The running head of the pages after the first: "Facture F-2026-0001 (suite)". */
export function drawRunningHead(ctx: Ctx): number {
  const { doc, print } = ctx
  const name = `${documentTitle(print)} ${print.document.reference ?? DRAFT.toLowerCase()}`
  text(doc, name, CONTENT.left, MARGIN.top, { size: SIZE.small, color: INK.muted })
  text(doc, print.seller.brandName ?? print.seller.name, CONTENT.left, MARGIN.top, {
    size: SIZE.small,
    color: INK.muted,
    width: CONTENT.width,
    align: 'right',
  })
  return MARGIN.top + 24
}
