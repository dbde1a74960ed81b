import type { SalesReportDto } from '@app/domain'
import { Alert } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'
import { useEffect } from 'react'
import { type GridRow, ReportGrid } from './ReportGrid'
import { ReportError, ReportHeader, ReportLoading, ReportPage } from './ReportParts'
import { useSalesReport } from './reportQueries'
import { reportTexts } from './reportTexts'
import { useReportYear, yearOptions } from './reportYear'

const t = reportTexts.sales

type Figures = SalesReportDto['total']

const taxOf = (figures: Figures, key: string) => figures.taxes.find((tax) => tax.key === key)

/**
 * The grid's rows: per rate, its H.T. and its T.V.A.; then Total H.T. and Total T.V.A. (not for the franchise en base,
 * regime FREE, which charges no VAT) and Total T.T.C., always.
 */
export function salesRows(report: SalesReportDto): GridRow[] {
  const row = (key: string, label: string, name: string, pick: (figures: Figures) => string, kind?: 'total') => ({
    key,
    label,
    name,
    kind,
    cells: report.months.map(pick),
    total: pick(report.total),
  })
  const byRate = report.rates.flatMap((rate): GridRow[] => [
    { key: `rate-${rate.key}`, label: rate.label, name: rate.label, kind: 'section' },
    row(
      `${rate.key}-excluded`,
      t.excluded,
      `${rate.label} ${t.excluded}`,
      (f) => taxOf(f, rate.key)?.totalExcluded ?? '0',
    ),
    row(`${rate.key}-taxes`, t.taxes, `${rate.label} ${t.taxes}`, (f) => taxOf(f, rate.key)?.totalTaxes ?? '0'),
  ])
  const free = report.taxRegimeCode === 'FREE'
  return [
    ...byRate,
    ...(free
      ? []
      : [
          row('total-excluded', t.totalExcluded, t.totalExcluded, (f) => f.totalTaxExcluded, 'total'),
          row('total-taxes', t.totalTaxes, t.totalTaxes, (f) => f.totalTaxes, 'total'),
        ]),
    row('total-included', t.totalIncluded, t.totalIncluded, (f) => f.totalTaxIncluded, 'total'),
  ]
}

/**
 * The sales report (spec/account.md §2): validated invoices and credit notes by month and by rate, over the 12 months of
 * ?year= and their Total. Without a year in the URL, the first year the books know (availableYears, newest first).
 */
export function SalesReportPage() {
  const { year, given, setYear } = useReportYear()
  const query = useSalesReport(year)
  const firstAvailable = query.data?.availableYears[0]

  useEffect(() => {
    if (!given && firstAvailable !== undefined && firstAvailable !== year) setYear(firstAvailable, { replace: true })
  }, [given, firstAvailable, year, setYear])

  const years = yearOptions(year, query.data?.availableYears)
  return (
    <ReportPage header={<ReportHeader title={t.title} year={year} years={years} onYearChange={setYear} />}>
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={20} />}>
        {t.banner}
      </Alert>
      {query.isPending ? (
        <ReportLoading boxes={0} />
      ) : query.isError ? (
        <ReportError error={query.error} message={t.error} onRetry={() => query.refetch()} />
      ) : (
        <ReportGrid
          label={t.gridLabel}
          columns={query.data.months.map((month) => ({ key: month.month, label: month.shortLabel }))}
          rows={salesRows(query.data)}
          withTotal
        />
      )}
    </ReportPage>
  )
}
