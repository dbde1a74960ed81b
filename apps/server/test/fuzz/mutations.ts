import fc from 'fast-check'
import {
  type ArbitraryOptions,
  asObject,
  isObject,
  jsonType,
  type Schema,
  type SchemaObject,
  schemaArbitrary,
  typesOf,
} from './arbitraries'

/**
 * The broken half of the fuzzer's cases: values no table or schema admits (hostile ids and strings, wrong types), and
 * a valid value mutated in one place (mutatedArbitrary).
 */

/** Ids no table has: zero, negative, just past 32 bits, past 53 bits, and strings that only look like numbers. */
export const HOSTILE_IDS: readonly unknown[] = [
  0,
  -1,
  2 ** 31,
  2 ** 31 - 1,
  2 ** 40,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 31),
  1.5,
  'abc',
  '1e3',
  '0x10',
  ' 1',
  '1 ',
  '-0',
  '',
]

/** Text that has broken a server somewhere: empty, huge, markup, SQL, NUL, emoji, right-to-left, paths, NaN-ish. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  'x'.repeat(10_000),
  'é'.repeat(5_000),
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE invoices; --',
  '\u0000',
  'a\u0000b',
  '😀👍🏽🇫🇷',
  '\ud800',
  'שלום עולם',
  'مرحبا\u202ebackwards',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template injection text, on purpose.
  '${7*7}{{7*7}}',
  '%00%0d%0a',
  '\r\nSet-Cookie: x=1',
  '2026-02-30',
  '9999-12-31',
  '0000-00-00',
  '0000-01',
  '9999-99',
  '99999-01-01',
  '1,5',
  ' 42 ',
]

/** Values of the wrong type for almost anything. */
export const WRONG_TYPES: readonly unknown[] = [true, false, null, 0, -1, 1.5, 'texte', [], [1, 'a'], {}, { a: 1 }]

export const hostileId: fc.Arbitrary<unknown> = fc.constantFrom(...HOSTILE_IDS)
export const hostileString: fc.Arbitrary<string> = fc.constantFrom(...HOSTILE_STRINGS)
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileId,
  hostileString,
  fc.constantFrom(...WRONG_TYPES),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, -1e-308, 2 ** 64),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, fc.constantFrom(...WRONG_TYPES), { maxKeys: 2, noNullPrototype: true }),
)

/** A value of a type the schema does not admit (or, when it admits every type, something hostile). */
export function wrongTypeArbitrary(schema: Schema, root?: unknown): fc.Arbitrary<unknown> {
  const types = typesOf(schema, root)
  const candidates = WRONG_TYPES.filter((value) => {
    const type = jsonType(value)
    return !types.has(type) && !(type === 'integer' && types.has('number'))
  })
  return candidates.length > 0 ? fc.constantFrom(...candidates) : hostileValue
}

export type Mutation =
  | 'hostile value'
  | 'wrong type'
  | 'missing field'
  | 'missing required field'
  | 'unknown field'
  | 'not an object'

/** A path in a JSON value (object keys and array indexes), with the schema found there when the document has one. */
type Slot = { path: (string | number)[]; schema: Schema | undefined }

function slotsOf(value: unknown, schema: Schema | undefined, root: unknown, path: (string | number)[] = []): Slot[] {
  const slots: Slot[] = []
  const resolved = schema === undefined ? undefined : asObject(schema, root)
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      const itemSchema = resolved?.items as Schema | undefined
      slots.push({ path: [...path, index], schema: itemSchema })
      slots.push(...slotsOf(item, itemSchema, root, [...path, index]))
    })
  } else if (isObject(value)) {
    for (const [name, item] of Object.entries(value)) {
      const propertySchema = pickProperty(resolved, name, root)
      slots.push({ path: [...path, name], schema: propertySchema })
      slots.push(...slotsOf(item, propertySchema, root, [...path, name]))
    }
  }
  return slots
}

