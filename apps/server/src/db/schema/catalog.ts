import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { accountingEntries } from './categories'
import { instant } from './columns'
import { organizations } from './organizations'
import { itemTypes, taxes, units } from './reference'

/**
 * Catalogue items. The amount is stored as entered, with its price rule (HT or TTC, decision 0009). The category is a
 * general category or one of the organisation's own (schema/categories.ts, decision 0020).
 */
export const items = pgTable(
  'items',
  {
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    reference: text('reference').notNull(),
    description: text('description'),
    amount: numeric('amount', { precision: 18, scale: 6 }).notNull(),
    priceRule: text('price_rule').notNull().default('HT'),
    itemTypeId: integer('item_type_id')
      .notNull()
      .references(() => itemTypes.id),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    accountingEntryId: integer('accounting_entry_id')
      .notNull()
      .references(() => accountingEntries.id),
    taxId: integer('tax_id').references(() => taxes.id),
    imagePath: text('image_path'),
    sortKey: text('sort_key').notNull(),
    searchText: text('search_text').notNull(),
    createdAt: instant('created_at').notNull().default(sql`now()`),
    updatedAt: instant('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    check('items_price_rule_check', sql`${t.priceRule} in ('HT', 'TTC')`),
    index('items_sort_idx').on(t.organizationId, sql`${t.sortKey} collate "C"`, t.id),
    index('items_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
)
