import {
  CA3_FORM,
  CA3_LABELS,
  negate,
  type OperatingAccountDto,
  reportMonths,
  type SalesReportDto,
  toCents,
  type VatDeclarationBox,
  type VatDeclarationDto,
  type VatDeclarationLine,
  type VatMonthDetailDto,
  type VatMonthDto,
  type VatReportDto,
} from '@app/domain'
import { fakeServer, jsonResponse, type Route } from '../../components/test-utils'

const twelve = (values: Record<number, string> = {}) =>
  Array.from({ length: 12 }, (_, index) => values[index] ?? '0.00')

/**
 * The operating account of 2026 as the server answers the report test's books (apps/server reports.test.ts): services
 * of 1 000 € in March, goods of 250 € in April, a phone bill of 50 € H.T. in March.
 */
export const operatingAccount = (overrides: Partial<OperatingAccountDto> = {}): OperatingAccountDto => ({
  from: '2026-01-01',
  to: '2026-12-31',
  months: reportMonths('2026-01-01', '2026-12-31'),
  income: [
    { accountCode: '706', label: 'Prestations de services', amounts: twelve({ 2: '1000.00' }), total: '1000.00' },
    { accountCode: '707', label: 'Ventes de marchandises', amounts: twelve({ 3: '250.00' }), total: '250.00' },
  ],
  outcome: [
    {
      accountCode: '626',
      label: 'Frais postaux et télécommunications',
      amounts: twelve({ 2: '50.00' }),
      total: '50.00',
    },
  ],
  totals: {
    income: twelve({ 2: '1000.00', 3: '250.00' }),
    outcome: twelve({ 2: '50.00' }),
    balance: twelve({ 2: '950.00', 3: '250.00' }),
  },
  summary: { income: '1250.00', outcome: '50.00', balance: '1200.00' },
  ...overrides,
})

const vatMonth = (month: { month: string; label: string; shortLabel: string }): VatMonthDto => ({
  ...month,
  collected: { total: '0.00', normal: '0.00', intermediate: '0.00', reduced: '0.00', superReduced: '0.00' },
  deductible: { total: '0.00', goodsAndServices: '0.00', fixedAssets: '0.00' },
  balance: '0.00',
})

/**
 * The VAT of 2026: in March, 50 € collected at 20 % and 5,50 € at 5,5 % on goods, 10 € deductible on the phone bill
 * and 200 € on a fixed asset (a balance of -154,50 €); in May, 200 € collected on services paid.
 */
export const vatReport = (overrides: Partial<VatReportDto> = {}): VatReportDto => ({
  year: 2026,
  summary: { collected: '255.50', deductible: '210.00', balance: '45.50' },
  months: reportMonths('2026-01-01', '2026-12-31').map((month) => {
    if (month.month === '2026-03')
      return {
        ...month,
        collected: { total: '55.50', normal: '50.00', intermediate: '0.00', reduced: '5.50', superReduced: '0.00' },
        deductible: { total: '210.00', goodsAndServices: '10.00', fixedAssets: '200.00' },
        balance: '-154.50',
      }
    if (month.month === '2026-05')
      return {
        ...vatMonth(month),
        collected: { ...vatMonth(month).collected, total: '200.00', normal: '200.00' },
        balance: '200.00',
      }
    return vatMonth(month)
  }),
  availableYears: [2026, 2025],
  ...overrides,
})

/** March 2026's operations behind vatReport(). */
export const marchDetail = (): VatMonthDetailDto => ({
  month: { month: '2026-03', label: 'mars 2026', shortLabel: 'mars' },
  lines: [
    line({ pieceRef: 'F-2026-0002', label: 'Lampes', ratePercent: '20', base: '250.00', tax: '50.00' }),
    line({ pieceRef: 'F-2026-0003', label: 'Livres', ratePercent: '5.5', base: '100.00', tax: '5.50' }),
    line({
      journalCode: 'BQ',
      pieceRef: 'BQ-12',
      label: 'Orange',
      kind: 'deductible',
      accountCode: '44566',
      dueAt: '2026-03-15',
      base: '50.00',
      tax: '10.00',
    }),
    line({
      journalCode: 'BQ',
      pieceRef: 'BQ-13',
      label: 'Ordinateur',
      kind: 'deductible',
      accountCode: '44562',
      dueAt: '2026-03-20',
      base: '1000.00',
      tax: '200.00',
    }),
  ],
  collected: '55.50',
  deductible: '210.00',
  balance: '-154.50',
})

