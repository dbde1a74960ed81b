import {
  type LegalInfoFacts,
  missingLegalInfo,
  type OrganizationDto,
  type OrganizationUpdateInput,
  type PlanAccess,
  platformNameOf,
} from '@app/domain'
import { type AddressWithType, presentAddress } from '../../platform/addresses/presenter'
import type { OrganizationRepo } from './repo'

type Detail = NonNullable<Awaited<ReturnType<OrganizationRepo['findDetail']>>>
/** What the legal-info gate reads of an organisation (the DTO and the 409 LEGAL_INFO_REQUIRED say the same). */
export const legalInfoFactsOf = (detail: Detail, hasAddress: boolean): LegalInfoFacts => ({
  name: detail.organization.name,
  registrySiren: detail.organization.registrySiren,
  hasAddress,
  registryIntra: detail.organization.registryIntra,
  isTaxFree: detail.taxRegime.code === 'FREE',
})

/** The organisation as API.md and spec/account.md §3 name its fields. */
export function presentOrganization(
  detail: Detail,
  addressRows: AddressWithType[],
  access: PlanAccess,
  membership: { roleId: number; roleCode: string },
): OrganizationDto {
  const org = detail.organization
  const addresses = addressRows.map(presentAddress)
  const defaultAddress = addresses.find((a) => a.isDefault) ?? addresses[0] ?? null
  const missing = missingLegalInfo(legalInfoFactsOf(detail, addressRows.length > 0))
  return {
    id: org.id,
    uuid: org.uuid,
    name: org.name,
    brandName: org.brandName,
    ownerId: org.ownerId,
    owner: { firstname: detail.owner.firstname, lastname: detail.owner.lastname },
    legalFormId: org.legalFormId,
    legalForm: detail.legalForm,
    legalFormType: detail.legalForm.type,
    sectorId: org.sectorId,
    sector: detail.sector,
    taxRegimeId: org.taxRegimeId,
    taxRegime: detail.taxRegime,
    taxAreaId: org.taxAreaId,
    taxArea: detail.taxArea,
    canSellCash: org.canSellCash,
    hasCashRegister: org.hasCashRegister,
    financialPeriodEnd: org.financialPeriodEnd,
    fiscalYearStartedAt: org.fiscalYearStartedAt,
    fiscalYearEndedAt: org.fiscalYearEndedAt,
    registrySiren: org.registrySiren,
    registryIntra: org.registryIntra,
    registryApe: org.registryApe,
    registryName: org.registryName,
    registryCapital: org.registryCapital,
    companyForm: org.companyForm,
    url: org.url,
    email: org.email,
    phone: org.phone,
    addresses,
    defaultAddress,
    platform: { code: org.platformCode, name: platformNameOf(org.platformCode) },
    plan: { code: access.planCode },
    free: access.free,
    isOnTrial: access.isOnTrial,
    trialEndsAt: org.trialEndsAt,
    onGracePeriod: access.onGracePeriod,
    endsAt: org.subscriptionEndsAt,
    paymentRequired: org.paymentRequired,
    features: access.features,
    maxCollaborators: access.maxCollaborators,
    hasCompletedLegalInfo: missing.length === 0,
    missingLegalInfo: missing,
    isTaxFree: detail.taxRegime.code === 'FREE',
    isActive: org.isActive,
    isDemo: org.isDemo,
    createdAt: org.createdAt,
    updatedAt: org.updatedAt,
    currentUserRole: { id: membership.roleId, code: membership.roleCode },
    isOwner: membership.roleCode === 'owner',
  }
}

/** The organisation's current values in PATCH /organization's input shape, for the PATCH merge (lib/patch.ts). */
export function organizationUpdateInputOf(org: OrganizationDto): OrganizationUpdateInput {
  const address = org.defaultAddress
  return {
    name: org.name,
    brandName: org.brandName,
    legalFormId: org.legalFormId,
    sectorId: org.sectorId,
    taxRegimeId: org.taxRegimeId,
    taxAreaId: org.taxAreaId,
    canSellCash: org.canSellCash,
    hasCashRegister: org.hasCashRegister,
    financialPeriodEnd: org.financialPeriodEnd,
    registrySiren: org.registrySiren,
    registryIntra: org.registryIntra,
    registryApe: org.registryApe,
    registryName: org.registryName,
    registryCapital: org.registryCapital,
    companyForm: org.companyForm,
    url: org.url,
    email: org.email,
    phone: org.phone,
    address: address
      ? {
          street: address.street ?? '',
          complement1: address.complement1,
          complement2: address.complement2,
          postcode: address.postcode,
          city: address.city,
          countryId: address.countryId,
        }
      : null,
  }
}
