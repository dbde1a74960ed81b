import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  ACCOUNTING_FOLDER_CODE,
  ACCOUNTING_HOLDING_CODE,
  ADDRESS_TYPE_IDS,
  CONTACT_TYPE_BUSINESS_ID,
  CONTACT_TYPE_INDIVIDUAL_ID,
  COUNTRY_FRANCE_ID,
  CURRENCY_EUR_ID,
  DEFAULT_ACCOUNTING_ENTRY_IDS,
  INVOICE_STATE_IDS,
  LEGAL_FORM_IDS,
  PLAN_IDS,
  QUOTE_STATE_IDS,
  ROLE_IDS,
  TAX_IDS,
  UNIT_DEFAULT_ID,
} from '@app/domain'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../src/db/client'
import { migrationsFolder } from '../src/db/migrate'
import { buildReferenceAdditions, buildReferenceSeed, renderSeedSql } from '../src/db/reference-data/build-seed'
import { openTestDatabase } from './helpers'

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(async () => {
  await database.close()
})

const rows = async <T>(query: string) => (await database.db.execute(sql.raw(query))).rows as T[]
const codeOf = async (table: string, id: number) =>
  (await rows<{ code: string }>(`select code from "${table}" where id = ${id}`))[0]?.code

describe('reference data seeded by the migrations', () => {
  it('is the seed the sources give (run scripts/generate-reference-seed.ts after changing them)', () => {
    const file = readdirSync(migrationsFolder).find((name) => name.endsWith('_seed_reference.sql'))
    expect(file).toBeDefined()
    expect(readFileSync(join(migrationsFolder, file as string), 'utf8')).toBe(renderSeedSql(buildReferenceSeed()))
  })

  it('adds the later reference rows by their own migrations', () => {
    for (const { migration, seed } of buildReferenceAdditions()) {
      const file = readdirSync(migrationsFolder).find((name) => name.endsWith(migration))
      expect(file, migration).toBeDefined()
      expect(readFileSync(join(migrationsFolder, file as string), 'utf8')).toBe(renderSeedSql(seed))
    }
  })

  it('holds every row of the seed and of the later additions', async () => {
    const expected = new Map<string, number>()
    const seeds = [buildReferenceSeed(), ...buildReferenceAdditions().map((addition) => addition.seed)]
    for (const { table, rows: seeded } of seeds.flat()) expected.set(table, (expected.get(table) ?? 0) + seeded.length)
    for (const [table, n] of expected) {
      // The general categories were seeded before their table took the organisations' own categories too.
      const from =
        table === 'default_accounting_entries' ? 'accounting_entries where organization_id is null' : `"${table}"`
      const [count] = await rows<{ n: number }>(`select count(*)::int as n from ${from}`)
      expect({ table, n: count?.n }).toEqual({ table, n })
    }
  })

  it('keeps the fixed ids of the spec', async () => {
    expect(await codeOf('countries', COUNTRY_FRANCE_ID)).toBe('FR')
    expect(await codeOf('currencies', CURRENCY_EUR_ID)).toBe('EUR')
    expect(await codeOf('contact_types', CONTACT_TYPE_BUSINESS_ID)).toBe('BUSINESS')
    expect(await codeOf('contact_types', CONTACT_TYPE_INDIVIDUAL_ID)).toBe('PRIVATE')
    expect(await codeOf('units', UNIT_DEFAULT_ID)).toBe('unit')
    const maps: [string, Record<string, number>][] = [
      ['address_types', ADDRESS_TYPE_IDS],
      ['legal_forms', LEGAL_FORM_IDS],
      ['roles', ROLE_IDS],
      ['plans', PLAN_IDS],
      ['quote_states', QUOTE_STATE_IDS],
      ['invoice_states', INVOICE_STATE_IDS],
      ['taxes', TAX_IDS],
    ]
    for (const [table, ids] of maps) {
      for (const [code, id] of Object.entries(ids))
        expect({ table, id, code: await codeOf(table, id) }).toEqual({ table, id, code })
    }
  })

  it('gives legal forms their grouping and POP flag', async () => {
    const forms = await rows<{ code: string; type: string; is_pop: boolean }>(
      'select code, type, is_pop from legal_forms',
    )
    const byCode = new Map(forms.map((f) => [f.code, f]))
    expect(byCode.get('EI')).toMatchObject({ type: 'EI', is_pop: true })
    expect(byCode.get('EIRL')).toMatchObject({ type: 'EI', is_pop: true })
    expect(byCode.get('ME')).toMatchObject({ type: 'ME', is_pop: true })
    expect(byCode.get('PL')).toMatchObject({ type: 'PL', is_pop: true })
    expect(byCode.get('SASU')).toMatchObject({ type: 'SO', is_pop: false })
  })

  it('ties each tax to its account and the categories to a tax type and rate', async () => {
    const taxes = await rows<{ code: string; amount: string; account_code: string | null }>(
      `select code, amount, account_code from taxes where id in (${TAX_IDS.VT_FR_20}, ${TAX_IDS.BS_FR_20}, ${TAX_IDS.IM_FR_20}, ${TAX_IDS.VT_NUL}) order by id`,
    )
    expect(taxes).toEqual([
      { code: 'VT_FR_20', amount: '20.00', account_code: '44571' },
      { code: 'VT_NUL', amount: '0.00', account_code: null },
      { code: 'BS_FR_20', amount: '20.00', account_code: '44566' },
      { code: 'IM_FR_20', amount: '20.00', account_code: '44562' },
    ])
    const [holding] = await rows<{ id: number; code: string; tax_type: string; tax_rate: string }>(
      `select e.id, e.code, tt.code as tax_type, tr.code as tax_rate from accounting_entries e
       join tax_types tt on tt.id = e.tax_type_id join tax_rates tr on tr.id = e.tax_rate_id where e.code = '${ACCOUNTING_HOLDING_CODE}'`,
    )
    expect(holding).toEqual({
      id: DEFAULT_ACCOUNTING_ENTRY_IDS.HOLDING,
      code: '471000',
      tax_type: 'ns',
      tax_rate: 'NUL',
    })
    const sales = await rows<{ code: string; is_sale: boolean; tax_type: string }>(
      `select e.code, e.is_sale, tt.code as tax_type from accounting_entries e join tax_types tt on tt.id = e.tax_type_id
       where e.code in ('701', '706', '707', '708') order by e.code`,
    )
    expect(sales.map((s) => [s.code, s.is_sale, s.tax_type])).toEqual([
      ['701', true, 'vt'],
      ['706', true, 'vt'],
      ['707', true, 'vt'],
      ['708', true, 'vt'],
    ])
    const folders = await rows<{ n: number }>(
      `select count(*)::int as n from accounting_entries where code = '${ACCOUNTING_FOLDER_CODE}' and parent_id is null`,
    )
    expect(folders[0]?.n).toBe(4)
    // A child keeps its parent's tax type, or ns.
    const wrong = await rows(
      `select c.code from accounting_entries c join accounting_entries p on p.id = c.parent_id
       join tax_types t on t.id = c.tax_type_id where c.tax_type_id <> p.tax_type_id and t.code <> 'ns'`,
    )
    expect(wrong).toEqual([])
  })

  it('stores money as numeric', async () => {
    const [plan] = await rows<{ price: string; features: string[] }>(
      `select price, features from plans where code = 'plus-monthly'`,
    )
    expect(plan?.price).toMatch(/^\d+\.\d{2}$/)
    expect(plan?.features).toContain('recurring_invoices')
    const [free] = await rows<{ features: string[]; max_collaborators: number }>(
      `select features, max_collaborators from plans where code = 'free'`,
    )
    expect(free).toEqual({ features: [], max_collaborators: 1 })
    const [threshold] = await rows<{ amount: string }>(
      `select amount from thresholds where kind = 'vat_franchise_base' and activity_code = 'SERV' and valid_to is null`,
    )
    expect(threshold?.amount).toBe('37500.00')
  })
})
