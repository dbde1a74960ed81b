import { messages } from '@app/domain'
import type { z } from 'zod'
import { AppError, type FieldErrors } from './errors'

/**
 * API.md "PATCH is partial", decided here for every PATCH route: a field absent from the body keeps its stored value,
 * a field sent as `null` is cleared, any other value replaces the stored one (an object or a list sent is taken whole).
 * The merged object is then validated with the same schema as a creation, so the spec's messages come back keyed by
 * field when the result is not valid. The route declares `body: patchBodyOf(fields)` (every field optional, each
 * checked on its own) and calls `mergePatch(schema, stored, request.body)` with the stored object in the creation
 * schema's input shape.
 */
export function mergePatch<S extends z.ZodType>(schema: S, stored: object, patch: object): z.output<S> {
  const merged: Record<string, unknown> = { ...stored }
  for (const [key, value] of Object.entries(patch)) if (value !== undefined) merged[key] = value
  const result = schema.safeParse(merged)
  if (result.success) return result.data
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.') || '_'
    errors[path] ??= []
    errors[path].push(issue.message)
  }
  throw new AppError(422, 'VALIDATION_FAILED', messages.validation.invalidData, errors)
}
