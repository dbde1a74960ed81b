import {
  E_REPORTING_FIRST_YEAR,
  E_REPORTING_START,
  formatDateFr,
  type IsoDate,
  TAX_REGIME_IDS,
  type TaxRegimeCode,
  upcomingDeadlines,
} from '@app/domain'
import { Alert, Anchor, Group, Paper, Select, Stack, Text, Title } from '@mantine/core'
import { IconPlugConnectedX } from '@tabler/icons-react'
import { Link } from 'react-router'
import { CONNECT_PATH } from './eReportingQueries'
import { CADENCES, periodSpan, texts } from './eReportingTexts'

export const isRegimeCode = (code: string | undefined): code is TaxRegimeCode =>
  code !== undefined && code in TAX_REGIME_IDS

/** 2026 (the reform's first year) to this year, newest first; the year shown stays selectable. */
export function eReportingYears(shown: number, thisYear: number): number[] {
  const last = Math.max(thisYear, shown, E_REPORTING_FIRST_YEAR)
  return Array.from({ length: last - E_REPORTING_FIRST_YEAR + 1 }, (_, index) => last - index)
}

/**
 * The next deadline of the regime's calendar and what it is for: « le 10/12/2026 : transactions du 21 au 30 nov.
 * 2026 et paiements du 1 au 30 nov. 2026 » (periods sharing a deadline are said together). Periods before the
 * reform's start are not due.
 */
export function nextDeadlineText(regime: TaxRegimeCode, today: IsoDate): string | null {
  const upcoming = upcomingDeadlines(regime, today, 400).filter((period) => period.end >= E_REPORTING_START)
  const first = upcoming[0]
  if (!first) return null
  const concerned = upcoming
    .filter((period) => period.deadline === first.deadline)
    .map(
      (period) =>
        `${period.kind === 'transactions' ? 'transactions' : 'paiements'} ${periodSpan(period.start, period.end)}`,
    )
  return `le ${formatDateFr(first.deadline)} : ${concerned.join(' et ')}`
}

/** The page's title and year, what e-reporting is, the organisation's cadence and its next deadline. */
export function EReportingHeader({
  regime,
  today,
  year,
  years,
  onYearChange,
}: {
  regime: TaxRegimeCode | null
  today: IsoDate
  year: number
  years: number[]
  onYearChange: (year: number) => void
}) {
  const next = regime ? nextDeadlineText(regime, today) : null
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {texts.title}
        </Title>
        <Select
          aria-label={texts.year}
          w={130}
          allowDeselect={false}
          checkIconPosition="right"
          value={String(year)}
          onChange={(value) => value && onYearChange(Number(value))}
          data={years.map((option) => ({ value: String(option), label: String(option) }))}
        />
      </Group>
      <Paper withBorder radius="md" p="md" component="section" aria-label="Ton calendrier de e-reporting">
        <Stack gap={6}>
          <Text size="sm">{texts.intro}</Text>
          <Text size="sm">
            <strong>{texts.cadence} : </strong>
            {regime ? CADENCES[regime] : texts.regimeUnknown}
          </Text>
          {next ? (
            <Text size="sm">
              <strong>{texts.nextDeadline} : </strong>
              {next}
            </Text>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  )
}

/** Without a PA the figures show but nothing can be sent: the way to link one. */
export function NotConnectedBanner() {
  return (
    <Alert color="orange" variant="light" icon={<IconPlugConnectedX size={18} />} title={texts.notConnectedTitle}>
      <Stack gap={6}>
        <Text size="sm">{texts.notConnected}</Text>
        <Anchor component={Link} to={CONNECT_PATH} size="sm" fw={600}>
          {texts.connect}
        </Anchor>
      </Stack>
    </Alert>
  )
}
