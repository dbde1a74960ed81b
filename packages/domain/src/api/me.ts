import type { Preferences } from '../schemas/me'
import type { OrganizationDto } from './account'

/** Response shapes of the signed-in user's routes (API.md "Auth and account"). */

export type MeDto = {
  id: number
  firstname: string
  lastname: string
  email: string
  position: string | null
  phoneMobile: string | null
  phoneOffice: string | null
  isAdmin: boolean
  impersonate: boolean
  canDeleteTransaction: boolean
  canAccessV2: boolean
  preferences: Preferences
  lastLoginAt: string | null
  createdAt: string
  currentOrganizationId: number | null
  currentOrganization: OrganizationDto | null
  organizations: { id: number; name: string; isActive: boolean; roleCode: string }[]
}

export type ApiTokenDto = {
  id: number
  name: string
  lastFour: string
  lastUsedAt: string | null
  createdAt: string
  token?: string
}

export type MailboxMessageDto = {
  id: number
  to: string
  subject: string
  text: string
  status: string
  createdAt: string
}

export type ListResponse<T> = { data: T[]; meta: { total: number; page: number; pageSize: number } }
export type ItemResponse<T> = { data: T }
