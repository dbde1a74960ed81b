import { formatEuro, type PrintedSeller } from '@app/domain'
import { label, text } from '../../../lib/pdf/draw'
import { FONT } from '../../../lib/pdf/fonts'
import { spacedSiren } from '../../../lib/pdf/format'
import { CONTENT, INK, SIZE } from '../../../lib/pdf/page'
import { addressLines } from './labels'
import type { Ctx } from './theme'

const GAP = 28
const COLUMN = (CONTENT.width - GAP) / 2

/** "SAS au capital de 10 000 €", "EI"…: the legal form as the law wants it next to the name. */
export function legalFormLine(seller: PrintedSeller): string | null {
  if (!seller.legalForm) return null
  const form = seller.legalForm.code || seller.legalForm.name
  if (seller.capital && Number(seller.capital) > 0)
    return `${form} au capital de ${formatEuro(seller.capital, { maxDecimals: 2, decimals: 0 })}`
  return form
}

/** "SIRET 123 456 789 00012 · RCS Paris" and the VAT number: the seller's registration lines. */
export function registrationLines(seller: PrintedSeller): string[] {
  const lines: string[] = []
  const id = seller.siret
    ? `SIRET ${spacedSiren(seller.siret)}`
    : seller.siren
      ? `SIREN ${spacedSiren(seller.siren)}`
      : null
  const registration = [id, seller.registry].filter(Boolean).join(' · ')
  if (registration) lines.push(registration)
  if (seller.vatNumber) lines.push(`N° TVA ${seller.vatNumber}`)
  if (seller.ape) lines.push(`Code APE ${seller.ape}`)
  return lines
}

/** Seller and buyer side by side; the delivery address under the buyer when there is one. */
export function drawParties(ctx: Ctx, top: number): number {
  const { doc, print } = ctx
  const seller = print.seller
  let y = top
  const sellerX = CONTENT.left
  y += label(doc, 'Émetteur', sellerX, y, ctx.accent)
  y += text(doc, seller.name, sellerX, y, { font: FONT.bodyBold, size: 10, width: COLUMN, wrap: true, maxLines: 2 }) + 1
  const sellerLines = [
    seller.brandName && seller.brandName !== seller.name ? seller.brandName : null,
    legalFormLine(seller),
    ...addressLines(seller.address),
  ].filter((line): line is string => Boolean(line))
  for (const line of sellerLines) y += text(doc, line, sellerX, y, { width: COLUMN, wrap: true })
  const contact = [seller.email, seller.phone].filter(Boolean).join(' · ')
  const muted = [...(contact ? [contact] : []), ...registrationLines(seller)]
  if (muted.length) y += 3
  for (const line of muted)
    y += text(doc, line, sellerX, y, { color: INK.muted, size: SIZE.small + 0.5, width: COLUMN, wrap: true })
  const sellerBottom = y

  const buyerX = CONTENT.left + COLUMN + GAP
  y = top
  y += label(doc, print.kind === 'quote' ? 'Client' : 'Facturé à', buyerX, y, ctx.accent)
  const buyer = print.buyer
  if (!buyer) {
    y += text(doc, 'Client à renseigner', buyerX, y, { color: INK.muted })
    return Math.max(sellerBottom, y) + 24
  }
  y += text(doc, buyer.name, buyerX, y, { font: FONT.bodyBold, size: 10, width: COLUMN, wrap: true, maxLines: 2 }) + 1
  for (const line of addressLines(buyer.billingAddress)) y += text(doc, line, buyerX, y, { width: COLUMN, wrap: true })
  const ids = [
    buyer.siren ? `SIREN ${spacedSiren(buyer.siren)}` : null,
    buyer.vatNumber ? `N° TVA ${buyer.vatNumber}` : null,
  ].filter((line): line is string => Boolean(line))
  if (ids.length) y += 3
  for (const line of ids) y += text(doc, line, buyerX, y, { color: INK.muted, size: SIZE.small + 0.5, width: COLUMN })
  const delivery = addressLines(buyer.deliveryAddress)
  if (delivery.length) {
    y += 8
    y += label(doc, 'Adresse de livraison', buyerX, y)
    if (buyer.deliveryAddress?.name) y += text(doc, buyer.deliveryAddress.name, buyerX, y, { width: COLUMN })
    for (const line of delivery) y += text(doc, line, buyerX, y, { width: COLUMN, wrap: true })
  }
  return Math.max(sellerBottom, y) + 24
}

/** The document's own title and description, and what a credit note corrects. */
export function drawSubject(ctx: Ctx, top: number): number {
  const { doc, print } = ctx
  let y = top
  const lines: { value: string; bold?: boolean; muted?: boolean }[] = []
  if (print.kind === 'invoice' && print.document.isCreditNote) {
    const credited = print.document.creditedInvoice?.reference ?? print.creditedInvoice?.reference
    if (credited) lines.push({ value: `Avoir sur la facture ${credited}`, bold: true })
  }
  if (print.kind === 'invoice' && print.document.quote?.reference)
    lines.push({ value: `Selon le devis ${print.document.quote.reference}`, muted: true })
  const name = print.document.name?.trim()
  if (name && !lines.some((line) => line.value === name)) lines.push({ value: name, bold: true })
  if (print.document.description) lines.push({ value: print.document.description, muted: true })
  if (!lines.length) return top
  for (const line of lines) {
    y +=
      text(doc, line.value, CONTENT.left, y, {
        font: line.bold ? FONT.bodyBold : FONT.body,
        size: line.bold ? 10.5 : SIZE.body,
        color: line.muted ? INK.muted : INK.text,
        width: CONTENT.width,
        wrap: true,
      }) + 2
  }
  return y + 12
}
