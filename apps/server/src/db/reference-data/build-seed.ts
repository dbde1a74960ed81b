import { COUNTRY_FRANCE_CODE, COUNTRY_FRANCE_ID, LEGAL_FORM_IDS, type LegalFormType, SECTOR_IDS } from '@app/domain'
import { globalRuleSources } from './global-rules'
import * as lists from './lists'
import { defaultAccountingEntries, pcgAccounts, pcgRows } from './seed-accounting'

import { csv, fail, type Row, snake, type TableSeed } from './seed-common'
import { taxes } from './seed-taxes'

export { renderSeedSql } from './render-sql'
export type { TableSeed }

/**
 * Builds the seed of the reference tables (SQL for a drizzle custom migration) from the CSV files of this folder,
 * copied from the project's sourced data (see README.md), and from lists.ts / accounting.ts. Every id is explicit.
 * Pure apart from reading the CSV files: scripts/generate-reference-seed.ts writes the result, a test compares it
 * with the committed migration.
 */
// Countries ---------------------------------------------------------------------------------------------------------

/**
 * Ids: 1..249 in French alphabetical order (Intl.Collator 'fr', accents and case ignored) of the ISO name as the
 * source gives it (name_fr_common, else name_fr, e.g. "Réunion, Île de la" sorts under R). That order puts France at
 * 71, the id the spec fixes; the build fails if it ever does not. The stored name is the natural form
 * (countryNameOverrides), which does not change the ids.
 */
function countries(): Row[] {
  const rows = csv('countries.csv', ['alpha2', 'alpha3', 'name_fr', 'name_fr_common', 'eu_member'])
  const collator = new Intl.Collator('fr', { sensitivity: 'base' })
  const sortName = (r: (typeof rows)[number]) => r.name_fr_common || r.name_fr
  const sorted = [...rows].sort(
    (a, b) => collator.compare(sortName(a), sortName(b)) || a.alpha2.localeCompare(b.alpha2),
  )
  const result = sorted.map((r, i) => ({
    id: i + 1,
    code: r.alpha2,
    alpha3: r.alpha3,
    name: lists.countryNameOverrides[r.alpha2] ?? sortName(r),
    is_eu: r.eu_member === 'yes',
  }))
  const france = result.find((r) => r.code === COUNTRY_FRANCE_CODE)
  if (france?.id !== COUNTRY_FRANCE_ID) fail(`France got id ${france?.id}, expected ${COUNTRY_FRANCE_ID}`)
  if (result.length !== 249) fail(`${result.length} countries, expected 249`)
  return result
}

// Organisations -----------------------------------------------------------------------------------------------------

const LEGAL_FORM_TYPE_BY_CODE: Record<string, LegalFormType> = { EI: 'EI', EIRL: 'EI', PL: 'PL', ME: 'ME' }

function legalForms(): Row[] {
  const rows = csv('legal_forms.csv', ['short_code', 'name', 'insee_code'])
  const ids: Record<string, number> = LEGAL_FORM_IDS
  if (rows.length !== Object.keys(ids).length) fail('legal_forms.csv and LEGAL_FORM_IDS differ')
  return rows.map((r) => {
    const type = LEGAL_FORM_TYPE_BY_CODE[r.short_code] ?? 'SO'
    return {
      id: ids[r.short_code] ?? fail(`legal form ${r.short_code} has no id in LEGAL_FORM_IDS`),
      code: r.short_code,
      name: r.name,
      insee_code: r.insee_code || null,
      is_pop: type !== 'SO',
      type,
    }
  })
}

const sectorIds: Record<string, number> = SECTOR_IDS

function sectors(): Row[] {
  const rows = csv('naf_sections.csv', ['code', 'name_sentence_case'])
  if (rows.length !== Object.keys(sectorIds).length) fail('naf_sections.csv and SECTOR_IDS differ')
  return rows.map((r) => ({
    id: sectorIds[r.code] ?? fail(`sector ${r.code} has no id`),
    code: r.code,
    name: r.name_sentence_case,
  }))
}

/** Ids 1..88 in the order of the file (division code order). */
function nafDivisions(): Row[] {
  return csv('naf_divisions.csv', ['code', 'name', 'section']).map((r, i) => ({
    id: i + 1,
    code: r.code,
    name: r.name,
    sector_id: sectorIds[r.section] ?? fail(`division ${r.code}: unknown section ${r.section}`),
  }))
}
// Thresholds --------------------------------------------------------------------------------------------------------

/** The source's activity labels, mapped to the codes the alerts use (AC commerce, SERV services, spec/account.md). */
function thresholdActivityCode(activity: string): string {
  if (activity.startsWith('avocats, auteurs, artistes-interprètes : opérations particulières')) return 'ART_SPECIAL'
  if (activity.startsWith('avocats, auteurs, artistes-interprètes : autres opérations')) return 'ART_OTHER'
  if (activity.startsWith('meublés de tourisme non classés')) return 'MEUBLE'
  if (activity.startsWith('ventes')) return 'AC'
  if (activity.startsWith('prestations de services')) return 'SERV'
  return fail(`threshold activity not mapped: ${activity}`)
}

