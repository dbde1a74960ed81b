import fc from 'fast-check'

/**
 * JSON Schema (2020-12, as OpenAPI 3.1 writes it) → fast-check arbitraries, for the fuzzer of the served document.
 *
 * `schemaArbitrary` gives values that validate against the schema (type, const, enum, anyOf, oneOf, simple allOf,
 * local `$ref`, objects, arrays, strings with lengths, formats and patterns, numbers with bounds, booleans, null),
 * leaning towards the boundaries (empty and longest strings, smallest and largest numbers). `hostileValue` and
 * `mutatedArbitrary` give the other kind: huge and negative ids, 10 000-character strings, wrong types, unknown
 * fields, missing fields, injection text, NUL, emoji, right-to-left text.
 */

export type Schema = boolean | { [keyword: string]: unknown }
type SchemaObject = { [keyword: string]: unknown }

/**
 * A value the caller knows is meaningful for a field name (an id that exists, a date, an amount): mixed in with the
 * schema's own values when the schema allows the hint's JSON type. Returns undefined when it has nothing to add.
 */
export type Hint = (key: string) => { type: 'integer' | 'string'; arbitrary: fc.Arbitrary<unknown> } | undefined

export type ArbitraryOptions = {
  /** The document `$ref: '#/…'` points into (the whole OpenAPI document). */
  root?: unknown
  hint?: Hint
  /** Below this depth objects keep only their required fields and arrays their minimum length. */
  maxDepth?: number
  /** The name of the value itself (a query parameter's), for the hint. */
  key?: string
  /** Applied to every generated object (e.g. a `passwordConfirmation` made equal to `password`). */
  refine?: (value: Record<string, unknown>) => Record<string, unknown>
  /** Objects with their required fields only: the smallest valid values. */
  requiredOnly?: boolean
}

const isObject = (value: unknown): value is SchemaObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Resolves a local JSON pointer (`#/components/schemas/Contact`) in `root`. */
export function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) throw new Error(`only local $ref are supported, not ${ref}`)
  const parts = ref
    .slice(1)
    .split('/')
    .filter((part, index) => index > 0 || part !== '')
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
  let current: unknown = root
  for (const part of parts) {
    if (!isObject(current) && !Array.isArray(current)) throw new Error(`$ref ${ref} does not resolve`)
    current = (current as Record<string, unknown>)[part]
  }
  if (current === undefined) throw new Error(`$ref ${ref} does not resolve`)
  return current
}

/** Follows `$ref` chains (siblings of the `$ref` win over the target, as in 2020-12 where both apply). */
function deref(schema: Schema, root: unknown, seen = new Set<string>()): Schema {
  if (!isObject(schema) || typeof schema.$ref !== 'string') return schema
  if (seen.has(schema.$ref)) return schema
  seen.add(schema.$ref)
  const { $ref, ...siblings } = schema
  const target = deref(resolvePointer(root, $ref) as Schema, root, seen)
  if (!isObject(target)) return target
  return Object.keys(siblings).length === 0 ? target : mergeAll([target, siblings])
}

/** allOf, the simple way: properties and required are united, other keywords of later schemas win. */
function mergeAll(schemas: SchemaObject[]): SchemaObject {
  const merged: SchemaObject = {}
  for (const schema of schemas) {
    for (const [keyword, value] of Object.entries(schema)) {
      if (keyword === 'properties' && isObject(merged.properties) && isObject(value))
        merged.properties = { ...merged.properties, ...value }
      else if (keyword === 'required' && Array.isArray(merged.required) && Array.isArray(value))
        merged.required = [...new Set([...merged.required, ...value])]
      else merged[keyword] = value
    }
  }
  return merged
}

/** The JSON types a schema admits (for hints and for "a value of another type"). */
export function typesOf(input: Schema, root?: unknown): Set<string> {
  const all = new Set(['null', 'boolean', 'object', 'array', 'number', 'integer', 'string'])
  const schema = deref(input, root)
  if (!isObject(schema)) return schema ? all : new Set()
  if (Array.isArray(schema.type)) return new Set(schema.type as string[])
  if (typeof schema.type === 'string') return new Set([schema.type])
  if ('const' in schema) return new Set([jsonType(schema.const)])
  if (Array.isArray(schema.enum)) return new Set(schema.enum.map(jsonType))
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined
  if (Array.isArray(branches)) return new Set(branches.flatMap((branch) => [...typesOf(branch, root)]))
  if (Array.isArray(schema.allOf)) return typesOf(mergeAll((schema.allOf as Schema[]).map((s) => asObject(s, root))))
  if (schema.properties) return new Set(['object'])
  return all
}

export function jsonType(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value
}

const asObject = (schema: Schema, root: unknown): SchemaObject => {
  const resolved = deref(schema, root)
  return isObject(resolved) ? resolved : {}
}

