import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../../db/client'
import { contactEInvoicing, contacts, eInvoicingConnections, organizations, users } from '../../../../db/schema/index'

export type ConnectionRow = typeof eInvoicingConnections.$inferSelect

export type ConnectionValues = {
  flowUrl: string
  directoryUrl: string
  tokenUrl: string
  clientId: string
  clientSecretSealed: string
  platformOrganizationId: string | null
  receivingAddress: string | null
  webhookId: string | null
  webhookKeySealed: string | null
  connectedBy: number
  connectedAt: string
  lastCheckedAt: string
  /** Another PA: its cursor means nothing to the new one, the polling starts again. */
  pollCursor?: null
  polledUntil?: null
}

/** The organisation's PA connection (one row per organisation, decision 0043); the secrets arrive sealed. */
export function createConnectionRepo(db: DbOrTx) {
  const byOrganization = (organizationId: number) => eq(eInvoicingConnections.organizationId, organizationId)

  return {
    async find(organizationId: number): Promise<(ConnectionRow & { connectedByName: string | null }) | undefined> {
      const [row] = await db
        .select({
          connection: eInvoicingConnections,
          connectedByName: sql<string | null>`nullif(trim(${users.firstname} || ' ' || ${users.lastname}), '')`,
        })
        .from(eInvoicingConnections)
        .leftJoin(users, eq(users.id, eInvoicingConnections.connectedBy))
        .where(byOrganization(organizationId))
      return row ? { ...row.connection, connectedByName: row.connectedByName } : undefined
    },

    /** Connecting again replaces the settings; where the polling stands is kept (the same PA's cursor stays valid). */
    async save(organizationId: number, values: ConnectionValues) {
      await db
        .insert(eInvoicingConnections)
        .values({ organizationId, ...values })
        .onConflictDoUpdate({ target: eInvoicingConnections.organizationId, set: values })
    },

    async setReceivingAddress(organizationId: number, receivingAddress: string) {
      await db.update(eInvoicingConnections).set({ receivingAddress }).where(byOrganization(organizationId))
    },

    async checked(organizationId: number, at: string) {
      await db.update(eInvoicingConnections).set({ lastCheckedAt: at }).where(byOrganization(organizationId))
    },

    async remove(organizationId: number) {
      await db.delete(eInvoicingConnections).where(byOrganization(organizationId))
    },

    /** The organisation's own SIREN (its legal information): the directory is read by it. */
    async organizationSiren(organizationId: number): Promise<string | null> {
      const [row] = await db
        .select({ siren: organizations.registrySiren })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
      return row?.siren?.replace(/\s+/g, '') || null
    },
  }
}

/** What the directory needs to know of a contact: its SIREN, its type, whether it is a customer. */
export async function findDirectoryContact(db: DbOrTx, organizationId: number, contactId: number) {
  const [row] = await db
    .select({
      siren: contacts.registrySiren,
      contactTypeId: contacts.contactTypeId,
      isCustomer: contacts.isCustomer,
    })
    .from(contacts)
    .where(and(eq(contacts.organizationId, organizationId), eq(contacts.id, contactId)))
  return row
}

export async function upsertDirectoryAnswer(
  db: DbOrTx,
  key: { organizationId: number; contactId: number; siren: string },
  answer: { reachable: boolean; address: string | null; platform: string | null },
  checkedAt: string,
) {
  const values = { ...key, ...answer, checkedAt }
  await db
    .insert(contactEInvoicing)
    .values(values)
    .onConflictDoUpdate({
      target: [contactEInvoicing.organizationId, contactEInvoicing.contactId],
      set: { siren: key.siren, ...answer, checkedAt },
    })
}

export async function deleteDirectoryAnswer(db: DbOrTx, organizationId: number, contactId: number) {
  await db
    .delete(contactEInvoicing)
    .where(and(eq(contactEInvoicing.organizationId, organizationId), eq(contactEInvoicing.contactId, contactId)))
}

/** The answer kept for the contact, `fresh` when checked less than `maxAgeDays` before `now`. */
export async function findDirectoryAnswer(
  db: DbOrTx,
  organizationId: number,
  contactId: number,
  now: string,
  maxAgeDays: number,
) {
  const [kept] = await db
    .select({
      siren: contactEInvoicing.siren,
      reachable: contactEInvoicing.reachable,
      address: contactEInvoicing.address,
      fresh: sql<boolean>`${contactEInvoicing.checkedAt} > ${now}::timestamptz - make_interval(days => ${maxAgeDays})`,
    })
    .from(contactEInvoicing)
    .where(and(eq(contactEInvoicing.organizationId, organizationId), eq(contactEInvoicing.contactId, contactId)))
  return kept
}
