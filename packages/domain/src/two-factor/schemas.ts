import { z } from 'zod'
import { messages } from '../messages/index'
import { apiTokenCreateSchema } from '../schemas/me'
import { twoFactorMessages as m } from './messages'

/** A code from an authenticator app: 6 digits (RFC 6238, 30 s steps). */
export const TOTP_CODE = /^\d{6}$/
/** A recovery code as shown: two groups of five base-32 letters ("abcde-fgh23"); case, spaces and dash ignored. */
export const RECOVERY_CODE = /^[a-z2-7]{5}-?[a-z2-7]{5}$/

/** The form a recovery code is compared in: lower case, without the dash or spaces. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '')

export const totpCodeField = () => z.string({ error: m.codeFormat }).trim().regex(TOTP_CODE, { error: m.codeFormat })

/** What the second step accepts: an app's code or one of the recovery codes. */
export const twoFactorCodeField = () =>
  z
    .string({ error: m.codeOrRecoveryFormat })
    // Said with its bound, like every text (test/limits): a paste of a whole page is not "a wrong code".
    .max(40, { error: messages.validation.tooLong(40) })
    .transform((value) => value.trim().replace(/\s+/g, '').toLowerCase())
    .refine((value) => TOTP_CODE.test(value) || RECOVERY_CODE.test(value), { error: m.codeOrRecoveryFormat })

/** POST /me/two-factor/confirmation: the first code typed from the app proves the enrolment. */
export const twoFactorConfirmSchema = z.strictObject({ code: totpCodeField() })
export type TwoFactorConfirm = z.output<typeof twoFactorConfirmSchema>

/** POST /auth/login/two-factor and POST /me/two-factor/recovery-codes. */
export const twoFactorCodeSchema = z.strictObject({ code: twoFactorCodeField() })
export type TwoFactorCode = z.output<typeof twoFactorCodeSchema>

/** POST /me/two-factor/deactivation: the password AND a code. */
export const twoFactorDisableSchema = z.strictObject({
  password: z
    .string({ error: m.passwordEmpty })
    .min(1, { error: m.passwordEmpty })
    .max(200, { error: messages.validation.tooLong(200) }),
  code: twoFactorCodeField(),
})
export type TwoFactorDisable = z.output<typeof twoFactorDisableSchema>

/** PATCH /organization/two-factor (owner only). */
export const twoFactorRequirementUpdateSchema = z.strictObject({
  required: z.boolean({ error: 'Indique si la double authentification est exigée (oui ou non).' }).optional(),
})
export type TwoFactorRequirementUpdate = z.output<typeof twoFactorRequirementUpdateSchema>

/** POST /me/tokens with the second factor: `code` is required when it is on (checked by the server). */
export const apiTokenCreateWithCodeSchema = apiTokenCreateSchema.extend({ code: twoFactorCodeField().optional() })
export type ApiTokenCreateWithCode = z.output<typeof apiTokenCreateWithCodeSchema>
