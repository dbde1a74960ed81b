import { z } from 'zod'

/** GET /me/two-factor. */
export const twoFactorStatusSchema = z
  .object({
    enabled: z.boolean(),
    enabledAt: z.string().nullable(),
    recoveryCodesLeft: z.number().int(),
  })
  .meta({ id: 'TwoFactorStatus', description: "L'état de la double authentification du compte" })
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>

/** POST /me/two-factor/enrolment: the seed to put in the app, as a QR code and as text to type. */
export const twoFactorEnrolmentSchema = z
  .object({
    secret: z.string().describe('La clé en base 32, à saisir à la main si le QR code ne passe pas'),
    otpauthUrl: z.string().describe("L'adresse otpauth:// (RFC 6238 : SHA-1, 6 chiffres, 30 s)"),
    qrCode: z.string().describe("Le QR code de l'adresse, en image SVG (data URL)"),
  })
  .meta({ id: 'TwoFactorEnrolment' })
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>

/** The 10 single-use recovery codes, shown once. */
export const recoveryCodesSchema = z
  .object({ recoveryCodes: z.array(z.string()) })
  .meta({ id: 'TwoFactorRecoveryCodes' })
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>

/** POST /auth/login (and /auth/password/reset) when the account has the second factor: no session yet. */
export const twoFactorChallengeSchema = z.object({ twoFactorRequired: z.literal(true) }).meta({
  id: 'TwoFactorChallenge',
  description: 'Mot de passe correct, double authentification activée : envoyer le code à POST /auth/login/two-factor',
})
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>

/** GET /organization/two-factor. */
export const twoFactorRequirementSchema = z
  .object({ required: z.boolean(), requiredAt: z.string().nullable() })
  .meta({ id: 'TwoFactorRequirement' })
export type TwoFactorRequirement = z.infer<typeof twoFactorRequirementSchema>

/** The 403 code of an organisation's routes for a member without the second factor when the owner requires it. */
export const TWO_FACTOR_REQUIRED = 'TWO_FACTOR_REQUIRED'