function line(overrides: Partial<VatMonthDetailDto['lines'][number]>): VatMonthDetailDto['lines'][number] {
  return {
    dueAt: '2026-03-12',
    journalCode: 'VT',
    pieceRef: 'F-2026-0001',
    label: 'Vente',
    kind: 'collected',
    ratePercent: '20',
    accountCode: '44571',
    base: '0.00',
    tax: '0.00',
    ...overrides,
  }
}

const RATE_LINES = new Set(['08', '09', '9B', 'T6'])
const BASE_BOXES = new Set(['A1', 'B2', 'B5', 'E1', 'E2', 'F2', 'F8'])

function declarationLine(overrides: Partial<VatDeclarationLine>): VatDeclarationLine {
  return {
    entryId: 1,
    journalCode: 'VT',
    number: 1,
    date: '2026-03-12',
    pieceRef: 'F-2026-0001',
    label: 'Vente',
    accountCode: '44571',
    ratePercent: '20',
    base: '0.00',
    tax: '0.00',
    ...overrides,
  }
}

/** The CA3's boxes, every one at 0 but those given (their amount, euro figure, base and lines). */
function declarationBoxes(given: Record<string, Partial<VatDeclarationBox>> = {}): VatDeclarationBox[] {
  return CA3_FORM.flatMap(({ section, codes }) =>
    codes.map((code) => {
      const rateLine = RATE_LINES.has(code)
      return {
        code,
        label: CA3_LABELS[code],
        section,
        measure: BASE_BOXES.has(code) ? ('base' as const) : ('tax' as const),
        amount: '0.00',
        rounded: '0.00',
        base: rateLine ? '0.00' : null,
        roundedBase: rateLine ? '0.00' : null,
        lines: [],
        ...given[code],
      }
    }),
  )
}

/**
 * The CA3 of March 2026 behind vatReport(): the lamps at 20 % and the books at 5,5 % collected, the phone bill and
 * the computer deducted, a credit of 154,50 € (154 € on the form).
 */
export const marchDeclaration = (): VatDeclarationDto => {
  const lamps = declarationLine({
    entryId: 11,
    number: 2,
    pieceRef: 'F-2026-0002',
    label: 'Lampes',
    base: '250.00',
    tax: '50.00',
  })
  const books = declarationLine({
    entryId: 12,
    number: 3,
    date: '2026-03-16',
    pieceRef: 'F-2026-0003',
    label: 'Livres',
    ratePercent: '5.5',
    base: '100.00',
    tax: '5.50',
  })
  const phone = declarationLine({
    entryId: 21,
    journalCode: 'BQ1',
    number: 4,
    date: '2026-03-15',
    pieceRef: 'BQ-12',
    label: 'Orange',
    accountCode: '44566',
    base: '50.00',
    tax: '10.00',
  })
  const computer = declarationLine({
    entryId: 22,
    journalCode: 'BQ1',
    number: 5,
    date: '2026-03-20',
    pieceRef: 'BQ-13',
    label: 'Ordinateur',
    accountCode: '44562',
    base: '1000.00',
    tax: '200.00',
  })
  const against = (line: VatDeclarationLine) => ({
    ...line,
    base: toCents(negate(line.base)),
    tax: toCents(negate(line.tax)),
  })
  const credit = [computer, phone, against(lamps), against(books)]
  return {
    period: { year: 2026, month: 3, from: '2026-03-01', to: '2026-03-31', label: 'mars 2026', regime: 'MONTH' },
    boxes: declarationBoxes({
      A1: { amount: '350.00', rounded: '350.00', lines: [lamps, books] },
      '08': { amount: '50.00', rounded: '50.00', base: '250.00', roundedBase: '250.00', lines: [lamps] },
      '09': { amount: '5.50', rounded: '6.00', base: '100.00', roundedBase: '100.00', lines: [books] },
      '16': { amount: '55.50', rounded: '56.00', lines: [lamps, books] },
      '19': { amount: '200.00', rounded: '200.00', lines: [computer] },
      '20': { amount: '10.00', rounded: '10.00', lines: [phone] },
      '23': { amount: '210.00', rounded: '210.00', lines: [computer, phone] },
      '25': { amount: '154.50', rounded: '154.00', lines: credit },
      '27': { amount: '154.50', rounded: '154.00', lines: credit },
    }),
  }
}

