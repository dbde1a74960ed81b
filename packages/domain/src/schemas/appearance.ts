import { z } from 'zod'
import { APPEARANCE_FILE_KINDS, COLOR_HEX } from '../appearance/index'
import { messages } from '../messages/index'
import { idField } from './common'

const m = messages.pdf

/** The primary colour of documents, "#RRGGBB" (stored in lower case). */
export const colorPrimarySchema = z
  .string({ error: m.invalidColor })
  .trim()
  .regex(COLOR_HEX, { error: m.invalidColor })
  .transform((value) => value.toLowerCase())

/** A font of the fonts reference list (GET /fonts); the server checks the id exists. */
export const fontIdSchema = idField(m.invalidFont)

/** DELETE /settings/files/{kind}, GET /settings/files/{kind}. */
export const appearanceFileParam = z.object({
  kind: z.enum(APPEARANCE_FILE_KINDS, { error: messages.validation.choiceInvalid }),
})
export type AppearanceFileParam = z.infer<typeof appearanceFileParam>
