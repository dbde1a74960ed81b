import { z } from 'zod'
import { compactIdentifier, isValidSiren } from '../identifiers/index'
import { messages } from '../messages/index'
import { moneyString } from '../money/schema'
import {
  booleanField,
  emailField,
  idField,
  optionalEmailField,
  optionalPhoneField,
  optionalText,
  optionalUrlField,
  postcodeField,
  requiredText,
} from './common'
import { optionalVatNumberField } from './contacts'
import { PAGE_SIZE_MAX, pagingFields, searchFields } from './lists'

const v = messages.validation

/** Sign-up step two and "add an organisation" share this body (API.md). */
export const organizationCreateSchema = z.strictObject({
  organizationName: requiredText(),
  legalFormId: idField(),
  sectorId: idField(),
  taxRegimeId: idField(),
  taxAreaId: idField(),
  canSellCash: booleanField(),
})
export type OrganizationCreateInput = z.input<typeof organizationCreateSchema>
export type OrganizationCreate = z.output<typeof organizationCreateSchema>

export const FRANCE_COUNTRY_ID = 71

/** The organisation's own address, edited in the settings ("simple form": street, postcode and city required). */
export const simpleAddressSchema = z.strictObject({
  street: requiredText(),
  complement1: optionalText(),
  complement2: optionalText(),
  postcode: postcodeField(),
  city: requiredText(),
  countryId: idField().default(FRANCE_COUNTRY_ID),
})
export type SimpleAddressInput = z.input<typeof simpleAddressSchema>
export type SimpleAddress = z.output<typeof simpleAddressSchema>

/** The share capital: an amount of the spec's bounds (±99 999 999,999999, its message says so), cents at most, not below 0. */
const moneyAmount = moneyString({ maxDecimals: 2 }).refine((value) => !value.startsWith('-'), {
  error: v.amountNegative,
})

/**
 * The organisation's SIREN (9 digits, spaces removed) with its Luhn check digit, as a customer's (La Poste's
 * 356 000 000 passes it).
 */
export const organizationSirenField = () =>
  z
    .string({ error: v.sirenInvalid })
    .max(40, { error: v.sirenInvalid })
    .nullish()
    .transform((value, ctx) => {
      const compact = value ? compactIdentifier(value) : ''
      if (compact === '') return null
      if (!/^\d{9}$/.test(compact)) {
        ctx.addIssue({ code: 'custom', message: v.sirenInvalid, input: value })
        return z.NEVER
      }
      if (!isValidSiren(compact)) {
        ctx.addIssue({ code: 'custom', message: v.sirenOrSiretCheck, input: value })
        return z.NEVER
      }
      return compact
    })

/** The fields of PATCH /organization, each on its own: a PATCH body is these, all optional (`patchBodyOf`). */
export const organizationUpdateFields = z.strictObject({
  name: requiredText(),
  brandName: optionalText(),
  legalFormId: idField(),
  sectorId: idField(),
  taxRegimeId: idField(),
  taxAreaId: idField(),
  canSellCash: z.boolean().optional(),
  hasCashRegister: z.boolean().optional(),
  financialPeriodEnd: z.coerce.number().int().min(1).max(12).optional(),
  registrySiren: organizationSirenField(),
  /** Compacted and upper-cased; a French key must match the SIREN inside it, and that SIREN the organisation's. */
  registryIntra: optionalVatNumberField(),
  registryApe: optionalText(10),
  registryName: optionalText(),
  /** Share capital and company form only make sense for companies (legal form code SO); the service drops them otherwise. */
  registryCapital: moneyAmount.nullish(),
  companyForm: optionalText(),
  url: optionalUrlField(),
  email: optionalEmailField(),
  phone: optionalPhoneField(),
  address: simpleAddressSchema.nullish(),
})

/** The organisation's settings: its SIREN and its French VAT number must agree, as a customer's do. */
export const organizationUpdateSchema = organizationUpdateFields.superRefine((organization, ctx) => {
  const vat = organization.registryIntra
  if (organization.registrySiren && vat?.startsWith('FR') && vat.slice(4) !== organization.registrySiren)
    ctx.addIssue({ code: 'custom', path: ['registryIntra'], message: v.vatNumberSirenMismatch })
})
export type OrganizationUpdateInput = z.input<typeof organizationUpdateSchema>
export type OrganizationUpdate = z.output<typeof organizationUpdateSchema>

export const invitationCreateSchema = z.strictObject({
  email: emailField(),
  roleId: idField(v.roleRequired),
})
export type InvitationCreateInput = z.input<typeof invitationCreateSchema>
export type InvitationCreate = z.output<typeof invitationCreateSchema>

export const memberUpdateSchema = z.strictObject({ roleId: idField(v.roleRequired) })
export type MemberUpdate = z.output<typeof memberUpdateSchema>

/**
 * GET /organization/members, /organization/invitations and /roles: short lists (a plan's collaborators), so the whole
 * list by default; they page as every list does.
 */
export const shortListQuerySchema = z.strictObject({
  ...pagingFields({ defaultSize: PAGE_SIZE_MAX }),
  ...searchFields(),
})
export type ShortListQuery = z.output<typeof shortListQuerySchema>

export const switchOrganizationSchema = z.strictObject({ organizationId: idField() })
export type SwitchOrganization = z.output<typeof switchOrganizationSchema>

export const invitationAcceptSchema = z.strictObject({
  token: z
    .string({ error: v.required })
    .min(1, { error: v.required })
    .max(200, { error: v.tooLong(200) }),
})
