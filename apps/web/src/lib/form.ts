import type { z } from 'zod'

/**
 * Adapter between the domain's zod schemas and @mantine/form: the very same schema validates on the server.
 * Returns errors keyed by field path, as Mantine expects.
 */
export function zodValidate<S extends z.ZodType>(schema: S) {
  return (values: z.input<S>): Record<string, string> => {
    const result = schema.safeParse(values)
    if (result.success) return {}
    const errors: Record<string, string> = {}
    for (const issue of result.error.issues) {
      // A form may hold keys of its own (an address's list key, its dirty flag) that its body leaves out: the server
      // refuses unknown keys in what is sent; here they would block the form with an error no field shows.
      if (issue.code === 'unrecognized_keys') continue
      const path = issue.path.join('.')
      if (!(path in errors)) errors[path] = issue.message
    }
    return errors
  }
}
