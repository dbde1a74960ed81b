import { CONTACT_TYPE_IDS, type DirectoryAddressDto, isValidSiren } from '@app/domain'
import type { DbOrTx } from '../../../../db/client'
import type { PlatformClients } from '../platform/client'
import type { DirectoryLine, PlatformClient } from '../platform/types'
import { deleteDirectoryAnswer, findDirectoryAnswer, findDirectoryContact, upsertDirectoryAnswer } from './repo'

/** A directory line as the API names it (DirectoryAddressDto). */
export const addressOf = (line: DirectoryLine): DirectoryAddressDto => ({
  address: line.addressingIdentifier,
  siren: line.siren,
  siret: line.siret,
  routingCode: line.routingIdentifier,
  suffix: line.addressingSuffix,
  platform: line.platform,
})

/**
 * The address an invoice to this company goes to: the line of the SIREN alone when there is one (the company's
 * general address), else its first line. A line for a facility, a service or a suffix is the buyer's to name on its
 * order; without that, the general address is the one that cannot be wrong.
 */
export function generalLineOf(lines: DirectoryLine[]): DirectoryLine | null {
  return lines.find((line) => !line.siret && !line.routingIdentifier && !line.addressingSuffix) ?? lines[0] ?? null
}

export type ContactDirectoryAnswer = { reachable: boolean; address: string | null; platform: string | null }

/** A customer the directory can know: a company (not a private person) with a valid SIREN. */
async function directorySirenOf(db: DbOrTx, organizationId: number, contactId: number) {
  const row = await findDirectoryContact(db, organizationId, contactId)
  if (!row) return { exists: false as const }
  const siren = row.siren?.replace(/\s+/g, '') ?? ''
  const eligible = row.isCustomer && row.contactTypeId !== CONTACT_TYPE_IDS.PRIVATE && isValidSiren(siren)
  return { exists: true as const, siren: eligible ? siren : null }
}

/** Asks the directory, through the organisation's PA, whether this SIREN receives e-invoices, and where. */
export async function askDirectory(client: PlatformClient, siren: string): Promise<ContactDirectoryAnswer> {
  const line = generalLineOf(await client.directoryLines(siren))
  return { reachable: line !== null, address: line?.addressingIdentifier ?? null, platform: line?.platform ?? null }
}

/**
 * A customer just saved: asks the directory and keeps its answer in contact_e_invoicing. A customer no longer in the
 * directory's reach (a person, no SIREN, not a customer) loses its row. Nothing when the organisation is not
 * connected. The PA's failure is thrown: the caller (the contact's save) decides it is not its own.
 */
export async function refreshContactDirectory(
  db: DbOrTx,
  platforms: PlatformClients,
  organizationId: number,
  contactId: number,
  now: Date = new Date(),
): Promise<ContactDirectoryAnswer | null> {
  const contact = await directorySirenOf(db, organizationId, contactId)
  if (!contact.exists) return null
  if (!contact.siren) {
    await deleteDirectoryAnswer(db, organizationId, contactId)
    return null
  }
  const client = await platforms.forOrganization(organizationId)
  if (!client) return null
  const answer = await askDirectory(client, contact.siren)
  await upsertDirectoryAnswer(db, { organizationId, contactId, siren: contact.siren }, answer, now.toISOString())
  return answer
}

/**
 * Where to send this customer's invoice (the sending asks before each flow): the directory's answer kept for the
 * contact when younger than `maxAgeDays` and for the same SIREN, else asked again through the PA. When the PA fails,
 * an older answer still serves (the directory changes rarely); with none, the PA's failure is thrown so the outbox
 * tries again later rather than sending by e-mail a customer who may be reachable.
 */
export async function directoryAddressOf(
  db: DbOrTx,
  platforms: PlatformClients,
  organizationId: number,
  contactId: number,
  options: { maxAgeDays: number; now?: Date },
): Promise<{ reachable: boolean; address: string | null }> {
  const now = options.now ?? new Date()
  const contact = await directorySirenOf(db, organizationId, contactId)
  if (!contact.exists || !contact.siren) return { reachable: false, address: null }
  const kept = await findDirectoryAnswer(db, organizationId, contactId, now.toISOString(), options.maxAgeDays)
  const usable = kept && kept.siren === contact.siren ? kept : undefined
  if (usable?.fresh) return { reachable: usable.reachable, address: usable.address }
  try {
    const answer = await refreshContactDirectory(db, platforms, organizationId, contactId, now)
    if (answer) return { reachable: answer.reachable, address: answer.address }
    // Not connected: what was kept, or nobody to send to through the network.
    return usable ? { reachable: usable.reachable, address: usable.address } : { reachable: false, address: null }
  } catch (error) {
    if (usable) return { reachable: usable.reachable, address: usable.address }
    throw error
  }
}
