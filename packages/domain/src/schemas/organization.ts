import { z } from 'zod'
import { messages } from '../messages/index'
import {
  booleanField,
  emailField,
  idField,
  optionalEmailField,
  optionalPhoneField,
  optionalSirenField,
  optionalText,
  optionalUrlField,
  postcodeField,
  requiredText,
} from './common'

const v = messages.validation

/** Sign-up step two and "add an organisation" share this body (API.md). */
export const organizationCreateSchema = z.object({
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
export const simpleAddressSchema = z.object({
  street: requiredText(),
  complement1: optionalText(),
  complement2: optionalText(),
  postcode: postcodeField(),
  city: requiredText(),
  countryId: idField().default(FRANCE_COUNTRY_ID),
})
export type SimpleAddressInput = z.input<typeof simpleAddressSchema>
export type SimpleAddress = z.output<typeof simpleAddressSchema>

const moneyAmount = z
  .union([z.string(), z.number()], { error: v.required })
  .transform((value) => String(value).trim().replace(',', '.'))
  .refine((value) => /^\d{1,12}(\.\d{1,2})?$/.test(value), { error: "Le montant n'est pas valide" })

export const organizationUpdateSchema = z.object({
  name: requiredText(),
  brandName: optionalText(),
  legalFormId: idField(),
  sectorId: idField(),
  taxRegimeId: idField(),
  taxAreaId: idField(),
  canSellCash: z.boolean().optional(),
  hasCashRegister: z.boolean().optional(),
  financialPeriodEnd: z.coerce.number().int().min(1).max(12).optional(),
  registrySiren: optionalSirenField(),
  registryIntra: optionalText(20),
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
export type OrganizationUpdateInput = z.input<typeof organizationUpdateSchema>
export type OrganizationUpdate = z.output<typeof organizationUpdateSchema>

export const invitationCreateSchema = z.object({
  email: emailField(),
  roleId: idField(v.roleRequired),
})
export type InvitationCreateInput = z.input<typeof invitationCreateSchema>
export type InvitationCreate = z.output<typeof invitationCreateSchema>

export const memberUpdateSchema = z.object({ roleId: idField(v.roleRequired) })
export type MemberUpdate = z.output<typeof memberUpdateSchema>

export const switchOrganizationSchema = z.object({ organizationId: idField() })
export type SwitchOrganization = z.output<typeof switchOrganizationSchema>

export const invitationAcceptSchema = z.object({ token: z.string().min(1).max(200) })
