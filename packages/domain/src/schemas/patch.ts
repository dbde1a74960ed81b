import { z } from 'zod'

/** A field without its default: in a PATCH, an absent field keeps its stored value instead of taking the default. */
function withoutDefault(field: z.ZodType): z.ZodType {
  if (field instanceof z.ZodDefault || field instanceof z.ZodPrefault)
    return withoutDefault(field.unwrap() as z.ZodType)
  if (field instanceof z.ZodOptional) return withoutDefault(field.unwrap() as z.ZodType)
  return field
}

type PatchShape<T extends z.ZodRawShape> = { [K in keyof T]: z.ZodOptional<T[K]> }

/**
 * The body of a PATCH route (API.md: PATCH is partial): every field of the creation schema's fields, optional and
 * without default, each still checked on its own with its French message. The server then merges it into the stored
 * object and validates the result with the whole creation schema (apps/server/src/lib/patch.ts). Strict: a key the
 * creation schema does not have is refused (422 naming it), never dropped while the answer says 200.
 */
export function patchBodyOf<T extends z.ZodRawShape>(fields: z.ZodObject<T>): z.ZodObject<PatchShape<T>> {
  const shape = Object.fromEntries(
    Object.entries(fields.shape).map(([key, field]) => [key, withoutDefault(field as z.ZodType).optional()]),
  )
  return z.strictObject(shape) as unknown as z.ZodObject<PatchShape<T>>
}
