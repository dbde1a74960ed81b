import type {
  AvailableYearDto,
  DashboardAccountsDto,
  DashboardActivityDto,
  DashboardFigureDto,
  DashboardInvoicesDto,
  DashboardMrrDto,
  DashboardPeriod,
  DashboardQuotesDto,
} from '@app/domain'
import { useQuery } from '@tanstack/react-query'
import { get } from '../../lib/api'

type Figures = {
  activity: DashboardActivityDto
  balance: DashboardAccountsDto
  partners: DashboardAccountsDto
  expenses: DashboardFigureDto
  gains: DashboardFigureDto
  taxes: DashboardFigureDto
  mrr: DashboardMrrDto
  quotes: DashboardQuotesDto
  invoices: DashboardInvoicesDto
}

/** GET /dashboard/{name}?from&to: one block's figures for the period (off on the free formula, whose server says 403). */
export function useDashboard<K extends keyof Figures>(name: K, period: DashboardPeriod, enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', name, period.from, period.to],
    queryFn: async () =>
      (await get<{ data: Figures[K] }>(`/dashboard/${name}?from=${period.from}&to=${period.to}`)).data,
    enabled,
  })
}

/** GET /available-years: the fiscal years of the exercise selector; they change once a year at most. */
export function useAvailableYears(enabled: boolean) {
  return useQuery({
    queryKey: ['available-years'],
    queryFn: async () => (await get<{ data: AvailableYearDto[] }>('/available-years')).data,
    enabled,
    staleTime: 8 * 60 * 60 * 1000,
  })
}

/** GET /transactions/to-categorize/count: the bank lines still waiting for a category. */
export function useToCategorizeCount(enabled: boolean) {
  return useQuery({
    queryKey: ['transactions', 'to-categorize', 'count'],
    queryFn: async () => (await get<{ data: { count: number } }>('/transactions/to-categorize/count')).data.count,
    enabled,
  })
}

/** How many bank connections the organisation has: its dashboard's cards open their detail when it has one. */
export function useBankConnections(enabled: boolean) {
  return useQuery({
    queryKey: ['bank-connections', 'count'],
    queryFn: async () => (await get<{ data: unknown[] }>('/bank-connections')).data.length,
    enabled,
  })
}
