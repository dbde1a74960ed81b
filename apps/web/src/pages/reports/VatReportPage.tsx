import { isPositive, type VatReportDto } from '@app/domain'
import { Anchor } from '@mantine/core'
import { useState } from 'react'
import { Link } from 'react-router'
import { useMe } from '../../app/session'
import { openingMonthIndex } from './gridOpening'
import { type GridRow, ReportGrid } from './ReportGrid'
import { ReportError, ReportHeader, ReportLoading, ReportPage, SummaryBoxes } from './ReportParts'
import { useVatReport, vatMonthPath } from './reportQueries'
import { reportTexts } from './reportTexts'
import { useReportYear, yearOptions } from './reportYear'
import { type VatCell, VatCellModal } from './VatCellModal'
import { VatDeclarationBlock } from './VatDeclarationBlock'
import { VAT_ROWS } from './vatRows'

const t = reportTexts.vat

/** The grid's rows, each cell with operations behind it opening them (the balance's open nothing: see VAT_ROWS). */
export function vatGridRows(report: VatReportDto, open: (cell: VatCell) => void): GridRow[] {
  return VAT_ROWS.map((row) => ({
    key: row.key,
    label: row.label,
    name: row.label,
    kind: row.kind,
    cells: report.months.map(row.amount),
    onCellOpen: row.lines
      ? (index: number) => {
          const month = report.months[index]
          if (month) open({ row, month })
        }
      : undefined,
  }))
}

function VatReport({ report }: { report: VatReportDto }) {
  const [cell, setCell] = useState<VatCell | null>(null)
  const columns = report.months.map((month) => ({
    key: month.month,
    label: month.shortLabel,
    name: month.label,
    extra: (
      <Anchor
        component={Link}
        to={vatMonthPath(month.month)}
        size="xs"
        display="block"
        fw={500}
        aria-label={t.detailsOf(month.label)}
      >
        {t.details}
      </Anchor>
    ),
  }))
  return (
    <>
      <SummaryBoxes
        boxes={[
          { label: t.collected, amount: report.summary.collected },
          { label: t.deductible, amount: report.summary.deductible },
          {
            label: t.balance,
            amount: report.summary.balance,
            tone: isPositive(report.summary.balance) ? 'negative' : 'positive',
          },
        ]}
      />
      <ReportGrid
        label={t.gridLabel}
        columns={columns}
        rows={vatGridRows(report, setCell)}
        openAt={openingMonthIndex(report.months)}
      />
      <VatCellModal cell={cell} onClose={() => setCell(null)} />
    </>
  )
}

/**
 * /app/reports/taxes?year= (spec/account.md §2): collected VAT by rate, deductible VAT, the balance, month by month as
 * it fell due; each month's "Détails" page; the CA3 for organisations of tax regime MONTH (monthly) or QUARTER.
 */
export function VatReportPage() {
  const { year, setYear } = useReportYear()
  const query = useVatReport(year)
  // FREE (franchise en base) has no VAT to declare, YEAR files the yearly CA12: neither gets the CA3.
  const regime = useMe().data?.currentOrganization?.taxRegime.code
  const years = yearOptions(year, query.data?.availableYears)
  return (
    <ReportPage header={<ReportHeader title={t.title} year={year} years={years} onYearChange={setYear} />}>
      {query.isPending ? (
        <ReportLoading />
      ) : query.isError ? (
        <ReportError error={query.error} message={t.error} onRetry={() => query.refetch()} />
      ) : (
        <>
          <VatReport report={query.data} />
          {regime === 'MONTH' || regime === 'QUARTER' ? <VatDeclarationBlock years={years} regime={regime} /> : null}
        </>
      )}
    </ReportPage>
  )
}
