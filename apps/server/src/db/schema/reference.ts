import { boolean, date, index, integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core'

/**
 * Reference data: global rows with the spec's fixed ids, seeded by migrations (see migrations/*_seed_reference.sql,
 * written by scripts/generate-reference-seed.ts from src/db/reference-data/). Ids are given explicitly in the seed,
 * never generated, so that "France = 71" holds on every install. The ids the code relies on are exported by
 * @app/domain (packages/domain/src/reference/ids.ts). No tenant data here: organisation-specific choices (custom
 * categories, disabled categories, active payment modes…) live in tenant tables that reference these rows.
 */

/** ISO 3166-1. Ids follow the French alphabetical order of the ISO names, which puts France at 71 (see the generator). */
export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  /** ISO alpha-2 code, e.g. FR. */
  code: text('code').notNull().unique(),
  alpha3: text('alpha3').notNull(),
  name: text('name').notNull(),
  isEu: boolean('is_eu').notNull().default(false),
})

export const currencies = pgTable('currencies', {
  id: integer('id').primaryKey(),
  /** ISO 4217 code, e.g. EUR. */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  symbol: text('symbol').notNull(),
  /** Minor-unit digits (2 for EUR, 0 for JPY). */
  decimals: integer('decimals').notNull().default(2),
})

/** 1 business, 2 individual (spec: contactTypeId 1 / 2, codes BUSINESS / PRIVATE). */
export const contactTypes = pgTable('contact_types', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
})

export const addressTypes = pgTable('address_types', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
})

export const legalForms = pgTable('legal_forms', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  inseeCode: text('insee_code'),
  /** Legal forms offered on the POP platform (micro-entrepreneurs and sole traders). */
  isPop: boolean('is_pop').notNull().default(false),
  /** Grouping used by the app: EI, PL, ME (individual) or SO (company). */
  type: text('type').notNull(),
})

/** Activity sectors offered at sign-up: the 21 sections (A–U) of NAF rév. 2. */
export const sectors = pgTable('sectors', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
})

/** NAF rév. 2 divisions (2 digits), to derive the sector from an APE code such as 62.01Z. */
export const nafDivisions = pgTable('naf_divisions', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  sectorId: integer('sector_id')
    .notNull()
    .references(() => sectors.id),
})

export const taxRegimes = pgTable('tax_regimes', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** True for the franchise en base (FREE): no VAT is charged, invoices carry the art. 293 B mention. */
  isTaxFree: boolean('is_tax_free').notNull().default(false),
})

export const taxAreas = pgTable('tax_areas', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** False where French VAT does not apply (Guyane, Mayotte, organisations established abroad). */
  hasVat: boolean('has_vat').notNull().default(true),
})

/** What a VAT amount is about: sales (collected), goods and services or fixed assets (deductible), or ns (non soumis). */
export const taxTypes = pgTable('tax_types', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
})

/** The kind of rate (normal, intermediate, reduced…, NUL for no VAT); the percentage depends on the tax area. */
export const taxRates = pgTable('tax_rates', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
})

/** A concrete VAT: type × rate × area, with its percentage and its account (44571, 44566, 44562). */
export const taxes = pgTable(
  'taxes',
  {
    id: integer('id').primaryKey(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    /** Percentage, e.g. 20.00 or 5.50. */
    amount: numeric('amount', { precision: 5, scale: 2 }).notNull(),
    isCollected: boolean('is_collected').notNull(),
    taxTypeId: integer('tax_type_id')
      .notNull()
      .references(() => taxTypes.id),
    taxRateId: integer('tax_rate_id')
      .notNull()
      .references(() => taxRates.id),
    /** Null: the tax applies in every area (no VAT, 0 % exempt). */
    taxAreaId: integer('tax_area_id').references(() => taxAreas.id),
    /** General-ledger account of the VAT amount; null when there is no VAT amount. */
    accountCode: text('account_code'),
    /** Line of the CA3 return (3310-CA3-SD) the base or the deductible VAT goes to, where known. */
    ca3Box: text('ca3_box'),
    description: text('description'),
    legalBasis: text('legal_basis'),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
  },
  (t) => [index('taxes_lookup_idx').on(t.taxTypeId, t.taxRateId, t.taxAreaId)],
)

/** Line units; id 1 is the default. uneceCode is the UN/ECE Rec. 20 code that Factur-X requires. */
export const units = pgTable('units', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
  uneceCode: text('unece_code').notNull(),
})

