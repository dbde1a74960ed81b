import { z } from 'zod'
import { preferencesSchema } from '../schemas/me'
import { organizationDtoSchema } from './account'

/** Response shapes of the signed-in user's routes (API.md "Auth and account"). */

export const meOrganizationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  roleCode: z.string(),
})
export type MeOrganization = z.infer<typeof meOrganizationSchema>

export const meDtoSchema = z
  .object({
    id: z.number().int(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    /** An e-mail change waiting for the code sent to that address (POST /me/email/confirm), else null. */
    pendingEmail: z.string().nullable(),
    position: z.string().nullable(),
    phoneMobile: z.string().nullable(),
    phoneOffice: z.string().nullable(),
    isAdmin: z.boolean(),
    impersonate: z.boolean(),
    canDeleteTransaction: z.boolean(),
    canAccessV2: z.boolean(),
    preferences: preferencesSchema,
    lastLoginAt: z.string().nullable(),
    createdAt: z.string(),
    currentOrganizationId: z.number().int().nullable(),
    currentOrganization: organizationDtoSchema.nullable(),
    organizations: z.array(meOrganizationSchema),
  })
  .meta({ id: 'Me', description: "L'utilisateur connecté, ses entreprises et ses préférences" })
export type MeDto = z.infer<typeof meDtoSchema>

export const apiTokenDtoSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    lastFour: z.string(),
    lastUsedAt: z.string().nullable(),
    createdAt: z.string(),
    /** Only in the answer to its creation: the secret is shown once. */
    token: z.string().optional(),
  })
  .meta({ id: 'ApiToken', description: "Jeton d'API personnel" })
export type ApiTokenDto = z.infer<typeof apiTokenDtoSchema>

/** POST /me/tokens: the new token with its secret (never shown again). */
export const apiTokenCreatedSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lastFour: z.string(),
  createdAt: z.string(),
  token: z.string(),
})

/** POST /auth/register: the new user's id (signed in by the cookie). */
export const registeredDtoSchema = z.object({ id: z.number().int() })

/** POST /auth/password/verify: the one-time token for POST /auth/password/reset. */
export const resetTokenDtoSchema = z.object({ token: z.string() })

/** GET /health (not enveloped: load balancers read it as is). */
export const healthDtoSchema = z
  .object({ status: z.enum(['ok', 'degraded']), db: z.enum(['ok', 'unreachable']) })
  .meta({ id: 'Health' })
export type HealthDto = z.infer<typeof healthDtoSchema>

/** GET /content/{slug}: a public text page (terms, privacy). */
export const contentPageDtoSchema = z
  .object({
    slug: z.string(),
    title: z.string(),
    updatedAt: z.string(),
    sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })),
  })
  .meta({ id: 'ContentPage' })
export type ContentPageDto = z.infer<typeof contentPageDtoSchema>

/** GET /dev/mailbox: an e-mail kept by the server (development mailbox, no SMTP). */
export const mailboxMessageDtoSchema = z
  .object({
    id: z.number().int(),
    to: z.string(),
    cc: z.string().nullable(),
    bcc: z.string().nullable(),
    replyTo: z.string().nullable(),
    subject: z.string(),
    text: z.string(),
    status: z.string(),
    attachments: z.array(z.object({ filename: z.string(), contentType: z.string() })),
    createdAt: z.string(),
  })
  .meta({ id: 'MailboxMessage' })
export type MailboxMessageDto = z.infer<typeof mailboxMessageDtoSchema>

export type ListResponse<T> = { data: T[]; meta: { total: number; page: number; pageSize: number } }
export type ItemResponse<T> = { data: T }
