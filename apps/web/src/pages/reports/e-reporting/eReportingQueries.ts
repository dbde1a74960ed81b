import type {
  EReportingKind,
  EReportingPeriodDetailDto,
  EReportingPeriodDto,
  ItemResponse,
  ListResponse,
} from '@app/domain'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { filenameFromDisposition, saveBlob } from '../../../components/pdf/download'
import { get, post } from '../../../lib/api'

export const E_REPORTING_PATH = '/app/reports/e-reporting'
export const CONNECT_PATH = '/app/setting/e-invoicing'
export const REGIME_PATH = '/app/setting/account'

/** The codes of the API's refusals this page answers with more than their message. */
export const NOT_CONNECTED = 'E_INVOICING_NOT_CONNECTED'
export const REGIME_MISSING = 'TAX_REGIME_MISSING'

const eReportingKey = ['e-reporting'] as const

export type PeriodListParams = {
  year: number
  kind?: EReportingKind
  page: number
  pageSize: number
  search: string
}

/** GET /e-reporting/periods: one year's periods, newest first. */
export function useEReportingPeriods(params: PeriodListParams) {
  const query = new URLSearchParams({
    year: String(params.year),
    page: String(params.page),
    pageSize: String(params.pageSize),
  })
  if (params.kind) query.set('filter[kind]', params.kind)
  if (params.search) query.set('search', params.search)
  return useQuery({
    queryKey: [...eReportingKey, 'periods', params],
    queryFn: () => get<ListResponse<EReportingPeriodDto>>(`/e-reporting/periods?${query}`),
    placeholderData: keepPreviousData,
  })
}

/** A period as the URL names it in ?open=: "transactions:2026-11-01". */
export type PeriodRef = { kind: EReportingKind; start: string }

export const periodRefOf = (open: string | undefined): PeriodRef | null => {
  const match = /^(transactions|payments):(\d{4}-\d{2}-\d{2})$/.exec(open ?? '')
  return match ? { kind: match[1] as EReportingKind, start: match[2] as string } : null
}

export const openOf = (period: PeriodRef) => `${period.kind}:${period.start}`

const periodPath = (period: PeriodRef) => `/e-reporting/periods/${period.kind}/${period.start}`

/** GET /e-reporting/periods/{kind}/{start} ({data}); waits while no period is open. */
export function useEReportingPeriod(period: PeriodRef | null) {
  return useQuery({
    queryKey: [...eReportingKey, 'period', period?.kind, period?.start],
    queryFn: async () => (await get<ItemResponse<EReportingPeriodDetailDto>>(periodPath(period as PeriodRef))).data,
    enabled: period !== null,
  })
}

/** POST …/transmissions: the answer is the refreshed period; the list's rows change with it. */
export function useTransmit(period: PeriodRef) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async () =>
      (await post<ItemResponse<EReportingPeriodDetailDto>>(`${periodPath(period)}/transmissions`)).data,
    onSuccess: (detail) => {
      client.setQueryData([...eReportingKey, 'period', period.kind, period.start], detail)
      client.invalidateQueries({ queryKey: [...eReportingKey, 'periods'] })
    },
  })
}

/** The XML a transmission sent, saved under the server's name; false when it could not be had. */
export async function downloadTransmissionFile(id: number, fallbackName: string): Promise<boolean> {
  try {
    const response = await fetch(`/api/v1/e-reporting/transmissions/${id}/file`, { credentials: 'same-origin' })
    if (!response.ok) return false
    saveBlob(
      await response.blob(),
      filenameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName,
    )
    return true
  } catch {
    return false
  }
}
