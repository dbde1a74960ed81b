import type { InvitationDto, MemberDto, RoleDto } from '@app/domain'
import { useQuery } from '@tanstack/react-query'
import { REFERENCE_STALE_TIME } from '../../components/ReferenceSelect'
import { get } from '../../lib/api'

/** Query keys named as the spec names the caches that an invitation invalidates (spec/account.md §7). */
export const membersQueryKey = ['organization-users'] as const
export const invitationsQueryKey = ['organization-invites'] as const
export const rolesQueryKey = ['roles'] as const

export const useMembers = () =>
  useQuery({
    queryKey: membersQueryKey,
    queryFn: async () => (await get<{ data: MemberDto[] }>('/organization/members')).data,
  })

export const useInvitations = () =>
  useQuery({
    queryKey: invitationsQueryKey,
    queryFn: async () => (await get<{ data: InvitationDto[] }>('/organization/invitations')).data,
  })

export const useRoles = () =>
  useQuery({
    queryKey: rolesQueryKey,
    queryFn: async () => (await get<{ data: RoleDto[] }>('/roles')).data,
    staleTime: REFERENCE_STALE_TIME,
  })
