import { z } from 'zod'
import { emailField } from '../schemas/common'
import { supportMessages as m } from './messages'

/** How long a user lets the support act as them: an hour, a day or a week. */
export const SUPPORT_GRANT_HOURS = [1, 24, 168] as const

export const supportGrantSchema = z.strictObject({
  hours: z
    .number({ error: m.invalidDuration })
    .refine((hours) => (SUPPORT_GRANT_HOURS as readonly number[]).includes(hours), { error: m.invalidDuration })
    .meta({ description: 'Durée de l’autorisation en heures : 1, 24 ou 168', enum: [...SUPPORT_GRANT_HOURS] }),
})
export type SupportGrantBody = z.infer<typeof supportGrantSchema>

export const supportAccessDtoSchema = z
  .object({
    /** The end of the running authorisation, or null when the support has no access. */
    grantedUntil: z.string().nullable(),
    grantedAt: z.string().nullable(),
  })
  .meta({ id: 'SupportAccess', description: "L'autorisation donnée au support d'agir sur le compte" })
export type SupportAccessDto = z.infer<typeof supportAccessDtoSchema>

export const supportImpersonationSchema = z.strictObject({
  email: emailField(),
})

export const supportStatusDtoSchema = z
  .object({
    /** Whether the signed-in person is one of the instance's support operators (SUPPORT_OPERATORS). */
    isOperator: z.boolean(),
    /** While an operator acts as a user: who, and until when. */
    impersonating: z
      .object({ userId: z.number().int(), name: z.string(), email: z.string(), until: z.string() })
      .nullable(),
  })
  .meta({ id: 'SupportStatus', description: "Le rôle de support de l'appelant et l'impersonation en cours" })
export type SupportStatusDto = z.infer<typeof supportStatusDtoSchema>
