import {
  type DashboardPeriod,
  defaultDashboardPeriod,
  isIsoDate,
  type OrganizationDto,
  todayInParis,
} from '@app/domain'
import { useSearchParams } from 'react-router'

/**
 * The period of the dashboard (spec/account.md §2): ?from&to in the URL when the exercise selector set them, else from
 * the fiscal year's start to today. A date the URL mangled falls back to the default rather than to an error.
 */
export function useDashboardPeriod(organization: OrganizationDto) {
  const [params, setParams] = useSearchParams()
  const fallback = defaultDashboardPeriod(todayInParis(), organization)
  const from = params.get('from')
  const to = params.get('to')
  const period: DashboardPeriod = isIsoDate(from) && isIsoDate(to) && from <= to ? { from, to } : fallback
  const choose = (year: { start: string; end: string }) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.set('year', year.start.slice(0, 4))
        next.set('from', year.start)
        next.set('to', year.end)
        return next
      },
      { replace: true },
    )
  return { period, choose }
}