/** Characters of ordinary text: printable ASCII mostly, some French letters and typography (one UTF-16 unit each). */
const textChar: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)) },
  { weight: 1, arbitrary: fc.constantFrom('é', 'è', 'ê', 'à', 'ç', 'ô', 'É', 'œ', '€', '’', '«', '»', '\u00a0') },
)

const MAX_STRING = 10_000

function stringArbitrary(schema: SchemaObject): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined
  const fits = (value: string) =>
    [...value].length >= minLength && (maxLength === undefined || [...value].length <= maxLength)
  const sized = (arbitrary: fc.Arbitrary<string>) =>
    minLength > 0 || maxLength !== undefined ? arbitrary.filter(fits) : arbitrary

  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u')
    try {
      return sized(fc.stringMatching(pattern))
    } catch {
      // fast-check cannot generate from lookarounds: take a well-formed candidate and keep those that match.
      const candidates = schema.pattern.includes('@')
        ? fc.emailAddress().map((email) => email.replace(/[^A-Za-z0-9_'+\-.@]/g, 'x'))
        : fc.string({ unit: textChar, minLength, maxLength: Math.min(maxLength ?? minLength + 20, minLength + 20) })
      return sized(candidates.filter((value) => pattern.test(value)))
    }
  }
  switch (schema.format) {
    case 'date':
      return calendarDate
    case 'date-time':
      return instant.map((date) => date.toISOString())
    case 'email':
      return sized(fc.emailAddress())
    case 'uuid':
      return fc.uuid()
    case 'uri':
    case 'url':
      return sized(fc.webUrl())
  }
  const upper = Math.min(maxLength ?? minLength + 40, minLength + 60, MAX_STRING)
  const ordinary = fc.string({ unit: textChar, minLength, maxLength: upper })
  const boundaries: fc.Arbitrary<string>[] = [fc.string({ unit: textChar, minLength, maxLength: minLength })]
  if (maxLength !== undefined && maxLength <= MAX_STRING)
    boundaries.push(fc.string({ unit: textChar, minLength: maxLength, maxLength }))
  return fc.oneof({ weight: 6, arbitrary: ordinary }, ...boundaries.map((arbitrary) => ({ weight: 1, arbitrary })))
}

const instant = fc.date({
  min: new Date('1970-01-01T00:00:00Z'),
  max: new Date('2099-12-31T23:59:59Z'),
  noInvalidDate: true,
})
export const calendarDate: fc.Arbitrary<string> = instant.map((date) => date.toISOString().slice(0, 10))

function bounds(schema: SchemaObject, integer: boolean) {
  const num = (value: unknown) => (typeof value === 'number' ? value : undefined)
  let min = num(schema.minimum)
  let max = num(schema.maximum)
  const exclusiveMin = num(schema.exclusiveMinimum)
  const exclusiveMax = num(schema.exclusiveMaximum)
  if (integer) {
    if (min !== undefined) min = Math.ceil(min)
    if (max !== undefined) max = Math.floor(max)
    if (exclusiveMin !== undefined) min = Math.max(min ?? -Infinity, Math.floor(exclusiveMin) + 1)
    if (exclusiveMax !== undefined) max = Math.min(max ?? Infinity, Math.ceil(exclusiveMax) - 1)
  }
  return { min, max, exclusiveMin, exclusiveMax }
}

function integerArbitrary(schema: SchemaObject): fc.Arbitrary<number> {
  const { min, max } = bounds(schema, true)
  const lo = Math.max(min ?? -(2 ** 31), Number.MIN_SAFE_INTEGER)
  const hi = Math.min(max ?? 2 ** 31 - 1, Number.MAX_SAFE_INTEGER)
  const edges = [...new Set([lo, hi, Math.min(Math.max(0, lo), hi), Math.min(Math.max(1, lo), hi)])]
  return fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: lo, max: hi }) },
    { weight: 1, arbitrary: fc.constantFrom(...edges) },
  )
}

function numberArbitrary(schema: SchemaObject): fc.Arbitrary<number> {
  const { min, max, exclusiveMin, exclusiveMax } = bounds(schema, false)
  const lower = Math.max(min ?? -1e9, exclusiveMin ?? -Infinity)
  const upper = Math.min(max ?? 1e9, exclusiveMax ?? Infinity)
  const double = fc.double({
    min: lower,
    max: upper,
    minExcluded: exclusiveMin !== undefined && exclusiveMin >= (min ?? -Infinity),
    maxExcluded: exclusiveMax !== undefined && exclusiveMax <= (max ?? Infinity),
    noNaN: true,
    noDefaultInfinity: true,
  })
  // Whole numbers and cents, which is what money fields see, next to arbitrary doubles.
  const cents = fc
    .integer({ min: Math.ceil(Math.max(lower, -1e9) * 100), max: Math.floor(Math.min(upper, 1e9) * 100) })
    .map((value) => value / 100)
    .filter(
      (value) =>
        (exclusiveMin === undefined || value > exclusiveMin) && (exclusiveMax === undefined || value < exclusiveMax),
    )
  return fc.oneof(double, cents).map((value) => (Object.is(value, -0) ? 0 : value))
}