function pickProperty(schema: SchemaObject | undefined, name: string, root: unknown): Schema | undefined {
  if (!schema) return undefined
  const direct = isObject(schema.properties) ? (schema.properties as Record<string, Schema>)[name] : undefined
  if (direct !== undefined) return direct
  for (const branch of ((schema.anyOf ?? schema.oneOf) as Schema[] | undefined) ?? []) {
    const found = pickProperty(asObject(branch, root), name, root)
    if (found !== undefined) return found
  }
  return undefined
}

const clone = <T>(value: T): T => (value === undefined ? value : structuredClone(value))

function setAt(target: unknown, path: (string | number)[], value: unknown, remove = false): unknown {
  if (path.length === 0) return value
  const copy = clone(target)
  let cursor = copy as Record<string | number, unknown>
  for (const step of path.slice(0, -1)) cursor = cursor[step] as Record<string | number, unknown>
  const last = path[path.length - 1] as string | number
  if (remove) {
    if (Array.isArray(cursor)) cursor.splice(last as number, 1)
    else delete cursor[last]
  } else cursor[last] = value
  return copy
}

/**
 * A value valid by `schema`, then broken in one place: a field (at any depth) set to a hostile value or a value of
 * the wrong type, a field removed (a required one when there is one), an unknown field added, or the whole value
 * replaced by something that is not an object.
 */
export function mutatedArbitrary(
  schema: Schema,
  options: ArbitraryOptions = {},
): fc.Arbitrary<{ value: unknown; mutation: Mutation; at: string }> {
  const root = options.root
  const resolved = asObject(schema, root)
  const required = Array.isArray(resolved.required) ? (resolved.required as string[]) : []
  return fc
    .tuple(
      schemaArbitrary(schema, options),
      fc.constantFrom<Mutation>(
        'hostile value',
        'hostile value',
        'wrong type',
        'wrong type',
        'missing field',
        'missing required field',
        'unknown field',
        'not an object',
      ),
      fc.nat(),
      hostileValue,
      fc.constantFrom('inconnu', 'id', 'organizationId', 'organization_id', 'userId', 'isAdmin', 'role', 'constructor'),
      fc.nat(),
    )
    .map(([valid, mutation, pick, hostile, unknownName, wrongPick]) => {
      const slots = slotsOf(valid, schema, root)
      const slot = slots.length > 0 ? slots[pick % slots.length] : undefined
      const at = (path: (string | number)[]) => (path.length === 0 ? '(body)' : path.join('.'))
      switch (mutation) {
        case 'hostile value':
          if (!slot) break
          return { value: setAt(valid, slot.path, hostile), mutation, at: at(slot.path) }
        case 'wrong type': {
          if (!slot) break
          const wrong = WRONG_TYPES.filter((value) => !typesOf(slot.schema ?? true, root).has(jsonType(value)))
          const replacement = wrong.length > 0 ? wrong[wrongPick % wrong.length] : hostile
          return { value: setAt(valid, slot.path, replacement), mutation, at: at(slot.path) }
        }
        case 'missing required field': {
          const present = required.filter((name) => isObject(valid) && name in valid)
          if (present.length === 0) break
          const name = present[pick % present.length] as string
          return { value: setAt(valid, [name], undefined, true), mutation, at: name }
        }
        case 'missing field':
          if (!slot) break
          return { value: setAt(valid, slot.path, undefined, true), mutation, at: at(slot.path) }
        case 'unknown field': {
          const objects = [{ path: [] as (string | number)[] }, ...slots].filter(({ path }) =>
            isObject(path.length === 0 ? valid : getAt(valid, path)),
          )
          const target = objects[pick % Math.max(objects.length, 1)]
          if (!target || !isObject(valid)) break
          const path = [...target.path, unknownName]
          return { value: setAt(valid, path, hostile), mutation, at: at(path) }
        }
        case 'not an object':
          break
      }
      const notObject = [null, [], 'texte', 42, true, [valid]]
      return { value: notObject[pick % notObject.length], mutation: 'not an object' as const, at: '(body)' }
    })
}

function getAt(value: unknown, path: (string | number)[]): unknown {
  let cursor = value
  for (const step of path) cursor = (cursor as Record<string | number, unknown> | undefined)?.[step]
  return cursor
}
