import { z } from 'zod'
import { LEGAL_INFO_PIECES } from '../organizations/access'

/** Response shapes of the account routes (API.md "Auth and account", "Organisation, members, settings"). */

export const refSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() })
export type Ref = z.infer<typeof refSchema>

export const addressDtoSchema = z
  .object({
    id: z.number().int(),
    addressableType: z.string(),
    addressableId: z.number().int(),
    addressTypeId: z.number().int(),
    addressTypeCode: z.string(),
    name: z.string().nullable(),
    street: z.string().nullable(),
    complement1: z.string().nullable(),
    complement2: z.string().nullable(),
    postcode: z.string(),
    city: z.string(),
    countryId: z.number().int(),
    isDefault: z.boolean(),
  })
  .meta({ id: 'Address' })
export type AddressDto = z.infer<typeof addressDtoSchema>

export const organizationDtoSchema = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    name: z.string(),
    brandName: z.string().nullable(),
    ownerId: z.number().int(),
    owner: z.object({ firstname: z.string(), lastname: z.string() }),
    legalFormId: z.number().int(),
    legalForm: refSchema.extend({ type: z.string() }),
    legalFormType: z.string(),
    sectorId: z.number().int(),
    sector: refSchema,
    taxRegimeId: z.number().int(),
    taxRegime: refSchema,
    taxAreaId: z.number().int(),
    taxArea: refSchema,
    canSellCash: z.boolean(),
    hasCashRegister: z.boolean(),
    financialPeriodEnd: z.number().int(),
    fiscalYearStartedAt: z.string().nullable(),
    fiscalYearEndedAt: z.string().nullable(),
    registrySiren: z.string().nullable(),
    registryIntra: z.string().nullable(),
    registryApe: z.string().nullable(),
    registryName: z.string().nullable(),
    registryCapital: z.string().nullable(),
    companyForm: z.string().nullable(),
    url: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    addresses: z.array(addressDtoSchema),
    defaultAddress: addressDtoSchema.nullable(),
    platform: z.object({ code: z.string(), name: z.string() }),
    plan: z.object({ code: z.string() }),
    free: z.boolean(),
    isOnTrial: z.boolean(),
    trialEndsAt: z.string().nullable(),
    onGracePeriod: z.boolean(),
    endsAt: z.string().nullable(),
    paymentRequired: z.boolean(),
    features: z.array(z.string()).readonly(),
    maxCollaborators: z.number().int(),
    hasCompletedLegalInfo: z.boolean(),
    /** What issuing a quote or an invoice still needs (name, siren, address, vatNumber): empty when complete. */
    missingLegalInfo: z.array(z.enum(LEGAL_INFO_PIECES)),
    isTaxFree: z.boolean(),
    isActive: z.boolean(),
    isDemo: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    currentUserRole: z.object({ id: z.number().int(), code: z.string() }),
    isOwner: z.boolean(),
  })
  .meta({ id: 'Organization' })
export type OrganizationDto = z.infer<typeof organizationDtoSchema>

export const roleDtoSchema = z
  .object({ id: z.number().int(), code: z.string(), name: z.string(), label: z.string() })
  .meta({ id: 'Role', description: "Rôle d'un membre dans l'entreprise (owner, collaborator…)" })
export type RoleDto = z.infer<typeof roleDtoSchema>

export const memberDtoSchema = z
  .object({
    id: z.number().int().meta({ description: "Id de l'utilisateur" }),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    lastLoginAt: z.string().nullable(),
    role: roleDtoSchema,
  })
  .meta({ id: 'Member', description: "Membre de l'entreprise" })
export type MemberDto = z.infer<typeof memberDtoSchema>

export const invitationDtoSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    role: roleDtoSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Invitation', description: 'Invitation en attente' })
export type InvitationDto = z.infer<typeof invitationDtoSchema>

export const invitationPreviewDtoSchema = z
  .object({
    organizationName: z.string(),
    email: z.string(),
    role: z.object({ id: z.number().int(), label: z.string() }),
    invitedBy: z.string().nullable(),
  })
  .meta({ id: 'InvitationPreview', description: "Ce que voit l'invité avant de se connecter ou de s'inscrire" })
export type InvitationPreviewDto = z.infer<typeof invitationPreviewDtoSchema>
