import { isValidSiren } from '@app/domain'
import type { PdfService } from '../../pdf/service'
import type { PrintModelLoader } from '../../printing/load'
import type { DirectoryLine, PlatformClient } from '../platform/types'
import { sendingMessages as m } from './messages'

/** What the outbox does with an invoice's flow before it goes: skip it, refuse it (a rule), or send this file. */
export type InvoiceFilePlan =
  | { kind: 'skipped'; reason: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'ready'; fileName: string; content: Buffer; buyerAddress: string }

/**
 * The directory line an invoice goes to: the company's own (SIREN alone) first, then the one of the customer's SIRET,
 * then the first. A routing code or suffix line is the company's choice for some flows; without one given, the plain
 * line is where the PA routes.
 */
export function pickDirectoryLine(lines: DirectoryLine[], siret: string | null): DirectoryLine | null {
  const plain = lines.find((line) => !line.siret && !line.routingIdentifier && !line.addressingSuffix)
  const ofSiret = siret ? lines.find((line) => line.siret === siret && !line.routingIdentifier) : undefined
  return plain ?? ofSiret ?? lines[0] ?? null
}

/**
 * Decides whether an invoice goes through the network and makes its Factur-X PDF: the customer reached through the
 * directory (asked again now: it may have changed since the customer was saved), the French rules the PA would refuse
 * checked first (BR-FR-10 to 13, BR-08 and BR-10), each named in its French message.
 */
export async function planInvoiceFile(
  deps: { pdfs: PdfService; printModels: PrintModelLoader },
  client: PlatformClient,
  input: { organizationId: number; invoiceId: number; receivingAddress: string | null },
): Promise<InvoiceFilePlan> {
  const scope = { organizationId: input.organizationId }
  const print = await deps.printModels.invoice(scope, input.invoiceId)
  const buyer = print.buyer
  const registry = buyer?.siren?.replace(/\s/g, '') ?? ''
  const siren = registry.slice(0, 9)
  // A consumer, a foreign company, a company without SIREN: outside the network, sent by e-mail (e-reporting).
  if (!buyer || registry === '') return { kind: 'skipped', reason: 'no-siren' }
  if (!isValidSiren(siren)) return { kind: 'invalid', message: m.buyerSiren(buyer.name) }
  const lines = await client.directoryLines(siren)
  const line = pickDirectoryLine(lines, registry.length === 14 ? registry : null)
  if (!line) return { kind: 'skipped', reason: 'not-in-directory' }

  const seller = print.seller
  if (!seller.siren || !isValidSiren(seller.siren)) return { kind: 'invalid', message: m.sellerSiren }
  if (!input.receivingAddress) return { kind: 'invalid', message: m.sellerAddress }
  if (!seller.address) return { kind: 'invalid', message: m.sellerPostalAddress }
  if (!buyer.billingAddress) return { kind: 'invalid', message: m.buyerPostalAddress(buyer.name) }
  if (!line.addressingIdentifier) return { kind: 'invalid', message: m.buyerAddress(buyer.name) }

  const rendered = await deps.pdfs.invoicePdf(scope, input.invoiceId)
  return {
    kind: 'ready',
    fileName: asciiFileName(rendered.filename),
    content: rendered.body,
    buyerAddress: line.addressingIdentifier,
  }
}

/** The PA sees the file's name (≤ 255): accents and odd characters folded, so every PA takes it. */
export function asciiFileName(name: string) {
  const folded = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-+/g, '-')
  return folded.slice(-255) || 'facture.pdf'
}