/** A declaration with nothing in it. */
export const emptyDeclaration = (year: number, month: number): VatDeclarationDto => {
  const [label] = reportMonths(
    `${year}-${String(month).padStart(2, '0')}-01`,
    `${year}-${String(month).padStart(2, '0')}-01`,
  )
  const from = `${label?.month ?? year}-01`
  return {
    period: { year, month, from, to: from, label: label?.label ?? String(year), regime: 'MONTH' },
    boxes: declarationBoxes(),
  }
}

type SalesFigures = SalesReportDto['total']
const RATE_20 = { key: '20', label: 'T.V.A. 20 %' }
const RATE_55 = { key: '5.5', label: 'T.V.A. 5,5 %' }
const SALES_RATES = [RATE_20, RATE_55]

/** A month's (or the year's) figures: H.T. and T.V.A. at 20 % and at 5,5 %, then the totals, all written out. */
const salesFigures = (by20: [string, string], by55: [string, string], totals: [string, string, string]) => {
  const [excluded20, taxes20] = by20
  const [excluded55, taxes55] = by55
  return {
    taxes: [
      { ...RATE_20, totalExcluded: excluded20, totalTaxes: taxes20 },
      { ...RATE_55, totalExcluded: excluded55, totalTaxes: taxes55 },
    ],
    totalTaxExcluded: totals[0],
    totalTaxes: totals[1],
    totalTaxIncluded: totals[2],
  } satisfies SalesFigures
}
const ZERO: [string, string] = ['0.00', '0.00']

/** Sales of 2026 at 20 % and 5,5 %: 100 € + 5,50 € of VAT in March, 1 000 € + 200 € in November. */
export const salesReport = (overrides: Partial<SalesReportDto> = {}): SalesReportDto => ({
  year: 2026,
  taxRegimeCode: 'MONTH',
  rates: SALES_RATES,
  months: reportMonths('2026-01-01', '2026-12-31').map((month) => {
    if (month.month === '2026-03')
      return { ...month, ...salesFigures(ZERO, ['100.00', '5.50'], ['100.00', '5.50', '105.50']) }
    if (month.month === '2026-11')
      return { ...month, ...salesFigures(['1000.00', '200.00'], ZERO, ['1000.00', '200.00', '1200.00']) }
    return { ...month, ...salesFigures(ZERO, ZERO, ['0.00', '0.00', '0.00']) }
  }),
  total: salesFigures(['1000.00', '200.00'], ['100.00', '5.50'], ['1100.00', '205.50', '1305.50']),
  availableYears: [2026],
  ...overrides,
})

/** The signed-in owner's organisation: its tax regime and the month its financial period ends. */
export const meBody = ({ taxRegimeCode = 'MONTH', financialPeriodEnd = 12 } = {}) => ({
  data: {
    id: 1,
    firstname: 'Camille',
    preferences: { pageSize: 25, display: {} },
    currentOrganizationId: 1,
    organizations: [],
    currentOrganization: {
      id: 1,
      name: 'Atelier Martin',
      isOwner: true,
      features: [],
      financialPeriodEnd,
      taxRegime: { id: 1, code: taxRegimeCode, name: taxRegimeCode },
    },
  },
})

/**
 * Stubs fetch with the reports' server: `routes` answer first (a test's own answers: an error, an empty year), then
 * the reports above for any year and month (other months have no operation, nor declaration) and the signed-in owner.
 */
export function stubReportsApi(routes: Route[] = [], me = meBody()) {
  return fakeServer(routes, ({ path, url }) => {
    if (path === '/me') return jsonResponse(200, me)
    if (path === '/reports/operating-account') return jsonResponse(200, { data: operatingAccount() })
    if (path === '/reports/sales') return jsonResponse(200, { data: salesReport() })
    if (path === '/reports/vat') return jsonResponse(200, { data: vatReport() })
    if (path === '/reports/vat/2026-03') return jsonResponse(200, { data: marchDetail() })
    if (path === '/reports/vat-declaration') {
      const year = Number(url.searchParams.get('year'))
      const month = Number(url.searchParams.get('month'))
      const declaration = year === 2026 && month === 3 ? marchDeclaration() : emptyDeclaration(year, month)
      return jsonResponse(200, { data: declaration })
    }
    const month = /^\/reports\/vat\/(\d{4}-\d{2})$/.exec(path)?.[1]
    if (month) {
      const [label] = reportMonths(`${month}-01`, `${month}-01`)
      return jsonResponse(200, {
        data: { month: label, lines: [], collected: '0.00', deductible: '0.00', balance: '0.00' },
      })
    }
    return jsonResponse(404, { message: 'Ressource introuvable.', code: 'NOT_FOUND' })
  })
}
