import { fileURLToPath } from 'node:url'
import {
  COUNTRY_FRANCE_CODE,
  COUNTRY_FRANCE_ID,
  LEGAL_FORM_IDS,
  type LegalFormType,
  SECTOR_IDS,
  TAX_AREA_IDS,
  TAX_ID_BLOCKS,
  TAX_IDS,
  TAX_RATE_IDS,
  TAX_TYPE_IDS,
  type TaxAreaCode,
  type TaxRateCode,
  type TaxTypeCode,
} from '@app/domain'
import * as accounting from './accounting'
import { readCsv } from './csv'
import * as lists from './lists'

/**
 * Builds the seed of the reference tables (SQL for a drizzle custom migration) from the CSV files of this folder,
 * copied from the project's sourced data (see README.md), and from lists.ts / accounting.ts. Every id is explicit.
 * Pure apart from reading the CSV files: scripts/generate-reference-seed.ts writes the result, a test compares it
 * with the committed migration.
 */

const dataDir = fileURLToPath(new URL('.', import.meta.url))
const csv = <K extends string>(file: string, columns: readonly K[]) => readCsv(`${dataDir}${file}`, columns)

type Value = string | number | boolean | null | string[]
type Row = Record<string, Value>
export type TableSeed = { table: string; rows: Row[] }

function fail(message: string): never {
  throw new Error(`reference seed: ${message}`)
}

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

// VAT ---------------------------------------------------------------------------------------------------------------

/**
 * One slot per (area, rate), each repeated in the blocks of TAX_ID_BLOCKS: vt (collected), bs and im (deductible).
 * area null: the tax applies in every area. csv: the vat_rates.csv row it comes from. Mainland rates also apply in
 * Corsica (the source's "France métropolitaine et Corse"), so Corsica gets them as well as its own. The source row
 * GUYANE_MAYOTTE_NA (VAT not applicable) is the NUL slot plus tax_areas.has_vat = false.
 */
const TAX_SLOTS: { key: string; csv: string | null; area: TaxAreaCode | null; rate: TaxRateCode }[] = [
  { key: 'FR_20', csv: 'FR_20', area: 'FRANCE', rate: 'NOR' },
  { key: 'FR_10', csv: 'FR_10', area: 'FRANCE', rate: 'INT' },
  { key: 'FR_5_5', csv: 'FR_5_5', area: 'FRANCE', rate: 'RED' },
  { key: 'FR_2_1', csv: 'FR_2_1', area: 'FRANCE', rate: 'SRED' },
  { key: 'EXO_0', csv: 'FR_0', area: null, rate: 'EXO' },
  { key: 'NUL', csv: null, area: null, rate: 'NUL' },
  { key: 'CO_20', csv: 'FR_20', area: 'CORSE', rate: 'NOR' },
  { key: 'CO_10', csv: 'FR_10', area: 'CORSE', rate: 'INT' },
  { key: 'CO_5_5', csv: 'FR_5_5', area: 'CORSE', rate: 'RED' },
  { key: 'CO_2_1', csv: 'FR_2_1', area: 'CORSE', rate: 'SRED' },
  { key: 'CO_13_P', csv: 'CORSE_13', area: 'CORSE', rate: 'PART' },
  { key: 'CO_10_P', csv: 'CORSE_10', area: 'CORSE', rate: 'PART' },
  { key: 'CO_2_1_P', csv: 'CORSE_2_1', area: 'CORSE', rate: 'PART' },
  { key: 'CO_0_9_P', csv: 'CORSE_0_9', area: 'CORSE', rate: 'PART' },
  { key: 'DOM_8_5', csv: 'DOM_8_5', area: 'DOM', rate: 'NOR' },
  { key: 'DOM_2_1', csv: 'DOM_2_1', area: 'DOM', rate: 'RED' },
  { key: 'DOM_1_75_P', csv: 'DOM_1_75', area: 'DOM', rate: 'PART' },
  { key: 'DOM_1_05', csv: 'DOM_1_05', area: 'DOM', rate: 'SRED' },
]
const CSV_ROWS_WITHOUT_SLOT = new Set(['GUYANE_MAYOTTE_NA'])

