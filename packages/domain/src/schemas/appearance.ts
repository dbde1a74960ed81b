import { z } from 'zod'
import { APPEARANCE_FILE_KINDS, COLOR_HEX } from '../appearance/index'
import { messages } from '../messages/index'

const m = messages.pdf

/** The primary colour of documents, "#RRGGBB" (stored in lower case). */
export const colorPrimarySchema = z
  .string({ error: m.invalidColor })
  .trim()
  .regex(COLOR_HEX, { error: m.invalidColor })
  .transform((value) => value.toLowerCase())

/** A font of the fonts reference list (GET /fonts); the server checks the id exists. */
export const fontIdSchema = z.coerce
  .number({ error: m.invalidFont })
  .int({ error: m.invalidFont })
  .min(1, { error: m.invalidFont })
  .max(2_147_483_647, { error: m.invalidFont })

/** DELETE /settings/files/{kind}, GET /settings/files/{kind}. */
export const appearanceFileParam = z.object({
  kind: z.enum(APPEARANCE_FILE_KINDS, { error: messages.validation.choiceInvalid }),
})
export type AppearanceFileParam = z.infer<typeof appearanceFileParam>
