import { messages } from '@app/domain'
import { heightOf, label, text } from '../../../lib/pdf/draw'
import { FONT } from '../../../lib/pdf/fonts'
import { spacedIban } from '../../../lib/pdf/format'
import { BODY_BOTTOM, CONTENT, INK, SIZE } from '../../../lib/pdf/page'
import { date } from './labels'
import type { Ctx } from './theme'

type Block = { height: number; draw: (y: number) => void }

const BLOCK_GAP = 14

function paragraphs(
  ctx: Ctx,
  title: string,
  lines: string[],
  size: number = SIZE.body,
  color: string = INK.text,
): Block {
  const { doc } = ctx
  const style = { size, color, width: CONTENT.width, wrap: true, lineGap: 1 }
  const height = 13 + lines.reduce((sum, line) => sum + heightOf(doc, line, style) + 2, 0)
  return {
    height,
    draw(top) {
      let y = top + label(doc, title, CONTENT.left, top)
      for (const line of lines) y += text(doc, line, CONTENT.left, y, style) + 2
    },
  }
}

/** Payment terms, modes and the bank details (IBAN, BIC) on a light panel. */
function paymentBlock(ctx: Ctx): Block | null {
  const { doc, print } = ctx
  if (print.kind !== 'invoice' || print.document.isCreditNote) return null
  const invoice = print.document
  const lines: string[] = []
  if (print.paid) {
    lines.push(invoice.paymentDateAt ? `Facture acquittée le ${date(invoice.paymentDateAt)}.` : 'Facture acquittée.')
  } else {
    const term = print.paymentTerms
    const terms = !term ? '' : term.startsWith('Paiement') ? `${term} · ` : `Paiement à ${term} · `
    lines.push(`${terms}Échéance le ${date(invoice.paymentLimitAt)}`)
  }
  const modes = print.payment.modes.map((mode) => mode.name)
  if (modes.length && !print.paid) lines.push(`Moyens de paiement acceptés : ${modes.join(', ')}`)
  const transfer = print.payment.modes.some((mode) => mode.code === 'TRANSFERT')
  const bank =
    !print.paid && transfer && print.payment.iban
      ? [
          ['Titulaire', print.payment.accountName || print.seller.name],
          ['IBAN', spacedIban(print.payment.iban)],
          ...(print.payment.bic ? [['BIC', print.payment.bic]] : []),
        ]
      : []
  const lineHeight = heightOf(doc, 'X')
  const height = 13 + lines.length * (lineHeight + 2) + (bank.length ? 10 + bank.length * (lineHeight + 3) + 8 : 0)
  return {
    height,
    draw(top) {
      let y = top + label(doc, 'Paiement', CONTENT.left, top)
      for (const line of lines) y += text(doc, line, CONTENT.left, y, { width: CONTENT.width }) + 2
      if (!bank.length) return
      y += 6
      const panelHeight = bank.length * (lineHeight + 3) + 8
      doc.roundedRect(CONTENT.left, y, 300, panelHeight, 4).fill(ctx.tint)
      y += 5
      for (const [name, value] of bank) {
        text(doc, name ?? '', CONTENT.left + 10, y, { color: INK.muted, size: SIZE.small + 0.5 })
        y += text(doc, value ?? '', CONTENT.left + 64, y, { font: FONT.bodyBold, width: 230 }) + 3
      }
    },
  }
}

/** A quote's acceptance box: "Bon pour accord", date and signature. */
function acceptanceBlock(ctx: Ctx): Block | null {
  const { doc, print } = ctx
  if (print.kind !== 'quote') return null
  return {
    height: 78,
    draw(top) {
      const width = 220
      const x = CONTENT.right - width
      text(doc, 'Bon pour accord', x, top, { font: FONT.bodyBold, width })
      text(doc, 'Date et signature du client', x, top + 13, { color: INK.muted, size: SIZE.small })
      doc
        .roundedRect(x, top + 26, width, 50, 4)
        .lineWidth(0.6)
        .strokeColor(INK.rule)
        .stroke()
    },
  }
}

/** Everything under the totals: payment, special terms, legal mentions; each block moves whole to a new page. */
export function drawMentions(ctx: Ctx, top: number): number {
  const { print } = ctx
  const blocks: Block[] = []
  const payment = paymentBlock(ctx)
  if (payment) blocks.push(payment)
  const acceptance = acceptanceBlock(ctx)
  if (acceptance) blocks.push(acceptance)
  if (print.document.terms?.trim())
    blocks.push(paragraphs(ctx, 'Conditions particulières', [print.document.terms.trim()]))
  // The franchise mention is printed under the amount due (totals.ts).
  const mentions = print.mentions.filter((line) => !(ctx.taxFree && line === messages.documents.taxFreeMention))
  if (mentions.length) blocks.push(paragraphs(ctx, 'Mentions légales', mentions, SIZE.small + 0.5, INK.muted))
  let y = top
  for (const block of blocks) {
    if (y + block.height > BODY_BOTTOM) y = ctx.addPage()
    block.draw(y)
    y += block.height + BLOCK_GAP
  }
  return y
}