const AREA_SUFFIX: Record<TaxAreaCode, string> = {
  FRANCE: '',
  CORSE: ' (Corse)',
  DOM: ' (DOM)',
  GUYANE_MAYOTTE: '',
  EU: '',
  EXPORT: '',
}

/** "5.5" → "5,5 %" with a no-break space, as French typography wants. */
const percent = (rate: string) => `${rate.replace('.', ',')}\u00a0%`

function taxes(): Row[] {
  const vatRows = csv('vat_rates.csv', [
    'id',
    'rate',
    'valid_from',
    'valid_to',
    'legal_basis',
    'scope',
    'collected_account',
    'deductible_account',
    'deductible_fixed_assets_account',
    'ca3_base_box_odoo',
  ])
  const byId = new Map(vatRows.map((r) => [r.id, r]))
  for (const r of vatRows) {
    if (!TAX_SLOTS.some((s) => s.csv === r.id) && !CSV_ROWS_WITHOUT_SLOT.has(r.id)) fail(`VAT row ${r.id} unused`)
  }
  const rows: Row[] = []
  const kinds: {
    type: TaxTypeCode
    collected: boolean
    label: string
    account: 'collected_account' | 'deductible_account' | 'deductible_fixed_assets_account'
  }[] = [
    { type: 'vt', collected: true, label: 'TVA collectée', account: 'collected_account' },
    { type: 'bs', collected: false, label: 'TVA déductible', account: 'deductible_account' },
    {
      type: 'im',
      collected: false,
      label: 'TVA déductible sur immobilisations',
      account: 'deductible_fixed_assets_account',
    },
  ]
  for (const kind of kinds) {
    TAX_SLOTS.forEach((slot, index) => {
      const source = slot.csv ? (byId.get(slot.csv) ?? fail(`no VAT row ${slot.csv}`)) : null
      const amount = source ? Number(source.rate).toFixed(2) : '0.00'
      let name: string
      let ca3Box: string | null = null
      if (slot.rate === 'NUL') name = 'Pas de TVA'
      else if (slot.rate === 'EXO') name = kind.collected ? 'Exonéré ou hors champ (0\u00a0%)' : 'Exonéré (0\u00a0%)'
      else {
        const area = slot.area ? AREA_SUFFIX[slot.area] : ''
        const special = slot.rate === 'PART' ? `${area.slice(0, -1)}, taux particulier)` : area
        name = `${kind.label} ${percent(source?.rate ?? '0')}${special}`
        // CA3 (3310-CA3-SD): sales bases in the boxes Odoo tags; deductible VAT on line 19 (fixed assets) or 20.
        ca3Box = kind.type === 'vt' ? source?.ca3_base_box_odoo || null : kind.type === 'im' ? '19' : '20'
      }
      const hasAmount = slot.rate !== 'NUL' && slot.rate !== 'EXO'
      rows.push({
        id: TAX_ID_BLOCKS[kind.type] + index + 1,
        code: `${kind.type.toUpperCase()}_${slot.key}`,
        name,
        amount,
        is_collected: kind.collected,
        tax_type_id: TAX_TYPE_IDS[kind.type],
        tax_rate_id: TAX_RATE_IDS[slot.rate],
        tax_area_id: slot.area ? TAX_AREA_IDS[slot.area] : null,
        account_code: hasAmount ? source?.[kind.account] || null : null,
        ca3_box: ca3Box,
        description:
          slot.rate === 'NUL'
            ? 'Aucune TVA : franchise en base, Guyane et Mayotte, opérations hors du champ de la TVA française.'
            : slot.rate === 'EXO' && !kind.collected
              ? 'Achats exonérés ou non imposables en France : pas de TVA déductible'
              : (source?.scope ?? null),
        legal_basis: slot.rate === 'NUL' ? 'CGI art. 293 B ; CGI art. 294-1' : (source?.legal_basis ?? null),
        valid_from: source?.valid_from || null,
        valid_to: source?.valid_to || null,
      })
    })
  }
  for (const [index, collected] of [true, false].entries()) {
    rows.push({
      id: TAX_ID_BLOCKS.ns + index + 1,
      code: collected ? 'NS_COLLECTED' : 'NS_DEDUCTIBLE',
      name: 'Non soumis à la TVA',
      amount: '0.00',
      is_collected: collected,
      tax_type_id: TAX_TYPE_IDS.ns,
      tax_rate_id: TAX_RATE_IDS.NUL,
      tax_area_id: null,
      account_code: null,
      ca3_box: null,
      description: 'Opération sans TVA : salaires, cotisations, impôts, assurances, emprunts, apports…',
      legal_basis: null,
      valid_from: null,
      valid_to: null,
    })
  }
  for (const [code, id] of Object.entries(TAX_IDS)) {
    const row = rows.find((r) => r.code === code)
    if (row?.id !== id) fail(`tax ${code} got id ${row?.id}, TAX_IDS says ${id}`)
  }
  return rows
}

