import type { ItemResponse, SupportAccessDto, SupportStatusDto } from '@app/domain'
import { useQuery } from '@tanstack/react-query'
import { get } from './api'

export const supportStatusKey = ['support', 'status'] as const
export const supportAccessKey = ['me', 'support-access'] as const

/** Whether the signed-in person is a support operator, and as whom they act (GET /support/status). */
export const useSupportStatus = (enabled = true) =>
  useQuery({
    queryKey: supportStatusKey,
    queryFn: async () => (await get<ItemResponse<SupportStatusDto>>('/support/status')).data,
    enabled,
    staleTime: 60_000,
  })

export const useSupportAccess = () =>
  useQuery({
    queryKey: supportAccessKey,
    queryFn: async () => (await get<ItemResponse<SupportAccessDto>>('/me/support-access')).data,
  })
