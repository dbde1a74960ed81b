import {
  TAX_AREA_IDS,
  TAX_ID_BLOCKS,
  TAX_IDS,
  TAX_RATE_IDS,
  TAX_TYPE_IDS,
  type TaxAreaCode,
  type TaxRateCode,
  type TaxTypeCode,
} from '@app/domain'
import { csv, fail, type Row } from './seed-common'

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

export function taxes(): Row[] {
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
