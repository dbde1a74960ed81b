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
export type SchemaObject = { [keyword: string]: unknown }

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

export const isObject = (value: unknown): value is SchemaObject =>
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

export const asObject = (schema: Schema, root: unknown): SchemaObject => {
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
      const matching = fc.stringMatching(pattern)
      // The pattern's extremes: the first run of digits all 0 or all 9 (`0000-01`, `9999-12`) when that still matches,
      // so that a value the pattern lets through but no calendar or column holds reaches the handler.
      const extremes = (digit: string) =>
        matching.map((value) => {
          const extreme = value.replace(/\d+/, (run) => digit.repeat(run.length))
          return pattern.test(extreme) ? extreme : value
        })
      return sized(
        fc.oneof(
          { weight: 6, arbitrary: matching },
          { weight: 1, arbitrary: extremes('0') },
          { weight: 1, arbitrary: extremes('9') },
        ),
      )
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
