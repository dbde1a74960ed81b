import { z } from 'zod'
import { checkVatNumber, compactIdentifier, compactVatNumber, isValidSiren, isValidSiret } from '../identifiers/index'
import { messages } from '../messages/index'
import { CONTACT_TYPE_IDS, COUNTRY_FRANCE_ID } from '../reference/ids'
import {
  idField,
  optionalEmailField,
  optionalIdField,
  optionalPhoneField,
  optionalText,
  optionalUrlField,
  requiredText,
} from './common'
import { pagingFields, searchFields } from './lists'

const v = messages.validation

/** A contact is a customer, a supplier or both; the list routes take one of the first two. */
export const CONTACT_RELATIONS = ['customer', 'supplier'] as const
export type ContactRelationFilter = (typeof CONTACT_RELATIONS)[number]
export type ContactRelation = ContactRelationFilter | 'both'

/** SIREN (9 digits) or SIRET (14 digits), spaces removed, with its check digits (Luhn, La Poste's exception). */
export const optionalSirenOrSiretField = () =>
  z
    .string({ error: v.sirenOrSiretFormat })
    .max(40, { error: v.sirenOrSiretFormat })
    .nullish()
    .transform((value, ctx) => {
      const compact = value ? compactIdentifier(value) : ''
      if (compact === '') return null
      if (!/^(\d{9}|\d{14})$/.test(compact)) {
        ctx.addIssue({ code: 'custom', message: v.sirenOrSiretFormat, input: value })
        return z.NEVER
      }
      if (!(compact.length === 9 ? isValidSiren(compact) : isValidSiret(compact))) {
        ctx.addIssue({ code: 'custom', message: v.sirenOrSiretCheck, input: value })
        return z.NEVER
      }
      return compact
    })

/** Intra-community VAT number, compacted and upper-cased; French keys are checked against the SIREN inside. */
export const optionalVatNumberField = () =>
  z
    .string({ error: v.vatNumberFormat })
    .max(40, { error: v.vatNumberFormat })
    .nullish()
    .transform((value, ctx) => {
      const compact = value ? compactVatNumber(value) : ''
      if (compact === '') return null
      const check = checkVatNumber(compact)
      if (check !== 'valid') {
        ctx.addIssue({ code: 'custom', message: check === 'key' ? v.vatNumberKey : v.vatNumberFormat, input: value })
        return z.NEVER
      }
      return compact
    })

export const optionalDateField = () =>
  z
    .string({ error: v.dateInvalid })
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null))
    .refine((value) => value === null || isCalendarDate(value), { error: v.dateInvalid })

const isCalendarDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** A contact person ("sub-contact") of a business: a name, and optional e-mail, phones and position. */
export const contactPersonSchema = z.strictObject({
  /** Present for an existing person, absent (or 0) for a new one. */
  id: optionalIdField(),
  name: requiredText(),
  email: optionalEmailField(),
  phoneMobile: optionalPhoneField(),
  phoneOffice: optionalPhoneField(),
  position: optionalText(),
})
export type ContactPersonInput = z.input<typeof contactPersonSchema>
export type ContactPerson = z.output<typeof contactPersonSchema>

/** The fields of a contact, each on its own: a PATCH body is these, all optional (`patchBodyOf`). */
export const contactFields = z.strictObject({
  contactTypeId: idField().refine((id) => id === CONTACT_TYPE_IDS.BUSINESS || id === CONTACT_TYPE_IDS.PRIVATE, {
    error: v.choiceInvalid,
  }),
  name: requiredText(),
  registrySiren: optionalSirenOrSiretField(),
  registryName: optionalText(),
  registryApe: optionalText(10),
  registryDate: optionalDateField(),
  intracommunityTaxNumber: optionalVatNumberField(),
  legalFormId: optionalIdField(),
  sectorId: optionalIdField(),
  email: optionalEmailField(),
  phoneMobile: optionalPhoneField(),
  phoneOffice: optionalPhoneField(),
  url: optionalUrlField(),
  /** Absent: the contact persons are left as they are. Present: the new list (ids kept, others removed). */
  contacts: z.array(contactPersonSchema).max(100).optional(),
})

/**
 * Create and edit a customer or supplier (spec/sales.md §5 "Contact"). A business (contactTypeId 1) needs its
 * SIREN (or SIRET) and VAT number, which must agree; an individual keeps only a name, contact details and no
 * contact persons: the business-only fields are dropped.
 */
