import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { instant } from './columns'
import { organizations } from './organizations'
import { taxRates, taxTypes } from './reference'

/**
 * Accounting categories (spec/money.md §3 Accounting entry), in one table so that every category has one id and every
 * allocation, item and rule one foreign key:
 * - the general categories ("Catégories générales", organization_id null): folders (code "0"), the PCG classes 6 and
 *   7, fixed assets, treasury and third-party accounts, the holding account 471000; seeded with fixed ids below
 *   100000, shared by every organisation, never edited;
 * - an organisation's own categories ("Catégories personnalisées", organization_id set), ids from 100000.
 * Queries read `organization_id is null or organization_id = current` (decision 0020). A child uses its parent's tax
 * type or ns.
 */
export const accountingEntries = pgTable(
  'accounting_entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 100000 }),
    organizationId: bigint('organization_id', { mode: 'number' }).references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    parentId: integer('parent_id').references((): AnyPgColumn => accountingEntries.id),
    /** PCG account number, or "0" for a folder. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    hint: text('hint'),
    /** Comma-separated search words. */
    keywords: text('keywords'),
    taxTypeId: integer('tax_type_id')
      .notNull()
      .references(() => taxTypes.id),
    taxRateId: integer('tax_rate_id')
      .notNull()
      .references(() => taxRates.id),
    isExp: boolean('is_exp').notNull().default(false),
    isCash: boolean('is_cash').notNull().default(false),
    isSale: boolean('is_sale').notNull().default(false),
    isParent: boolean('is_parent').notNull().default(false),
    /** False for accounts that bank transactions never use (depreciation, stock variation…): hidden in pickers. */
    isDisplayed: boolean('is_displayed').notNull().default(true),
    /** Marked as a favourite for small organisations by the PCG source. */
    isCommon: boolean('is_common').notNull().default(false),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('accounting_entries_general_code_unique')
      .on(t.code)
      .where(sql`${t.organizationId} is null and ${t.code} <> '0'`),
    index('accounting_entries_parent_idx').on(t.parentId),
    index('accounting_entries_organization_idx').on(t.organizationId),
  ],
)

/**
 * Categories an organisation switched off (spec/money.md §4 "Accounting entry": active or inactive): gone from the
 * pickers, kept by the allocations, items and rules that use them. General categories are shared, so their state is
 * the organisation's, here; the organisation's own categories use the same table for one rule everywhere.
 */
export const accountingEntryDeactivations = pgTable(
  'accounting_entry_deactivations',
  {
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    accountingEntryId: integer('accounting_entry_id')
      .notNull()
      .references(() => accountingEntries.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.accountingEntryId] })],
)