/** Durations offered for invoice payment limits and quote validity. */
export const periods = pgTable('periods', {
  id: integer('id').primaryKey(),
  days: integer('days').notNull(),
  name: text('name').notNull(),
  forQuotes: boolean('for_quotes').notNull(),
  forInvoices: boolean('for_invoices').notNull(),
})

/** A function, not a shared object: drizzle binds column builders to the table they first appear in. */
const stateColumns = () => ({
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** Badge colour (Mantine colour name). */
  color: text('color').notNull(),
  position: integer('position').notNull(),
})

export const quoteStates = pgTable('quote_states', stateColumns())
export const invoiceStates = pgTable('invoice_states', stateColumns())
export const receiptStates = pgTable('receipt_states', stateColumns())

/** Receipt (and entry) types: INVOICE, EXPENSES, CASH. */
export const receiptTypes = pgTable('receipt_types', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
})

export const paymentModes = pgTable('payment_modes', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** UNTDID 4461 payment means code for Factur-X (58 SEPA transfer, 48 card, 20 cheque, 10 cash…). */
  untdidCode: text('untdid_code').notNull(),
  /** Whether a new organisation starts with this mode active. */
  isActiveByDefault: boolean('is_active_by_default').notNull().default(false),
})

/** Catalogue item types: PRO (product), SER (service). */
export const itemTypes = pgTable('item_types', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
})

/** Journal types: BQ bank, CC associate current account, EX operator account, CAI cash, ES cash sales. */
export const journalTypes = pgTable('journal_types', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** Default general-ledger account of journals of this type (512, 455, 108, 530). */
  accountCode: text('account_code').notNull(),
})

/** Operators of assignment-rule conditions. valueType says which targets they apply to. */
export const conditionFunctions = pgTable('condition_functions', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  valueType: text('value_type').notNull(),
})

/** What an assignment-rule condition looks at (the label, the raw bank label, the amount). */
export const conditionTargets = pgTable('condition_targets', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  valueType: text('value_type').notNull(),
})

/** Fonts offered for documents; the PDF renderer must embed each one. */
export const fonts = pgTable('fonts', {
  id: integer('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
})

/** The full plan comptable général (classes 1–7), for account labels in exports (FEC) and code checks. */
export const pcgAccounts = pgTable('pcg_accounts', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  class: integer('class').notNull(),
  parentCode: text('parent_code'),
  /** Actif, Passif, Actif ou passif, Charge, Produit. */
  position: text('position').notNull(),
})

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  label: text('label').notNull(),
})

export const plans = pgTable('plans', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  price: numeric('price', { precision: 15, scale: 2 }).notNull(),
  isMonthly: boolean('is_monthly').notNull(),
  maxCollaborators: integer('max_collaborators').notNull(),
  features: jsonb('features').$type<string[]>().notNull(),
  validFrom: date('valid_from', { mode: 'string' }),
})

/** Dated thresholds: VAT franchise en base (base and tolerance) and micro-enterprise turnover ceilings. */
export const thresholds = pgTable('thresholds', {
  id: integer('id').primaryKey(),
  /** vat_franchise_base, vat_franchise_tolerance or micro_ceiling. */
  kind: text('kind').notNull(),
  /** AC (sales, accommodation), SERV (services), ART_SPECIAL / ART_OTHER (avocats, auteurs, artistes), MEUBLE. */
  activityCode: text('activity_code').notNull(),
  activity: text('activity').notNull(),
  amount: numeric('amount', { precision: 15, scale: 2 }).notNull(),
  validFrom: date('valid_from', { mode: 'string' }).notNull(),
  validTo: date('valid_to', { mode: 'string' }),
  evaluation: text('evaluation').notNull(),
  legalBasis: text('legal_basis').notNull(),
  /** high or medium, as the source file rates it. */
  confidence: text('confidence').notNull(),
})
