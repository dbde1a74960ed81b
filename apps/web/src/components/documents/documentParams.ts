import { z } from 'zod'
import { listParamsSchema } from '../../lib/listParams'

/** The list's parameters plus the status tab: one state code, or several separated by commas. */
export const documentParamsSchema = listParamsSchema.extend({
  status: z
    .string()
    .regex(/^[A-Z_]+(,[A-Z_]+)*$/)
    .optional()
    .catch(undefined),
})
