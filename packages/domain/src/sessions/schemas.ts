import { z } from 'zod'
import { messages } from '../messages/index'
import { resetCodeField } from '../schemas/auth'
import { emailField } from '../schemas/common'
import { pagingFields, searchFields } from '../schemas/lists'

const v = messages.validation

/** GET /me/sessions: the open sessions, newest activity first. */
export const sessionListQuerySchema = z.strictObject({ ...pagingFields(), ...searchFields() })
export type SessionListQuery = z.output<typeof sessionListQuerySchema>

export const sessionDtoSchema = z
  .object({
    id: z.number().int(),
    /** "Chrome sur macOS", read from the user agent; null when it says nothing usable. */
    device: z.string().nullable(),
    browser: z.string().nullable(),
    os: z.string().nullable(),
    /** mobile, tablet, desktop or null. */
    platform: z.string().nullable(),
    ip: z.string().nullable(),
    createdAt: z.string(),
    lastSeenAt: z.string(),
    /** The session that makes this request. */
    current: z.boolean(),
    /** Opened by a support operator acting as you (support access). */
    impersonated: z.boolean(),
  })
  .meta({ id: 'Session', description: 'Une session ouverte (un navigateur connecté à ton compte)' })
export type SessionDto = z.infer<typeof sessionDtoSchema>

export const sessionsEndedSchema = z
  .object({ ended: z.number().int() })
  .meta({ id: 'SessionsEnded', description: 'Le nombre de sessions terminées' })

/** POST /auth/unlock: the code e-mailed when the account was locked, and the password. */
export const unlockSchema = z.strictObject({
  email: emailField(),
  code: resetCodeField(),
  password: z
    .string({ error: v.passwordEmpty })
    .min(1, { error: v.passwordEmpty })
    .max(200, { error: v.tooLong(200) }),
})
export type Unlock = z.output<typeof unlockSchema>
