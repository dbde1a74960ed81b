import { E_REPORTING_FIRST_YEAR, todayInParis } from '@app/domain'
import { Alert, Anchor, Group, Stack, Tabs, Text } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { IconCalendarOff } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { z } from 'zod'
import { useMe } from '../../../app/session'
import { EmptyBlock } from '../../../components/EmptyBlock'
import { useConnection } from '../../../components/e-invoicing/eInvoicingQueries'
import { ListBody } from '../../../components/list/ListPage'
import { SearchField } from '../../../components/SearchField'
import { ApiError } from '../../../lib/api'
import { listParamsSchema } from '../../../lib/listParams'
import { useListParams } from '../../../lib/useListParams'
import { EReportingHeader, eReportingYears, isRegimeCode, NotConnectedBanner } from './EReportingHeader'
import {
  NOT_CONNECTED,
  openOf,
  periodRefOf,
  REGIME_MISSING,
  REGIME_PATH,
  useEReportingPeriods,
} from './eReportingQueries'
import { texts } from './eReportingTexts'
import { PeriodDrawer } from './PeriodDrawer'
import { PeriodRow } from './PeriodRow'

/** The page's URL: the list's parameters, the year and the kind (?kind=transactions|payments). */
const eReportingParamsSchema = listParamsSchema.extend({
  year: z.coerce.number().int().min(E_REPORTING_FIRST_YEAR).max(2100).optional().catch(undefined),
  kind: z.enum(['transactions', 'payments']).optional().catch(undefined),
})

const ALL = 'all'

/** The search box of the list, sent 300 ms after the last key (as every list's). */
function PeriodSearch({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const [text, setText] = useState(value)
  const push = useDebouncedCallback((next: string) => onSearch(next.trim()), 300)
  // The URL wins when it changes from elsewhere (Back).
  useEffect(() => setText(value), [value])
  return (
    <SearchField
      label={texts.search}
      value={text}
      onChange={(next) => {
        setText(next)
        push(next)
      }}
      style={{ flex: 1, maxWidth: 420, minWidth: 0 }}
    />
  )
}

/**
 * /app/reports/e-reporting (issue 33, flux 10): the periods of the organisation's VAT regime with what each holds and
 * where it stands, the detail of one in a drawer with « Transmettre ».
 */
export function EReportingPage() {
  const today = todayInParis()
  const thisYear = Math.max(Number(today.slice(0, 4)), E_REPORTING_FIRST_YEAR)
  const list = useListParams(eReportingParamsSchema)
  const { params, set } = list
  const year = params.year ?? thisYear
  const query = useEReportingPeriods({
    year,
    kind: params.kind,
    page: params.page,
    pageSize: params.pageSize,
    search: params.search,
  })
  const connection = useConnection()
  const regimeCode = useMe().data?.currentOrganization?.taxRegime.code
  const regime = isRegimeCode(regimeCode) ? regimeCode : null
  const refusal = query.error instanceof ApiError ? query.error : null
  const notConnected =
    connection.data?.connected === false || (refusal?.status === 409 && refusal.body.code === NOT_CONNECTED)
  const filters = (params.search ? 1 : 0) + (params.kind ? 1 : 0)

  return (
    <Stack gap="md">
      <EReportingHeader
        regime={regime}
        today={today}
        year={year}
        years={eReportingYears(year, thisYear)}
        onYearChange={(next) => set({ year: next })}
      />
      {notConnected ? <NotConnectedBanner /> : null}
      <Tabs
        value={params.kind ?? ALL}
        onChange={(value) =>
          set({ kind: value === ALL || !value ? undefined : (value as 'transactions' | 'payments') })
        }
      >
        <Tabs.List aria-label={texts.kind} style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          <Tabs.Tab value={ALL}>{texts.all}</Tabs.Tab>
          <Tabs.Tab value="transactions">Transactions</Tabs.Tab>
          <Tabs.Tab value="payments">Paiements</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Group gap="sm" wrap="nowrap">
        <PeriodSearch value={params.search} onSearch={(search) => set({ search })} />
      </Group>
      {refusal?.status === 409 && refusal.body.code === REGIME_MISSING ? (
        <Alert color="orange" variant="light" icon={<IconCalendarOff size={18} />}>
          <Stack gap={6}>
            <Text size="sm">{refusal.message}</Text>
            <Anchor component={Link} to={REGIME_PATH} size="sm" fw={600}>
              {texts.regimeSettings}
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <ListBody
          query={query}
          list={{ ...list, activeFilters: filters }}
          keyOf={openOf}
          empty={<EmptyBlock icon={<IconCalendarOff size={20} />} title={texts.empty} />}
          renderItem={(period) => (
            <PeriodRow period={period} today={today} onOpen={() => set({ open: openOf(period), page: params.page })} />
          )}
        />
      )}
      <PeriodDrawer
        period={periodRefOf(params.open)}
        today={today}
        onClose={() => set({ open: undefined, page: params.page })}
      />
    </Stack>
  )
}
