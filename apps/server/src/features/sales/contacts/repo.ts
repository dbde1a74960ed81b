import { and, asc, count, desc, eq, notInArray, or, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { compiled } from '../../../db/compiled'
import { idsLiteral, inIdsOf } from '../../../db/ids'
import {
  contactEInvoicing,
  contactPersons,
  contacts,
  contactTypes,
  legalForms,
  sectors,
} from '../../../db/schema/index'
import { containsPattern } from '../../../lib/text-search'

export type ContactRow = typeof contacts.$inferSelect
export type ContactInsert = typeof contacts.$inferInsert
export type ContactPersonRow = typeof contactPersons.$inferSelect
export type ContactValues = Omit<ContactInsert, 'organizationId' | 'id' | 'createdAt'>
export type PersonValues = {
  id: number | null
  name: string
  email: string | null
  phoneMobile: string | null
  phoneOffice: string | null
  position: string | null
}

export type ContactListOptions = {
  relation?: 'customer' | 'supplier'
  id?: number
  /** Already folded with searchKey; matched anywhere in search_text. */
  search?: string
  sort: 'name' | '-name' | 'createdAt' | '-createdAt'
  limit: number
  offset: number
}

const sortKeyC = sql`${contacts.sortKey} collate "C"`

/** The directory's answer kept for a customer (features/documents/e-invoicing), joined to the row it speaks of. */
const eInvoicingColumns = {
  reachable: contactEInvoicing.reachable,
  address: contactEInvoicing.address,
  platform: contactEInvoicing.platform,
  checkedAt: contactEInvoicing.checkedAt,
}
const eInvoicingJoin = and(
  eq(contactEInvoicing.organizationId, contacts.organizationId),
  eq(contactEInvoicing.contactId, contacts.id),
)

const typeColumns = { id: contactTypes.id, code: contactTypes.code, name: contactTypes.name }

// A contact's page reads it and its persons: their SQL built once (db/compiled.ts).
const contactOf = compiled('contact_find', (db) =>
  db
    .select({ contact: contacts, contactType: typeColumns, eInvoicing: eInvoicingColumns })
    .from(contacts)
    .innerJoin(contactTypes, eq(contactTypes.id, contacts.contactTypeId))
    .leftJoin(contactEInvoicing, eInvoicingJoin)
    .where(and(eq(contacts.organizationId, sql.placeholder('organizationId')), eq(contacts.id, sql.placeholder('id')))),
)
const personsOf = compiled('contact_persons_of', (db) =>
  db
    .select()
    .from(contactPersons)
    .where(
      and(
        eq(contactPersons.organizationId, sql.placeholder('organizationId')),
        inIdsOf(contactPersons.contactId, 'contactIds'),
      ),
    )
    .orderBy(asc(contactPersons.id)),
)

export function createContactRepo(db: DbOrTx) {
  function listConditions(organizationId: number, options: ContactListOptions): SQL | undefined {
    return and(
      eq(contacts.organizationId, organizationId),
      options.relation === 'customer' ? eq(contacts.isCustomer, true) : undefined,
      options.relation === 'supplier' ? eq(contacts.isSupplier, true) : undefined,
      options.id === undefined ? undefined : eq(contacts.id, options.id),
      options.search ? sql`${contacts.searchText} like ${containsPattern(options.search)}` : undefined,
    )
  }

  return {
    async list(organizationId: number, options: ContactListOptions) {
      const where = listConditions(organizationId, options)
      const order = {
        name: [asc(sortKeyC), asc(contacts.id)],
        '-name': [desc(sortKeyC), desc(contacts.id)],
        createdAt: [asc(contacts.createdAt), asc(contacts.id)],
        '-createdAt': [desc(contacts.createdAt), desc(contacts.id)],
      }[options.sort]
      const rows = await db
        .select({ contact: contacts, contactType: typeColumns, eInvoicing: eInvoicingColumns })
        .from(contacts)
        .innerJoin(contactTypes, eq(contactTypes.id, contacts.contactTypeId))
        .leftJoin(contactEInvoicing, eInvoicingJoin)
        .where(where)
        .orderBy(...order)
        .limit(options.limit)
        .offset(options.offset)
      const [total] = await db.select({ total: count() }).from(contacts).where(where)
      return { rows, total: total?.total ?? 0 }
    },

    async find(organizationId: number, id: number) {
      const [row] = await contactOf(db, { organizationId, id })
      return row
    },

    /** Locks the contact row for the rest of the transaction (edits and deletion of one contact are serialised). */
    async lock(organizationId: number, id: number): Promise<ContactRow | undefined> {
      const [row] = await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.organizationId, organizationId), eq(contacts.id, id)))
        .for('update')
      return row
    },

    async insert(organizationId: number, values: ContactValues & { createdAt?: string }): Promise<number> {
      const [created] = await db
        .insert(contacts)
        .values({ ...values, organizationId })
        .returning({ id: contacts.id })
      if (!created) throw new Error('contact insert returned nothing')
      return created.id
    },

    /** Many rows in one statement (seeding, imports). */
    async insertMany(organizationId: number, rows: (ContactValues & { createdAt?: string })[]) {
      if (rows.length > 0) await db.insert(contacts).values(rows.map((row) => ({ ...row, organizationId })))
    },

    /** A contact known by its SIREN or its VAT number (a received e-invoice names its seller so). */
    async findByIdentifiers(organizationId: number, identifiers: { siren: string | null; vatNumber: string | null }) {
      const conditions = [
        identifiers.siren ? eq(contacts.registrySiren, identifiers.siren) : undefined,
        identifiers.vatNumber ? eq(contacts.intracommunityTaxNumber, identifiers.vatNumber) : undefined,
      ].filter((condition) => condition !== undefined)
      if (conditions.length === 0) return null
      const [row] = await db
        .select({ id: contacts.id, isSupplier: contacts.isSupplier })
        .from(contacts)
        .where(and(eq(contacts.organizationId, organizationId), or(...conditions)))
        .orderBy(asc(contacts.id))
        .limit(1)
      return row ?? null
    },

    async update(organizationId: number, id: number, values: Partial<ContactValues>) {
      await db
        .update(contacts)
        .set(values)
        .where(and(eq(contacts.organizationId, organizationId), eq(contacts.id, id)))
    },

    async delete(organizationId: number, id: number): Promise<boolean> {
      const deleted = await db
        .delete(contacts)
        .where(and(eq(contacts.organizationId, organizationId), eq(contacts.id, id)))
        .returning({ id: contacts.id })
      return deleted.length > 0
    },

    listPersons(organizationId: number, contactIds: number[]) {
      if (contactIds.length === 0) return Promise.resolve([] as ContactPersonRow[])
      return personsOf(db, { organizationId, contactIds: idsLiteral(contactIds) })
    },

    /** The contact's persons become `persons`: rows with a known id are updated, others inserted, the rest removed. */
    async replacePersons(organizationId: number, contactId: number, persons: PersonValues[], now: string) {
      const ofContact = and(eq(contactPersons.organizationId, organizationId), eq(contactPersons.contactId, contactId))
      const existing = new Set(
        (await db.select({ id: contactPersons.id }).from(contactPersons).where(ofContact)).map((row) => row.id),
      )
      const kept = persons.filter((person) => person.id !== null && existing.has(person.id)).map((p) => p.id as number)
      await db
        .delete(contactPersons)
        .where(and(ofContact, kept.length ? notInArray(contactPersons.id, kept) : undefined))
      for (const { id, ...person } of persons) {
        if (id !== null && existing.has(id)) {
          await db
            .update(contactPersons)
            .set({ ...person, updatedAt: now })
            .where(and(ofContact, eq(contactPersons.id, id)))
        } else {
          await db
            .insert(contactPersons)
            .values({ ...person, organizationId, contactId, createdAt: now, updatedAt: now })
        }
      }
    },

    async referencesExist(ids: { legalFormId: number | null; sectorId: number | null }) {
      const legalForm =
        ids.legalFormId === null ||
        (await db.select({ id: legalForms.id }).from(legalForms).where(eq(legalForms.id, ids.legalFormId))).length > 0
      const sector =
        ids.sectorId === null ||
        (await db.select({ id: sectors.id }).from(sectors).where(eq(sectors.id, ids.sectorId))).length > 0
      return { legalFormId: legalForm, sectorId: sector }
    },
  }
}
export type ContactRepo = ReturnType<typeof createContactRepo>
