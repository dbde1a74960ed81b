import { isPositive, type OperatingAccountDto, type OperatingAccountRow, type ReportMonth } from '@app/domain'
import { Paper, Text } from '@mantine/core'
import { useState } from 'react'
import { openingMonthIndex } from './gridOpening'
import { type GridRow, ReportGrid } from './ReportGrid'
import { ReportError, ReportHeader, ReportLoading, ReportPage, SummaryBoxes } from './ReportParts'
import { type RowDetail, RowDetailModal } from './RowDetailModal'
import { useOperatingAccount } from './reportQueries'
import { reportTexts } from './reportTexts'
import { useReportYear, yearOptions } from './reportYear'

const t = reportTexts.operatingAccount

const detailOf = (title: string, months: ReportMonth[], amounts: readonly string[], total: string): RowDetail => ({
  title,
  lines: months.map((month, index) => ({ key: month.month, label: month.label, amount: amounts[index] ?? '0' })),
  total,
})

/**
 * The grid's rows: Produits, one row per income account, Total des produits; the same for Charges; Résultats. Every
 * row but the headings opens its months in a modal.
 */
export function operatingAccountRows(report: OperatingAccountDto, open: (detail: RowDetail) => void): GridRow[] {
  const accountRow = (row: OperatingAccountRow): GridRow => {
    const name = `${row.accountCode} ${row.label}`
    return {
      key: `${row.accountCode}`,
      name,
      label: (
        <>
          <Text span size="sm" c="dimmed">
            {row.accountCode}
          </Text>{' '}
          {row.label}
        </>
      ),
      cells: row.amounts,
      total: row.total,
      onOpen: () => open(detailOf(name, report.months, row.amounts, row.total)),
    }
  }
  const summaryRow = (key: string, label: string, kind: 'total' | 'result', cells: string[], total: string) => ({
    key,
    label,
    name: label,
    kind,
    cells,
    total,
    onOpen: () => open(detailOf(label, report.months, cells, total)),
  })
  return [
    { key: 'income', label: t.income, name: t.income, kind: 'section' },
    ...report.income.map(accountRow),
    summaryRow('income-total', t.totalIncome, 'total', report.totals.income, report.summary.income),
    { key: 'outcome', label: t.outcome, name: t.outcome, kind: 'section' },
    ...report.outcome.map(accountRow),
    summaryRow('outcome-total', t.totalOutcome, 'total', report.totals.outcome, report.summary.outcome),
    summaryRow('result', t.result, 'result', report.totals.balance, report.summary.balance),
  ]
}

function OperatingAccountReport({ report }: { report: OperatingAccountDto }) {
  const [detail, setDetail] = useState<RowDetail | null>(null)
  const profit = isPositive(report.summary.balance)
  if (report.income.length === 0 && report.outcome.length === 0)
    return (
      <Paper withBorder radius="md" p="xl" ta="center" style={{ borderStyle: 'dashed' }}>
        <Text c="dimmed">{t.empty}</Text>
      </Paper>
    )
  return (
    <>
      <SummaryBoxes
        boxes={[
          { label: t.income, amount: report.summary.income },
          { label: t.outcome, amount: report.summary.outcome },
          // Bénéfice above zero only: a nil result is shown as a (nil) deficit, as the spec words it.
          profit
            ? { label: t.profit, amount: report.summary.balance, tone: 'positive' }
            : { label: t.loss, amount: report.summary.balance, tone: 'negative' },
        ]}
      />
      <ReportGrid
        label={t.gridLabel}
        columns={report.months.map((month) => ({ key: month.month, label: month.shortLabel }))}
        rows={operatingAccountRows(report, setDetail)}
        withTotal
        openAt={openingMonthIndex(report.months)}
      />
      <RowDetailModal detail={detail} onClose={() => setDetail(null)} />
    </>
  )
}

/**
 * /app/reports/operating-account?year= (spec/account.md §2): the exercise menu, the boxes Produits, Charges and
 * Bénéfice or Déficit, the monthly grid read from the ledger over 1 January–31 December of the year.
 */
export function OperatingAccountPage() {
  const { year, setYear } = useReportYear()
  const query = useOperatingAccount(year)
  return (
    <ReportPage header={<ReportHeader title={t.title} year={year} years={yearOptions(year)} onYearChange={setYear} />}>
      {query.isPending ? (
        <ReportLoading />
      ) : query.isError ? (
        <ReportError error={query.error} message={t.error} onRetry={() => query.refetch()} />
      ) : (
        <OperatingAccountReport report={query.data} />
      )}
    </ReportPage>
  )
}
