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
  let merged: Record<string, unknown> = { ...stored }
  for (const [key, value] of Object.entries(patch)) if (value !== undefined) merged[key] = value
  let result = schema.safeParse(merged)
  // The creation schemas are strict, and a stored object may carry what they do not take (its id, its organisation,
  // columns read with it): those keys were not sent (the body's were refused by its own strict schema), so they go.
  for (let round = 0; !result.success && round < 5; round++) {
    const stray = result.error.issues.filter(
      (issue) => issue.code === 'unrecognized_keys' && !(String(issue.path[0] ?? '') in patch && issue.path.length > 0),
    )
    if (stray.length === 0) break
    merged = structuredClone(merged)
    for (const issue of stray) {
      let holder: unknown = merged
      for (const step of issue.path)
        holder = (holder as Record<PropertyKey, unknown> | undefined)?.[step as PropertyKey]
      if (typeof holder === 'object' && holder !== null)
        for (const key of (issue as { keys: string[] }).keys) delete (holder as Record<string, unknown>)[key]
    }
    result = schema.safeParse(merged)
  }
  if (result.success) return result.data
  // No prototype: a field named `constructor` is a key like any other.
  const errors: FieldErrors = Object.create(null)
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.') || '_'
    errors[path] ??= []
    errors[path].push(issue.message)
  }
  throw new AppError(422, 'VALIDATION_FAILED', messages.validation.invalidData, errors)
}
