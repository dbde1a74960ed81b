import type { Preferences } from '../schemas/me'

/** Response shapes of the account routes (API.md "Auth and account", "Organisation, members, settings"). */

export type Ref = { id: number; code: string; name: string }

export type AddressDto = {
  id: number
  addressableType: string
  addressableId: number
  addressTypeId: number
  addressTypeCode: string
  name: string | null
  street: string | null
  complement1: string | null
  complement2: string | null
  postcode: string
  city: string
  countryId: number
  isDefault: boolean
}

export type OrganizationDto = {
  id: number
  uuid: string
  name: string
  brandName: string | null
  ownerId: number
  owner: { firstname: string; lastname: string }
  legalFormId: number
  legalForm: Ref & { type: string }
  legalFormType: string
  sectorId: number
  sector: Ref
  taxRegimeId: number
  taxRegime: Ref
  taxAreaId: number
  taxArea: Ref
  canSellCash: boolean
  hasCashRegister: boolean
  financialPeriodEnd: number
  fiscalYearStartedAt: string | null
  fiscalYearEndedAt: string | null
  registrySiren: string | null
  registryIntra: string | null
  registryApe: string | null
  registryName: string | null
  registryCapital: string | null
  companyForm: string | null
  url: string | null
  email: string | null
  phone: string | null
  addresses: AddressDto[]
  defaultAddress: AddressDto | null
  platform: { code: string; name: string }
  plan: { code: string }
  free: boolean
  isOnTrial: boolean
  trialEndsAt: string | null
  onGracePeriod: boolean
  endsAt: string | null
  paymentRequired: boolean
  features: readonly string[]
  maxCollaborators: number
  hasCompletedLegalInfo: boolean
  isTaxFree: boolean
  isActive: boolean
  isDemo: boolean
  createdAt: string
  updatedAt: string
  currentUserRole: { id: number; code: string }
  isOwner: boolean
}

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

export type RoleDto = { id: number; code: string; name: string; label: string }

export type MemberDto = {
  id: number
  firstname: string
  lastname: string
  email: string
  lastLoginAt: string | null
  role: RoleDto
}

export type InvitationDto = { id: number; email: string; role: RoleDto; createdAt: string; updatedAt: string }

export type InvitationPreviewDto = {
  organizationName: string
  email: string
  role: { id: number; label: string }
  invitedBy: string | null
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
