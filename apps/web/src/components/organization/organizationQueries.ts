import type { ItemResponse, OrganizationDto } from '@app/domain'
import { useQuery } from '@tanstack/react-query'
import { get } from '../../lib/api'

/** GET /organization: the settings page and the legal-info page read and update the same entry. */
export const organizationQueryKey = ['organization'] as const

export function useOrganization() {
  return useQuery({
    queryKey: organizationQueryKey,
    queryFn: async () => (await get<ItemResponse<OrganizationDto>>('/organization')).data,
  })
}
