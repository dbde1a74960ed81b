import { z } from 'zod'
import { messages } from '../messages/index'
import { idField } from './common'

const m = messages.pdf

/** GET /invoices/{id}/pdf?paid=true: the "Facture acquittée" version. */
export const invoicePdfQuerySchema = z.object({
  paid: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
})

/** GET /settings/appearance/preview.pdf?colorPrimary=%23aabbcc&fontId=2: the sample with unsaved branding. */
export const appearancePreviewQuerySchema = z.object({
  colorPrimary: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: m.invalidColor })
    .optional(),
  fontId: idField(m.invalidFont).optional(),
})
export type AppearancePreviewQuery = z.infer<typeof appearancePreviewQuerySchema>
