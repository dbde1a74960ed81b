import { sql } from 'drizzle-orm'
import { bigint, boolean, date, foreignKey, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { instant } from './columns'
import { organizations } from './organizations'
import { contactTypes, legalForms, sectors } from './reference'

/**
 * Customers and suppliers (one row may be both). sort_key is the name folded by @app/domain's searchKey (lower case,
 * no accents) and compared in the "C" collation, so the order is the same on PostgreSQL 15 and PGlite; search_text
 * folds the name, e-mail and SIREN for the trigram search. Addresses live in `addresses` (addressable_type 'contact').
 */
export const contacts = pgTable(
  'contacts',
  {
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    contactTypeId: integer('contact_type_id')
      .notNull()
      .references(() => contactTypes.id),
    name: text('name').notNull(),
    isCustomer: boolean('is_customer').notNull().default(false),
    isSupplier: boolean('is_supplier').notNull().default(false),
    registrySiren: text('registry_siren'),
    registryName: text('registry_name'),
    registryApe: text('registry_ape'),
    registryDate: date('registry_date', { mode: 'string' }),
    intracommunityTaxNumber: text('intracommunity_tax_number'),
    legalFormId: integer('legal_form_id').references(() => legalForms.id),
    sectorId: integer('sector_id').references(() => sectors.id),
    email: text('email'),
    phoneMobile: text('phone_mobile'),
    phoneOffice: text('phone_office'),
    url: text('url'),
    sortKey: text('sort_key').notNull(),
    searchText: text('search_text').notNull(),
    createdAt: instant('created_at').notNull().default(sql`now()`),
    updatedAt: instant('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('contacts_sort_idx').on(t.organizationId, sql`${t.sortKey} collate "C"`, t.id),
    index('contacts_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
)

/** The people of a business customer or supplier ("sub-contacts"), always in the contact's organisation. */
export const contactPersons = pgTable(
  'contact_persons',
  {
    organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    contactId: bigint('contact_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phoneMobile: text('phone_mobile'),
    phoneOffice: text('phone_office'),
    position: text('position'),
    createdAt: instant('created_at').notNull().default(sql`now()`),
    updatedAt: instant('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'contact_persons_contact_fk',
      columns: [t.organizationId, t.contactId],
      foreignColumns: [contacts.organizationId, contacts.id],
    }).onDelete('cascade'),
    index('contact_persons_contact_idx').on(t.organizationId, t.contactId),
  ],
)