// Accounting categories ---------------------------------------------------------------------------------------------

type Pcg = { code: string; name: string; class: string; parent_code: string; position: string; common: string }

function pcgRows(): Pcg[] {
  return csv('pcg.csv', ['code', 'name', 'class', 'parent_code', 'position', 'common'])
}

function pcgAccounts(pcg: Pcg[]): Row[] {
  return pcg.map((r, i) => ({
    id: i + 1,
    code: r.code,
    name: r.name,
    class: Number(r.class),
    parent_code: r.parent_code || null,
    position: r.position,
  }))
}

const longestPrefix = <T>(code: string, rules: Record<string, T>): T | undefined => {
  let best: string | undefined
  for (const prefix of Object.keys(rules)) {
    if (code.startsWith(prefix) && (best === undefined || prefix.length > best.length)) best = prefix
  }
  return best === undefined ? undefined : rules[best]
}
const hasPrefix = (code: string, prefixes: readonly string[]) => prefixes.some((p) => code.startsWith(p))

type Entry = {
  id: number
  parent_id: number | null
  code: string
  name: string
  description: string | null
  hint: string | null
  keywords: string | null
  type: TaxTypeCode
  rate: TaxRateCode
  is_exp: boolean
  is_cash: boolean
  is_sale: boolean
  is_displayed: boolean
  is_common: boolean
}

