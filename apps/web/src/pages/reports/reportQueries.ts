import type {
  ItemResponse,
  OperatingAccountDto,
  SalesReportDto,
  VatDeclarationDto,
  VatMonthDetailDto,
  VatReportDto,
} from '@app/domain'
import { useQuery } from '@tanstack/react-query'
import { get } from '../../lib/api'

export const OPERATING_ACCOUNT_PATH = '/app/reports/operating-account'
export const SALES_REPORT_PATH = '/app/reports/sales'
export const VAT_REPORT_PATH = '/app/reports/taxes'

/** The VAT report of a year, where the month page's back link leads. */
export const vatReportPath = (year: number) => `${VAT_REPORT_PATH}?year=${year}`
/** A month's VAT detail page: /app/reports/taxes/2026-03. */
export const vatMonthPath = (month: string) => `${VAT_REPORT_PATH}/${month}`

/** The CA3 of a month (GET /reports/vat-declaration.pdf?year&month), as fetch asks for it. */
export const vatDeclarationUrl = (year: number, month: number) =>
  `/api/v1/reports/vat-declaration.pdf?${new URLSearchParams({ year: String(year), month: String(month) })}`

/** The CA3 on screen: /app/reports/taxes/declaration?year=2026&month=3 (a quarter: its last month). */
export const vatDeclarationPath = (year: number, month: number) =>
  `${VAT_REPORT_PATH}/declaration?${new URLSearchParams({ year: String(year), month: String(month) })}`

/** Every report reads the ledger: one key to refresh them all when the books change. */
const reportsKey = ['reports'] as const

/** GET /reports/operating-account over the calendar year: 1 January to 31 December. */
export function useOperatingAccount(year: number) {
  const query = new URLSearchParams({ from: `${year}-01-01`, to: `${year}-12-31` })
  return useQuery({
    queryKey: [...reportsKey, 'operating-account', year],
    queryFn: async () => (await get<ItemResponse<OperatingAccountDto>>(`/reports/operating-account?${query}`)).data,
  })
}

/** GET /reports/sales?year. */
export function useSalesReport(year: number) {
  return useQuery({
    queryKey: [...reportsKey, 'sales', year],
    queryFn: async () => (await get<ItemResponse<SalesReportDto>>(`/reports/sales?year=${year}`)).data,
  })
}

/** GET /reports/vat?year. */
export function useVatReport(year: number) {
  return useQuery({
    queryKey: [...reportsKey, 'vat', year],
    queryFn: async () => (await get<ItemResponse<VatReportDto>>(`/reports/vat?year=${year}`)).data,
  })
}

/** GET /reports/vat/{YYYY-MM}: the operations behind a month of the VAT report. Waits while `month` is null. */
export function useVatMonth(month: string | null) {
  return useQuery({
    queryKey: [...reportsKey, 'vat', 'month', month],
    queryFn: async () => (await get<ItemResponse<VatMonthDetailDto>>(`/reports/vat/${month}`)).data,
    enabled: month !== null,
  })
}

/** GET /reports/vat-declaration?year&month: the CA3's boxes and the lines behind each. Waits while either is 0. */
export function useVatDeclaration(year: number, month: number) {
  return useQuery({
    queryKey: [...reportsKey, 'vat', 'declaration', year, month],
    queryFn: async () =>
      (await get<ItemResponse<VatDeclarationDto>>(`/reports/vat-declaration?year=${year}&month=${month}`)).data,
    enabled: year !== 0 && month !== 0,
  })
}
