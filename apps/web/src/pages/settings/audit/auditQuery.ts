import type { AuditCategory, AuditEventDto } from '@app/domain'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { get } from '../../../lib/api'

export const AUDIT_PAGE_SIZE = 25

/** The page's filters, as the API names them (GET /audit-events and its CSV export take the same). */
export type AuditFilters = {
  from: string | null
  to: string | null
  userId: string | null
  category: AuditCategory | null
}

export const NO_FILTERS: AuditFilters = { from: null, to: null, userId: null, category: null }

/** The query string of the filters set (an empty filter is left out). */
export function auditFilterParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.from) params.set('filter[from]', filters.from)
  if (filters.to) params.set('filter[to]', filters.to)
  if (filters.userId) params.set('filter[userId]', filters.userId)
  if (filters.category) params.set('filter[category]', filters.category)
  return params
}

export const auditExportPath = (filters: AuditFilters) => {
  const query = auditFilterParams(filters).toString()
  return `/audit-events/export.csv${query ? `?${query}` : ''}`
}

type AuditPage = { data: AuditEventDto[]; meta: { total: number; page: number; pageSize: number } }

export function useAuditEvents(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: ['audit-events', filters, page],
    queryFn: () => {
      const params = auditFilterParams(filters)
      params.set('page', String(page))
      params.set('pageSize', String(AUDIT_PAGE_SIZE))
      return get<AuditPage>(`/audit-events?${params}`)
    },
    // The table keeps its rows while the next page loads: no jump to an empty frame.
    placeholderData: keepPreviousData,
  })
}