function defaultAccountingEntries(pcg: Pcg[]): Row[] {
  const byCode = new Map(pcg.map((r) => [r.code, r]))
  const entries: Entry[] = []
  const idByCode = new Map<string, number>()
  const folderByClass = new Map<string, number>()

  for (const folder of accounting.folders) {
    entries.push({
      id: folder.id,
      parent_id: null,
      code: '0',
      name: folder.name,
      description: folder.description,
      hint: null,
      keywords: null,
      type: folder.type,
      rate: folder.rate,
      is_exp: false,
      is_cash: false,
      is_sale: false,
      is_displayed: true,
      is_common: false,
    })
    if (folder.pcgClass) folderByClass.set(folder.pcgClass, folder.id)
  }

  // Classes 6 and 7, in file order (a parent always comes before its children), under their PCG parent.
  for (const pcgClass of ['6', '7'] as const) {
    let id = pcgClass === '6' ? accounting.ID_BLOCKS.class6 : accounting.ID_BLOCKS.class7
    const defaults = accounting.classDefaults[pcgClass] ?? fail(`no defaults for class ${pcgClass}`)
    for (const r of pcg) {
      if (r.class !== pcgClass || r.code === pcgClass) continue
      const parentId =
        r.parent_code === pcgClass
          ? (folderByClass.get(pcgClass) ?? fail(`no folder for class ${pcgClass}`))
          : (idByCode.get(r.parent_code) ?? fail(`${r.code}: parent ${r.parent_code} not seen yet`))
      const rule = longestPrefix(r.code, accounting.taxRules) ?? defaults
      // Labels that continue their parent's ("sur achats" under "Assurance - transport") get the parent's in front.
      const parentName = byCode.get(r.parent_code)?.name
      const name = /^\p{Ll}/u.test(r.name) && parentName ? `${parentName} ${r.name}` : r.name
      entries.push({
        id,
        parent_id: parentId,
        code: r.code,
        name,
        description: null,
        hint: null,
        keywords: accounting.keywords[r.code] ?? null,
        type: rule.type,
        rate: rule.rate,
        is_exp: pcgClass === '6' && !hasPrefix(r.code, accounting.notExpensePrefixes),
        is_cash: accounting.cashCodes.has(r.code),
        is_sale: hasPrefix(r.code, accounting.salePrefixes),
        is_displayed: !hasPrefix(r.code, accounting.hiddenPrefixes),
        is_common: r.common === '1',
      })
      idByCode.set(r.code, id)
      id++
    }
    const limit = pcgClass === '6' ? accounting.ID_BLOCKS.class7 : accounting.ID_BLOCKS.fixedAssets
    if (id > limit) fail(`class ${pcgClass} overflows its id block`)
  }

  const curated = (list: typeof accounting.fixedAssets, firstId: number, parentId: number) =>
    list.forEach((c, i) => {
      const source = byCode.get(c.code) ?? fail(`${c.code} is not in pcg.csv`)
      entries.push({
        id: firstId + i,
        parent_id: parentId,
        code: c.code,
        name: c.name ?? source.name,
        description: null,
        hint: c.hint ?? null,
        keywords: accounting.keywords[c.code] ?? null,
        type: c.type,
        rate: c.rate,
        is_exp: c.isExp,
        is_cash: accounting.cashCodes.has(c.code),
        is_sale: false,
        is_displayed: true,
        is_common: source.common === '1',
      })
    })
  curated(accounting.fixedAssets, accounting.ID_BLOCKS.fixedAssets, accounting.folders[2]?.id ?? fail('folders'))
  curated(accounting.balanceAccounts, accounting.ID_BLOCKS.balance, accounting.folders[3]?.id ?? fail('folders'))

  const h = accounting.holding
  entries.push({
    id: h.id,
    parent_id: h.parentId,
    code: h.code,
    name: h.name,
    description: "Compte 471 du plan comptable (comptes d'attente) : opérations à classer.",
    hint: h.hint,
    keywords: h.keywords,
    type: 'ns',
    rate: 'NUL',
    is_exp: false,
    is_cash: false,
    is_sale: false,
    is_displayed: true,
    is_common: false,
  })

  // Checks: unique ids and codes, parents first, a child keeps its parent's tax type or ns, ns goes with NUL.
  const byId = new Map<number, Entry>()
  const codes = new Set<string>()
  for (const e of entries) {
    if (byId.has(e.id)) fail(`duplicate accounting entry id ${e.id}`)
    byId.set(e.id, e)
    if (e.code !== '0') {
      if (codes.has(e.code)) fail(`duplicate accounting code ${e.code}`)
      codes.add(e.code)
    }
    if (e.code.length > 9) fail(`code ${e.code} longer than 9 characters`)
    if ((e.type === 'ns') !== (e.rate === 'NUL')) fail(`${e.code} ${e.name}: tax type ns goes with rate NUL only`)
  }
  for (const e of entries) {
    if (e.parent_id === null) continue
    const parent = byId.get(e.parent_id) ?? fail(`${e.code}: unknown parent ${e.parent_id}`)
    if (e.type !== parent.type && e.type !== 'ns')
      fail(`${e.code}: tax type ${e.type} under ${parent.code} (${parent.type})`)
  }
  // Folders carry a tag when one of their entries does, so that a tag filter keeps the tree.
  const childrenOf = (id: number) => entries.filter((e) => e.parent_id === id)
  const anyBelow = (id: number, tag: 'is_exp' | 'is_cash' | 'is_sale'): boolean =>
    childrenOf(id).some((c) => c[tag] || anyBelow(c.id, tag))
  for (const e of entries) {
    if (e.code !== '0') continue
    e.is_exp = anyBelow(e.id, 'is_exp')
    e.is_cash = anyBelow(e.id, 'is_cash')
    e.is_sale = anyBelow(e.id, 'is_sale')
  }

  const position = new Map<number, number>()
  const groups = new Map<number | null, Entry[]>()
  for (const e of entries) groups.set(e.parent_id, [...(groups.get(e.parent_id) ?? []), e])
  for (const siblings of groups.values()) {
    const ordered = siblings.sort((a, b) => (a.code === '0' || b.code === '0' ? a.id - b.id : a.code < b.code ? -1 : 1))
    for (const [i, e] of ordered.entries()) position.set(e.id, i + 1)
  }

  return entries
    .sort((a, b) => a.id - b.id)
    .map((e) => ({
      id: e.id,
      parent_id: e.parent_id,
      code: e.code,
      name: e.name,
      description: e.description,
      hint: e.hint,
      keywords: e.keywords,
      tax_type_id: TAX_TYPE_IDS[e.type],
      tax_rate_id: TAX_RATE_IDS[e.rate],
      is_exp: e.is_exp,
      is_cash: e.is_cash,
      is_sale: e.is_sale,
      is_parent: entries.some((c) => c.parent_id === e.id),
      is_displayed: e.is_displayed,
      is_common: e.is_common,
      position: position.get(e.id) ?? fail(`no position for ${e.id}`),
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

// Assembly ----------------------------------------------------------------------------------------------------------

const snake = (row: Record<string, unknown>): Row =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v as Value]),
  )

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
    { table: 'condition_functions', rows: lists.conditionFunctions.map(snake) },
    { table: 'condition_targets', rows: lists.conditionTargets.map(snake) },
    { table: 'fonts', rows: lists.fonts.map(snake) },
    { table: 'pcg_accounts', rows: pcgAccounts(pcg) },
    { table: 'default_accounting_entries', rows: defaultAccountingEntries(pcg) },
    { table: 'roles', rows: lists.roles.map(snake) },
    { table: 'plans', rows: lists.plans.map(snake) },
    { table: 'thresholds', rows: thresholds() },
  ]
}

