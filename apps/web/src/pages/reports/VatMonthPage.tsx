import { formatEuro, reportMonths, type VatMonthDetailDto } from '@app/domain'
import { Anchor, Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core'
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react'
import { Link, useNavigate, useParams } from 'react-router'
import { useMe } from '../../app/session'
import { NotFoundPage } from '../../components/NotFoundPage'
import { ReportError, ReportLoading } from './ReportParts'
import { useVatMonth, vatMonthPath, vatReportPath } from './reportQueries'
import { reportTexts } from './reportTexts'
import { VatLinesTable } from './VatLinesTable'

const t = reportTexts.vatMonth
const tv = reportTexts.vat

const isMonthKey = (value: string | undefined): value is string =>
  value !== undefined && /^\d{4}-(0[1-9]|1[0-2])$/.test(value)

/** The month's operations: collected VAT, then deductible VAT, each with its total, then what is due. */
function MonthDetail({ detail }: { detail: VatMonthDetailDto }) {
  if (detail.lines.length === 0)
    return (
      <Paper withBorder radius="md" p="xl" ta="center" style={{ borderStyle: 'dashed' }}>
        <Text c="dimmed">{t.empty}</Text>
      </Paper>
    )
  const collected = detail.lines.filter((line) => line.kind === 'collected')
  const deductible = detail.lines.filter((line) => line.kind === 'deductible')
  return (
    <Stack gap="lg">
      {collected.length > 0 ? (
        <VatLinesTable
          label={tv.collected}
          caption={tv.collected}
          lines={collected}
          totals={[{ label: tv.collected, amount: detail.collected }]}
        />
      ) : null}
      {deductible.length > 0 ? (
        <VatLinesTable
          label={tv.deductible}
          caption={tv.deductible}
          lines={deductible}
          totals={[{ label: tv.deductible, amount: detail.deductible }]}
        />
      ) : null}
      <Paper component="section" withBorder radius="lg" p="md" aria-label={tv.balance}>
        <Group justify="space-between">
          <Text fw={600}>{tv.balance}</Text>
          <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatEuro(detail.balance)}
          </Text>
        </Group>
      </Paper>
    </Stack>
  )
}

/**
 * /app/reports/taxes/{YYYY-MM} (spec/account.md §2): the month's VAT operation by operation, a way back to the year's
 * report, a print button, and tabs for the months of the year when the organisation's financial period ends in
 * December (a period ending in another month spans two calendar years: its months are not those of the tabs).
 */
export function VatMonthPage() {
  const { month } = useParams()
  if (!isMonthKey(month)) return <NotFoundPage />
  return <VatMonth month={month} />
}

function VatMonth({ month }: { month: string }) {
  const navigate = useNavigate()
  const query = useVatMonth(month)
  const organization = useMe().data?.currentOrganization
  const year = Number(month.slice(0, 4))
  const months = reportMonths(`${year}-01-01`, `${year}-12-31`)
  const label = query.data?.month.label ?? months.find((entry) => entry.month === month)?.label ?? month
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Anchor component={Link} to={vatReportPath(year)} size="sm" fw={500}>
            <Group gap={4} component="span">
              <IconArrowLeft size={16} aria-hidden />
              {t.back}
            </Group>
          </Anchor>
          <Title order={1} size="h2">
            {t.title(label)}
          </Title>
        </Stack>
        <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
          {t.print}
        </Button>
      </Group>

      {organization?.financialPeriodEnd === 12 ? (
        <Tabs value={month} onChange={(value) => value && navigate(vatMonthPath(value))}>
          <Tabs.List aria-label={t.months} style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
            {months.map((entry) => (
              <Tabs.Tab key={entry.month} value={entry.month}>
                {entry.shortLabel}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      ) : null}

      {query.isPending ? (
        <ReportLoading boxes={0} />
      ) : query.isError ? (
        <ReportError error={query.error} message={tv.error} onRetry={() => query.refetch()} />
      ) : (
        <MonthDetail detail={query.data} />
      )}
    </Stack>
  )
}
