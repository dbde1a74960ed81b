import type { CashClosing, CashJournalVerification, ClosingPeriod, ItemResponse, ListResponse } from '@app/domain'
import { genericMessages } from '@app/domain'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { filenameFromDisposition, saveBlob } from '../../../components/pdf/download'
import { ApiError, type ApiErrorBody, get } from '../../../lib/api'

export const CASH_JOURNAL_PATH = '/app/financial/cash-journal'
const key = ['cash-journal'] as const

/** GET /cash-journal/verification: the whole chain walked by the server, each time the page asks (« Vérifier »). */
export function useCashJournalVerification() {
  return useQuery({
    queryKey: [...key, 'verification'],
    queryFn: async () => (await get<ItemResponse<CashJournalVerification>>('/cash-journal/verification')).data,
  })
}

/** GET /cash-journal/closings: a page of closings (Z), newest first. */
export function useCashClosings(params: { page: number; pageSize: number; period: ClosingPeriod | null }) {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) })
  if (params.period) query.set('filter[period]', params.period)
  return useQuery({
    queryKey: [...key, 'closings', query.toString()],
    queryFn: () => get<ListResponse<CashClosing>>(`/cash-journal/closings?${query}`),
    placeholderData: keepPreviousData,
  })
}

/**
 * POST /cash-journal/archives {year}: the file as the server hashed it (its bytes, untouched), saved under the
 * server's name; answers its sha256, which the journal now holds in an ARCHIVE entry.
 */
export function useCashArchive() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (year: number) => {
      let response: Response
      try {
        response = await fetch('/api/v1/cash-journal/archives', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'fetch' },
          body: JSON.stringify({ year }),
        })
      } catch {
        throw new ApiError(0, { message: genericMessages.error, code: 'NETWORK' })
      }
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as ApiErrorBody | null
        throw new ApiError(response.status, body ?? { message: genericMessages.error, code: 'UNKNOWN' })
      }
      const blob = await response.blob()
      saveBlob(
        blob,
        filenameFromDisposition(response.headers.get('content-disposition')) ?? `journal-de-caisse-${year}.json`,
      )
      return { sha256: response.headers.get('x-archive-sha256') ?? '' }
    },
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  })
}