/** Values that validate against `schema`. */
export function schemaArbitrary(schema: Schema, options: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const context = {
    root: options.root,
    hint: options.hint,
    refine: options.refine,
    requiredOnly: options.requiredOnly === true,
    maxDepth: options.maxDepth ?? 5,
  }
  return build(schema, context, 0, options.key)
}

type BuildContext = {
  root: unknown
  hint: Hint | undefined
  refine: ArbitraryOptions['refine']
  requiredOnly: boolean
  maxDepth: number
}

function build(input: Schema, context: BuildContext, depth: number, key: string | undefined): fc.Arbitrary<unknown> {
  // A schema that requires itself without end: give up on validity rather than recurse for ever.
  if (depth > context.maxDepth + 8) return fc.constant(null)
  const schema = deref(input, context.root)
  if (schema === true) return fc.jsonValue({ maxDepth: 1 })
  if (schema === false) return fc.constant(undefined)
  const plain = buildPlain(schema, context, depth, key)
  const hint = key === undefined ? undefined : context.hint?.(key)
  if (!hint) return plain
  const types = typesOf(schema, context.root)
  const fitsType = hint.type === 'integer' ? types.has('integer') || types.has('number') : types.has('string')
  return fitsType ? fc.oneof({ weight: 3, arbitrary: hint.arbitrary }, { weight: 1, arbitrary: plain }) : plain
}

function buildPlain(
  schema: SchemaObject,
  context: BuildContext,
  depth: number,
  key: string | undefined,
): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const)
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]))
  if (Array.isArray(schema.allOf)) {
    const { allOf, ...rest } = schema
    return build(mergeAll([rest, ...(allOf as Schema[]).map((s) => asObject(s, context.root))]), context, depth, key)
  }
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined
  if (Array.isArray(branches)) {
    const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = schema
    return fc.oneof(
      ...branches.map((branch) => build(mergeAll([rest, asObject(branch, context.root)]), context, depth, key)),
    )
  }
  const types = Array.isArray(schema.type)
    ? (schema.type as string[])
    : typeof schema.type === 'string'
      ? [schema.type]
      : schema.properties || schema.additionalProperties
        ? ['object']
        : schema.items
          ? ['array']
          : []
  if (types.length === 0) return fc.jsonValue({ maxDepth: 1 })
  return fc.oneof(...types.map((type) => byType(type, schema, context, depth)))
}

function byType(type: string, schema: SchemaObject, context: BuildContext, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null)
    case 'boolean':
      return fc.boolean()
    case 'integer':
      return integerArbitrary(schema)
    case 'number':
      return numberArbitrary(schema)
    case 'string':
      return stringArbitrary(schema)
    case 'array':
      return arrayArbitrary(schema, context, depth)
    case 'object':
      return objectArbitrary(schema, context, depth)
    default:
      throw new Error(`unknown JSON Schema type ${type}`)
  }
}

function arrayArbitrary(schema: SchemaObject, context: BuildContext, depth: number): fc.Arbitrary<unknown[]> {
  const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0
  const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity
  const maxLength = depth >= context.maxDepth ? minLength : Math.min(maxItems, minLength + 3)
  if (maxLength === 0) return fc.constant([])
  const items = build((schema.items as Schema | undefined) ?? true, context, depth + 1, undefined)
  if (schema.uniqueItems === true)
    return fc.uniqueArray(items, { minLength, maxLength, selector: (value) => JSON.stringify(value) })
  return fc.array(items, { minLength, maxLength })
}

function objectArbitrary(schema: SchemaObject, context: BuildContext, depth: number): fc.Arbitrary<unknown> {
  const properties = isObject(schema.properties) ? (schema.properties as Record<string, Schema>) : {}
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : [])
  const shallow = depth >= context.maxDepth || context.requiredOnly
  const model: Record<string, fc.Arbitrary<unknown>> = {}
  for (const [name, property] of Object.entries(properties)) {
    if (shallow && !required.has(name)) continue
    model[name] = build(property, context, depth + 1, name)
  }
  const refine = context.refine ?? ((value: Record<string, unknown>) => value)
  const known = fc
    .record(model, { requiredKeys: Object.keys(model).filter((name) => required.has(name)) })
    .map((value) => refine(value as Record<string, unknown>))
  const additional = schema.additionalProperties
  if (!isObject(additional) || shallow) return known
  const extra = fc.dictionary(
    fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 12 }).filter((name) => !(name in properties)),
    build(additional, context, depth + 1, undefined),
    { maxKeys: 2, noNullPrototype: true },
  )
  return fc.tuple(known, extra).map(([fields, more]) => ({ ...more, ...fields }))
}

// ——— hostile values ———

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