// SQL ---------------------------------------------------------------------------------------------------------------

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`

function literal(value: Value): string {
  if (value === null) return 'NULL'
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) fail(`non-integer number ${value}: pass decimals as strings`)
    return String(value)
  }
  if (Array.isArray(value)) return `${quote(JSON.stringify(value))}::jsonb`
  return quote(value)
}

/** Plain INSERTs, one per table, separated by drizzle's statement breakpoints: runs on PostgreSQL 15 and PGlite. */
export function renderSeedSql(seed: TableSeed[]): string {
  const statements = seed.map(({ table, rows }) => {
    const first = rows[0] ?? fail(`${table}: no rows`)
    const columns = Object.keys(first)
    const values = rows.map((row) => {
      const keys = Object.keys(row)
      if (keys.join() !== columns.join()) fail(`${table}: row ${row.id} has columns ${keys.join()}`)
      return `\t(${columns.map((c) => literal(row[c] as Value)).join(', ')})`
    })
    return `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES\n${values.join(',\n')};`
  })
  const header = [
    '-- Reference data with fixed ids. Generated by apps/server/scripts/generate-reference-seed.ts from',
    '-- src/db/reference-data/: do not edit by hand. Once released, change reference data in a new migration.',
  ].join('\n')
  return `${header}\n${statements.join('\n--> statement-breakpoint\n')}\n`
}
