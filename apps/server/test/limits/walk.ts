import fc from 'fast-check'
import { asObject, isObject, type Schema, schemaArbitrary, typesOf } from '../fuzz/arbitraries'
import { confirmFields, hintsFrom, type Operation, type Pools } from '../fuzz/requests'

/**
 * What the limits walk sends: for every JSON body of the document, a base body from the fuzzer's generators, then the
 * same body with one value replaced by what a person may type and no column holds (issue 31).
 */

export type Path = (string | number)[]

/** A value of the body the walk replaces, and what it is, from the document's schema and the field's name. */
export type Slot = { path: Path; schema: Schema; kind: 'text' | 'amount' | 'date' | 'object' }

const DATE_NAME = /(At|Date|^date)$/
/** Amounts of money: bounded by ±99 999 999,999999 (spec/money.md §9), and their message says so. */
const MONEY_NAME =
  /(amount|Amount|Fees|disbursement|Penalties|price|Price|capital|Capital|startingValue|tax(In|Ex)cluded)$/

export const pathName = (path: Path) => path.join('.')
const lastKey = (path: Path) => String([...path].reverse().find((step) => typeof step === 'string') ?? '')

/** Every replaceable value of `value` (a body valid by `schema`), at any depth. */
export function slotsOf(value: unknown, schema: Schema, root: unknown, path: Path = []): Slot[] {
  const resolved = asObject(schema, root)
  const slots: Slot[] = []
  if (Array.isArray(value)) {
    const items = resolved.items as Schema | undefined
    if (items !== undefined && value.length > 0) slots.push(...slotsOf(value[0], items, root, [...path, 0]))
    return slots
  }
  if (isObject(value)) {
    if (hasProperties(resolved, root)) slots.push({ path, schema, kind: 'object' })
    for (const [name, item] of Object.entries(value)) {
      const property = propertyOf(resolved, name, root)
      if (property !== undefined) slots.push(...slotsOf(item, property, root, [...path, name]))
    }
    return slots
  }
  const types = typesOf(schema, root)
  // A value of any type (a field the schema leaves open) has no text of its own to bound.
  if (!types.has('string') || types.has('object') || resolved.enum !== undefined || resolved.const !== undefined)
    return slots
  const name = lastKey(path)
  const kind = types.has('number') && MONEY_NAME.test(name) ? 'amount' : DATE_NAME.test(name) ? 'date' : 'text'
  slots.push({ path, schema, kind })
  return slots
}

/** An object whose keys the document names (not a free map, not a value of any type). */
function hasProperties(schema: Record<string, unknown>, root: unknown): boolean {
  if (isObject(schema.properties)) return true
  return (((schema.anyOf ?? schema.oneOf) as Schema[] | undefined) ?? []).some((branch) =>
    hasProperties(asObject(branch, root), root),
  )
}

/** The document's maximum length of a text, when it gives one (in a branch of `anyOf` for a nullable text). */
export function maxLengthOf(schema: Schema, root: unknown): number | undefined {
  const resolved = asObject(schema, root)
  if (typeof resolved.maxLength === 'number') return resolved.maxLength
  for (const branch of ((resolved.anyOf ?? resolved.oneOf) as Schema[] | undefined) ?? []) {
    const found = maxLengthOf(branch, root)
    if (found !== undefined) return found
  }
  return undefined
}

function propertyOf(schema: Record<string, unknown>, name: string, root: unknown): Schema | undefined {
  const direct = isObject(schema.properties) ? (schema.properties as Record<string, Schema>)[name] : undefined
  if (direct !== undefined) return direct
  for (const branch of ((schema.anyOf ?? schema.oneOf) as Schema[] | undefined) ?? []) {
    const found = propertyOf(asObject(branch, root), name, root)
    if (found !== undefined) return found
  }
  return undefined
}

export function setAt(target: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value
  const copy = structuredClone(target) as Record<string | number, unknown>
  let cursor = copy
  for (const step of path.slice(0, -1)) cursor = cursor[step] as Record<string | number, unknown>
  cursor[path[path.length - 1] as string | number] = value
  return copy
}

/**
 * A few bodies valid by the document for the operation, from the fuzzer's generators with the run's real ids: the
 * walk takes each field from the first of them that has it, so that optional fields are walked too.
 */
export function baseBodies(operation: Operation, document: unknown, pools: Pools, seed: number): unknown[] {
  const options = { root: document, hint: hintsFrom(pools), refine: confirmFields }
  return fc.sample(schemaArbitrary(operation.body as Schema, options), { seed, numRuns: 12 })
}

/** A text longer than anything the field may hold: 10 000 characters, or one past the document's own maximum. */
export function longText(schema: Schema, root: unknown): string {
  return 'x'.repeat(Math.max(10_000, (maxLengthOf(schema, root) ?? 0) + 1))
}
