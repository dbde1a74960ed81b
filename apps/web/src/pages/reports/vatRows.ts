import { type VatDetailLine, type VatMonthDto, vatRateFamily } from '@app/domain'
import { reportTexts } from './reportTexts'

const t = reportTexts.vat

/** The account of VAT deductible on fixed assets (PCG 44562); any other deductible VAT is on goods and services. */
const FIXED_ASSETS_ACCOUNT = '44562'

/**
 * A row of the VAT grid: its label, its figure in a month of the report, and which of the month's operations make it
 * (the same split as the server's: by rate family for collected VAT, by account for deductible VAT). The balance has
 * no `lines`: its cells open nothing, its month's "Détails" shows all.
 */
export type VatRow = {
  key: string
  label: string
  kind: 'total' | 'line' | 'result'
  amount: (month: VatMonthDto) => string
  lines?: (line: VatDetailLine) => boolean
}

const collected = (line: VatDetailLine) => line.kind === 'collected'
const deductible = (line: VatDetailLine) => line.kind === 'deductible'
const fixedAsset = (line: VatDetailLine) => deductible(line) && line.accountCode.startsWith(FIXED_ASSETS_ACCOUNT)
const ofFamily = (family: string) => (line: VatDetailLine) =>
  collected(line) && vatRateFamily(line.ratePercent) === family

export const VAT_ROWS: VatRow[] = [
  { key: 'collected', label: t.collected, kind: 'total', amount: (m) => m.collected.total, lines: collected },
  { key: 'normal', label: t.normal, kind: 'line', amount: (m) => m.collected.normal, lines: ofFamily('normal') },
  {
    key: 'intermediate',
    label: t.intermediate,
    kind: 'line',
    amount: (m) => m.collected.intermediate,
    lines: ofFamily('intermediate'),
  },
  { key: 'reduced', label: t.reduced, kind: 'line', amount: (m) => m.collected.reduced, lines: ofFamily('reduced') },
  {
    key: 'superReduced',
    label: t.superReduced,
    kind: 'line',
    amount: (m) => m.collected.superReduced,
    lines: ofFamily('superReduced'),
  },
  { key: 'deductible', label: t.deductible, kind: 'total', amount: (m) => m.deductible.total, lines: deductible },
  {
    key: 'goodsAndServices',
    label: t.goodsAndServices,
    kind: 'line',
    amount: (m) => m.deductible.goodsAndServices,
    lines: (line) => deductible(line) && !fixedAsset(line),
  },
  {
    key: 'fixedAssets',
    label: t.fixedAssets,
    kind: 'line',
    amount: (m) => m.deductible.fixedAssets,
    lines: fixedAsset,
  },
  { key: 'balance', label: t.balance, kind: 'result', amount: (m) => m.balance },
]
