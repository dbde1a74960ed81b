import { isValidSiren } from '@app/domain'
import type { DbOrTx } from '../../../../db/client'
import type { Storage } from '../../../../lib/storage'
import type { PrintModelLoader } from '../../printing/load'
import { directoryAddressOf } from '../connection/directory'
import type { PlatformClients } from '../platform/client'
import type { DirectoryLine, PlatformClient } from '../platform/types'
import { sendingMessages as m } from './messages'
import { alreadyPaidAtIssue, renderNetworkInvoice } from './render'

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
  deps: { storage: Storage; printModels: PrintModelLoader; db: DbOrTx; platforms: PlatformClients },
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
  const buyerAddress = await directoryAddress(deps, client, input.organizationId, print.document.contactId, registry)
  if (!buyerAddress) return { kind: 'skipped', reason: 'not-in-directory' }

  const seller = print.seller
  if (!seller.siren || !isValidSiren(seller.siren)) return { kind: 'invalid', message: m.sellerSiren }
  if (!input.receivingAddress) return { kind: 'invalid', message: m.sellerAddress }
  if (!seller.address) return { kind: 'invalid', message: m.sellerPostalAddress }
  if (!buyer.billingAddress) return { kind: 'invalid', message: m.buyerPostalAddress(buyer.name) }

  const rendered = await renderNetworkInvoice(deps.storage, print, {
    sellerAddress: input.receivingAddress,
    buyerAddress,
    alreadyPaid: alreadyPaidAtIssue(print.document),
  })
  return {
    kind: 'ready',
    fileName: asciiFileName(rendered.filename),
    content: rendered.body,
    buyerAddress,
  }
}

/**
 * The customer's electronic address, asked of the directory now (the connection's directoryAddressOf keeps the answer
 * on the customer, and falls back on the one kept when the PA does not answer); a customer deleted since the
 * invoice (its snapshot alone) is looked up by the printed SIREN.
 */
async function directoryAddress(
  deps: { db: DbOrTx; platforms: PlatformClients },
  client: PlatformClient,
  organizationId: number,
  contactId: number | null,
  registry: string,
): Promise<string | null> {
  if (contactId !== null) {
    const found = await directoryAddressOf(deps.db, deps.platforms, organizationId, contactId, { maxAgeDays: 0 })
    return found.reachable ? found.address : null
  }
  const lines = await client.directoryLines(registry.slice(0, 9))
  return pickDirectoryLine(lines, registry.length === 14 ? registry : null)?.addressingIdentifier ?? null
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
