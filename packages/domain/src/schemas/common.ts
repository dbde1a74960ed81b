import { z } from 'zod'
import { TEXT_MAX } from '../limits'
import { messages } from '../messages/index'

// The limit lives apart so that the web app's shell can read it without loading zod.
export { TEXT_MAX }

const v = messages.validation

export const requiredText = (max = TEXT_MAX) =>
  z
    .string({ error: v.required })
    .trim()
    .min(1, { error: v.required })
    .max(max, { error: v.tooLong(max) })

/** Optional free text: blank strings become null, so the database never keeps "". */
export const optionalText = (max = TEXT_MAX) =>
  z
    .string({ error: v.required })
    .trim()
    .max(max, { error: v.tooLong(max) })
    .nullish()
    .transform((value) => (value ? value : null))

const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/

export const isEmail = (value: string) => EMAIL_PATTERN.test(value)

/** E-mail addresses are stored lower-cased so that "Anne@X.fr" and "anne@x.fr" are one account. */
export const emailField = () =>
  z
    .string({ error: v.required })
    .trim()
    .min(1, { error: v.required })
    .max(254, { error: v.emailInvalid })
    .regex(EMAIL_PATTERN, { error: v.emailInvalid })
    .transform((value) => value.toLowerCase())

export const optionalEmailField = () =>
  z
    .string({ error: v.emailInvalid })
    .trim()
    .max(254, { error: v.emailInvalid })
    .nullish()
    .refine((value) => !value || EMAIL_PATTERN.test(value), { error: v.emailInvalid })
    .transform((value) => (value ? value.toLowerCase() : null))

const phoneDigits = (value: string) => value.replace(/[\s.\-()]/g, '')
const INTERNATIONAL_PHONE = /^(?:\+|00)[1-9]\d{6,14}$/
const NATIONAL_PHONE = /^0[1-9]\d{8}$/

export const isPhone = (value: string) => {
  const digits = phoneDigits(value)
  return INTERNATIONAL_PHONE.test(digits) || NATIONAL_PHONE.test(digits)
}

export const optionalPhoneField = () =>
  z
    .string({ error: v.phoneInvalid })
    .trim()
    .max(30, { error: v.phoneInvalid })
    .nullish()
    .refine((value) => !value || isPhone(value), { error: v.phoneInvalid })
    .transform((value) => (value ? value : null))

const URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]{2,}$/i

export const optionalUrlField = () =>
  z
    .string({ error: v.urlInvalid })
    .trim()
    .max(TEXT_MAX, { error: v.urlInvalid })
    .nullish()
    .refine((value) => !value || URL_PATTERN.test(value), { error: v.urlInvalid })
    .transform((value) => (value ? value : null))

/**
 * Every id the API accepts, in a path, a query, a filter or a body: a positive integer no larger than the narrowest id
 * column the database has (PostgreSQL `integer`, 2³¹ − 1; decision 0017). A larger one never reaches SQL.
 */
export const ID_MAX = 2_147_483_647

/** True for a number the database can hold as an id. */
export const isStorableId = (value: number) => Number.isInteger(value) && value > 0 && value <= ID_MAX

/**
 * A required id. Ids arrive as numbers from the API and as strings from select inputs and query strings; "0" means
 * "nothing chosen" and gets `message` (required by default); an id out of range is not a valid choice.
 */
export const idField = (message: string = v.required) =>
  z.coerce
    .number({ error: message })
    // One message per value: past ID_MAX (2⁵³ included, which is not even a safe integer) the choice is invalid.
    .max(ID_MAX, { error: message === v.required ? v.choiceInvalid : message, abort: true })
    .int({ error: message, abort: true })
    .positive({ error: message })

/**
 * An optional reference id: "", null and absent mean "nothing chosen", and so does 0 unless `zeroIsEmpty` is false
 * (then 0 is refused: "optional but positive if given").
 */
export const optionalIdField = ({ zeroIsEmpty = true }: { zeroIsEmpty?: boolean } = {}) =>
  z
    .union([z.string(), z.number()], { error: v.choiceInvalid })
    .nullish()
    .transform((value, ctx) => {
      const text = value === null || value === undefined ? '' : String(value).trim()
      if (text === '' || (zeroIsEmpty && text === '0')) return null
      const id = Number(text)
      if (!/^\d+$/.test(text) || !isStorableId(id)) {
        ctx.addIssue({ code: 'custom', message: v.choiceInvalid, input: value })
        return z.NEVER
      }
      return id
    })

export const passwordField = () =>
  z
    .string({ error: v.required })
    .min(8, { error: v.passwordMin })
    .max(200, { error: v.tooLong(200) })

export const postcodeField = () =>
  z
    .string({ error: v.required })
    .trim()
    .min(1, { error: v.required })
    .regex(/^\d{5}$/, { error: v.postcodeInvalid })

/** SIREN and SIRET are typed with spaces ("732 829 320"); spaces are removed before the check. */
export const optionalSirenField = () =>
  z
    .string({ error: v.sirenInvalid })
    .nullish()
    .transform((value) => (value ? value.replace(/\s+/g, '') : null))
    .refine((value) => value === null || /^\d{9}$/.test(value), { error: v.sirenInvalid })

export const booleanField = () => z.boolean({ error: v.required })

/** A path id: anything else than a storable id answers 404, like an id of another organisation. */
export const idParam = z.object({ id: idField() })
export type IdParam = z.infer<typeof idParam>