export const contactSchema = contactFields
  .superRefine((contact, ctx) => {
    if (contact.contactTypeId !== CONTACT_TYPE_IDS.BUSINESS) return
    if (!contact.registrySiren) ctx.addIssue({ code: 'custom', path: ['registrySiren'], message: v.required })
    if (!contact.intracommunityTaxNumber)
      ctx.addIssue({ code: 'custom', path: ['intracommunityTaxNumber'], message: v.required })
    const vat = contact.intracommunityTaxNumber
    if (contact.registrySiren && vat?.startsWith('FR') && vat.slice(4) !== contact.registrySiren.slice(0, 9))
      ctx.addIssue({ code: 'custom', path: ['intracommunityTaxNumber'], message: v.vatNumberSirenMismatch })
  })
  .transform((contact) =>
    contact.contactTypeId === CONTACT_TYPE_IDS.BUSINESS
      ? contact
      : {
          ...contact,
          registrySiren: null,
          registryName: null,
          registryApe: null,
          registryDate: null,
          intracommunityTaxNumber: null,
          legalFormId: null,
          sectorId: null,
          contacts: contact.contacts === undefined ? undefined : [],
        },
  )
export type ContactInput = z.input<typeof contactSchema>
export type ContactBody = z.output<typeof contactSchema>

const listBase = { ...pagingFields(), ...searchFields() }

/** GET /contacts (API.md Lists): any other query parameter is a 400. */
export const contactListQuerySchema = z.strictObject({
  ...listBase,
  sort: z.enum(['name', '-name', 'createdAt', '-createdAt']).default('name'),
  'filter[relation]': z.enum(CONTACT_RELATIONS).optional(),
  'filter[id]': idField().optional(),
})
export type ContactListQuery = z.output<typeof contactListQuerySchema>

/** POST /contacts?relation=… (supplier when absent, as in the spec), PATCH and DELETE /contacts/{id}?relation=… */
export const contactRelationQuerySchema = z.strictObject({ relation: z.enum(CONTACT_RELATIONS).optional() })

// Addresses ---------------------------------------------------------------------------------------------------------

export const ADDRESSABLE_TYPES = ['contact', 'organization'] as const
export type AddressableType = (typeof ADDRESSABLE_TYPES)[number]

/** The fields of an address, each on its own: PATCH /addresses/{id}'s body is these, all optional (`patchBodyOf`). */
export const addressUpdateFields = z.strictObject({
  addressTypeId: idField(),
  name: optionalText(),
  street: optionalText(),
  complement1: optionalText(),
  complement2: optionalText(),
  postcode: requiredText(20),
  city: requiredText(),
  countryId: idField().default(COUNTRY_FRANCE_ID),
  isDefault: z.boolean({ error: v.required }).optional(),
})

/** A French postcode is exactly 5 digits ("Le format ne semble pas valide. Exemple: 34000"). */
const frenchPostcode = (address: { postcode: string; countryId: number }, ctx: z.RefinementCtx) => {
  if (address.countryId === COUNTRY_FRANCE_ID && !/^\d{5}$/.test(address.postcode))
    ctx.addIssue({ code: 'custom', path: ['postcode'], message: v.postcodeInvalid })
}

/** POST /addresses (spec/sales.md §5 "Address"): blank strings are stored as null. */
export const addressCreateSchema = z
  .strictObject({
    addressableType: z.enum(ADDRESSABLE_TYPES, { error: v.choiceInvalid }),
    addressableId: idField(),
    ...addressUpdateFields.shape,
  })
  .superRefine(frenchPostcode)
export type AddressCreateInput = z.input<typeof addressCreateSchema>
export type AddressCreate = z.output<typeof addressCreateSchema>

/** PATCH /addresses/{id}: the same fields; an address never moves to another owner. */
export const addressUpdateSchema = addressUpdateFields.superRefine(frenchPostcode)
export type AddressUpdateInput = z.input<typeof addressUpdateSchema>
export type AddressUpdate = z.output<typeof addressUpdateSchema>

export const addressListQuerySchema = z.strictObject({
  ...pagingFields(),
  ...searchFields(),
  'filter[addressableType]': z.enum(ADDRESSABLE_TYPES).optional(),
  'filter[addressableId]': idField().optional(),
  'filter[addressTypeId]': idField().optional(),
})
export type AddressListQuery = z.output<typeof addressListQuerySchema>

/** GET /companies/{siret}: a SIREN or a SIRET, as typed. */
export const companyLookupParamsSchema = z.object({ siret: z.string().max(60) })