function thresholds(): Row[] {
  const rows = csv('thresholds.csv', [
    'kind',
    'activity',
    'amount_eur',
    'valid_from',
    'valid_to',
    'evaluation',
    'legal_basis',
    'confidence',
  ])
  return rows.map((r, i) => ({
    id: i + 1,
    kind: r.kind,
    activity_code: thresholdActivityCode(r.activity),
    activity: r.activity,
    amount: Number(r.amount_eur).toFixed(2),
    valid_from: r.valid_from || fail(`threshold ${i + 1} has no start date`),
    valid_to: r.valid_to || null,
    evaluation: r.evaluation,
    legal_basis: r.legal_basis,
    confidence: r.confidence,
  }))
}
/** The platform's rules to adopt, their category found by account among the general categories. */
function globalRules(pcg: ReturnType<typeof pcgRows>): Row[] {
  const entries = defaultAccountingEntries(pcg)
  return globalRuleSources.map((rule, index) => {
    const entry = entries.find((row) => row.code === rule.accountCode)
    if (!entry) throw new Error(`global rule ${rule.name}: no general category ${rule.accountCode}`)
    return {
      id: rule.id,
      name: rule.name,
      description: rule.description,
      accounting_entry_id: entry.id as number,
      conditions: rule.conditions as unknown as Record<string, unknown>[],
      credit_only: rule.creditOnly ?? false,
      debit_only: rule.debitOnly ?? false,
      has_no_receipt: rule.hasNoReceipt ?? false,
      position: index + 1,
    }
  })
}

/**
 * Rows of lists that grew after the first seed (0002) was released: the first seed keeps what it had, each addition
 * is inserted by its own custom migration (migrations run once).
 */
const FIRST_RELEASE_MAX_ID: Partial<Record<string, number>> = { condition_functions: 7, condition_targets: 3 }

const firstRelease = (table: string, rows: { id: number }[]) =>
  rows.filter((row) => row.id <= (FIRST_RELEASE_MAX_ID[table] ?? Number.POSITIVE_INFINITY)).map(snake)

/** Reference rows added after the first release, by the custom migration that inserts them (file name ending). */
export function buildReferenceAdditions(): { migration: string; seed: TableSeed[] }[] {
  const pcg = pcgRows()
  const later = (table: string, rows: { id: number }[]) =>
    rows.filter((row) => row.id > (FIRST_RELEASE_MAX_ID[table] ?? 0)).map(snake)
  return [
    {
      migration: '_rules_reference.sql',
      seed: [
        { table: 'condition_functions', rows: later('condition_functions', lists.conditionFunctions) },
        { table: 'condition_targets', rows: later('condition_targets', lists.conditionTargets) },
        { table: 'global_rules', rows: globalRules(pcg) },
      ],
    },
  ]
}

// Assembly ----------------------------------------------------------------------------------------------------------

/** The tables in insertion order (a table comes after those it references). */
export function buildReferenceSeed(): TableSeed[] {
  const pcg = pcgRows()
  const states = <T extends { id: number }>(rows: T[]) => rows.map((r, i) => snake({ ...r, position: i + 1 }))
  return [
    { table: 'countries', rows: countries() },
    { table: 'currencies', rows: lists.currencies.map(snake) },
    { table: 'contact_types', rows: lists.contactTypes.map(snake) },
    { table: 'address_types', rows: lists.addressTypes.map(snake) },
    { table: 'legal_forms', rows: legalForms() },
    { table: 'sectors', rows: sectors() },
    { table: 'naf_divisions', rows: nafDivisions() },
    { table: 'tax_regimes', rows: lists.taxRegimes.map(snake) },
    { table: 'tax_areas', rows: lists.taxAreas.map(snake) },
    { table: 'tax_types', rows: lists.taxTypes.map(snake) },
    { table: 'tax_rates', rows: lists.taxRates.map(snake) },
    { table: 'taxes', rows: taxes() },
    { table: 'units', rows: lists.units.map(snake) },
    { table: 'periods', rows: lists.periods.map(snake) },
    { table: 'quote_states', rows: states(lists.quoteStates) },
    { table: 'invoice_states', rows: states(lists.invoiceStates) },
    { table: 'receipt_states', rows: states(lists.receiptStates) },
    { table: 'receipt_types', rows: lists.receiptTypes.map(snake) },
    { table: 'payment_modes', rows: lists.paymentModes.map(snake) },
    { table: 'item_types', rows: lists.itemTypes.map(snake) },
    { table: 'journal_types', rows: lists.journalTypes.map(snake) },
    { table: 'condition_functions', rows: firstRelease('condition_functions', lists.conditionFunctions) },
    { table: 'condition_targets', rows: firstRelease('condition_targets', lists.conditionTargets) },
    { table: 'fonts', rows: lists.fonts.map(snake) },
    { table: 'pcg_accounts', rows: pcgAccounts(pcg) },
    { table: 'default_accounting_entries', rows: defaultAccountingEntries(pcg) },
    { table: 'roles', rows: lists.roles.map(snake) },
    { table: 'plans', rows: lists.plans.map(snake) },
    { table: 'thresholds', rows: thresholds() },
  ]
}
