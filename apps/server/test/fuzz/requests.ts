import fc from 'fast-check'
import { calendarDate, type Hint, schemaArbitrary, typesOf } from './arbitraries'
import { type FormPart, formArbitraries } from './multipart'
import { hostileId, hostileValue, mutatedArbitrary } from './mutations'
import type { Operation } from './operations'
import type { Identity } from './skip'

export { type Operation, operationsOf } from './operations'

/**
 * Real objects of the run's organisation: every id seen (for id fields), the ids of each resource (for `/{resource}/{id}`
 * paths, by the path segment before the parameter), and known values of string path parameters, by name.
 */
export type Pools = { ids: number[]; byResource: Record<string, number[]>; strings: Record<string, string[]> }

export type BodyPlan =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string; contentType: string }
  | { kind: 'multipart'; parts: FormPart[] }

/** A request before credentials: where, what, and which mutation (for the report). */
export type Plan = { method: string; url: string; body: BodyPlan; csrf: boolean; note: string }

/**
 * Where a value is sent in a URL the long hostile strings are cut to 500 characters, and a URL stays under 8 000
 * characters: past 16 KiB of headers Node itself answers 431 before the app sees the request.
 */
const MAX_URL = 8000
const cut = (value: unknown) => (typeof value === 'string' && value.length > 500 ? value.slice(0, 500) : value)
const urlSafe = (value: unknown) => (Array.isArray(value) ? value.map(cut) : cut(value))

const DATE_NAME = /(At|Date|^date|^dated(After|Before))$/
const MONEY_NAME = /(amount|Amount|quantity|percentage|Fees|fees|disbursement|Penalties|price|Price|capital|Capital)/
const EMAIL_NAME = /(^email$|Email$|Recipient$|Mails$)/
const ID_NAME = /(^id$|Id$)/

/** `contactTypeId` → `contact-types`, `countryId` → `countries`, `taxId` → `taxes`: the list its ids were read from. */
function resourcesOf(key: string): string[] {
  const words = key
    .replace(/Id$/, '')
    .split(/(?=[A-Z])/)
    .map((word) => word.toLowerCase())
  const plural = (word: string) =>
    /(s|x|ch|sh)$/.test(word) ? `${word}es` : /[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`
  const last = words[words.length - 1] ?? ''
  return [[...words.slice(0, -1), plural(last)].join('-'), plural(last)]
}

/**
 * Values a field's name calls for, mixed in with the schema's own so that requests get past validation: the ids of the
 * list the name points to (`taxId` → GET /taxes) or any real id, a date, a decimal amount, an e-mail address.
 */
export function hintsFrom(pools: Pools): Hint {
  const anyId = fc.constantFrom(...pools.ids)
  const money = fc.oneof(
    fc.integer({ min: 0, max: 100 }).map(String),
    fc.integer({ min: 0, max: 100_000 }).map((cents) => (cents / 100).toFixed(2)),
    fc.integer({ min: 0, max: 100_000 }).map(String),
  )
  const email = fc
    .tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,10}[a-z0-9]$/), fc.constantFrom('exemple.fr', 'exemple.com'))
    .filter(([local]) => !local.includes('..'))
    .map(([local, domain]) => `${local}@${domain}`)
  return (key) => {
    if (ID_NAME.test(key)) {
      const own = resourcesOf(key)
        .map((resource) => pools.byResource[resource] ?? [])
        .find((ids) => ids.length > 0)
      return {
        type: 'integer',
        arbitrary: own ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...own) }, anyId) : anyId,
      }
    }
    if (DATE_NAME.test(key)) return { type: 'string', arbitrary: calendarDate }
    if (MONEY_NAME.test(key)) return { type: 'string', arbitrary: money }
    if (EMAIL_NAME.test(key)) return { type: 'string', arbitrary: email }
    return undefined
  }
}

/** `passwordConfirmation` / `password_confirmation` equal to `password`, as a person filling the form would send. */
export function confirmFields(value: Record<string, unknown>): Record<string, unknown> {
  let result = value
  for (const key of Object.keys(value)) {
    const base = /^(.+?)(Confirmation|_confirmation)$/.exec(key)?.[1]
    if (base && base in value) result = { ...result, [key]: value[base] }
  }
  return result
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** Percent-encodes a value for a URL; a lone surrogate becomes the invalid UTF-8 bytes %ED%A0%80 (hostile on purpose). */
const encode = (value: unknown) =>
  encodeURIComponent(
    (typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value)).replace(
      LONE_SURROGATE,
      '\uffff',
    ),
  ).replaceAll('%EF%BF%BF', '%ED%A0%80')

function queryString(pairs: [string, unknown][]): string {
  const parts: string[] = []
  for (const [name, value] of pairs) {
    if (value === undefined) continue
    const values = Array.isArray(value) ? value : [value]
    for (const one of values) parts.push(`${encodeURIComponent(name)}=${encode(one === null ? '' : one)}`)
  }
  return parts.length > 0 ? `?${parts.join('&')}` : ''
}

/**
 * Over the server's 1 MiB body limit. Made once: built for each operation, its 2 MB went to the old generation every
 * time and the collector's full passes over the worker's heap took half of the fuzzer's CPU.
 */
const OVERSIZED_BODY = JSON.stringify({ name: 'x'.repeat(1_100_000) })

const asNumber = (value: unknown) => (typeof value === 'string' ? Number(value.trim() || Number.NaN) : Number(value))

/**
 * The requests for one operation: about half valid by the document (real ids, values from the schemas), half broken
 * in one way (a hostile path id, hostile query values or an unknown filter, a body mutated in one place, no body, an
 * empty or malformed one, another content type, a prototype-polluting key, a body over the size limit, and with a
 * session the CSRF header left out).
 */
export function planArbitrary(
  operation: Operation,
  context: { document: unknown; pools: Pools; identity: Identity; protectedIds?: number[] },
): fc.Arbitrary<Plan> {
  const { document, pools, identity } = context
  const options = { root: document, hint: hintsFrom(pools), refine: confirmFields }
  const pathParams = operation.parameters.filter((p) => p.in === 'path')
  const queryParams = operation.parameters.filter((p) => p.in === 'query')
  const protectedIds = new Set(context.protectedIds ?? [])
  const allowed = (value: unknown) => !protectedIds.has(asNumber(value))

  const validPath = fc.tuple(
    ...pathParams.map((param) => {
      const schema = param.schema ?? { type: 'string' }
      const known = pools.strings[param.name] ?? []
      const isId = typesOf(schema, document).has('integer')
      if (isId) {
        const segments = operation.path.split('/')
        const resource = segments[segments.indexOf(`{${param.name}}`) - 1] ?? ''
        const own = pools.byResource[resource] ?? []
        const choices = [
          { weight: 2, arbitrary: fc.constantFrom(...pools.ids) },
          { weight: 1, arbitrary: schemaArbitrary(schema, options) },
        ]
        if (own.length > 0) choices.push({ weight: 6, arbitrary: fc.constantFrom(...own) })
        return fc.oneof(...choices)
      }
      if (known.length > 0)
        return fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...known) },
          { weight: 1, arbitrary: schemaArbitrary(schema, options) },
        )
      return schemaArbitrary(schema, options)
    }),
  )
  const hostilePath = fc.tuple(
    ...pathParams.map((param) =>
      typesOf(param.schema ?? true, document).has('integer')
        ? fc.oneof({ weight: 3, arbitrary: hostileId }, { weight: 1, arbitrary: hostileValue.map(urlSafe) })
        : fc.oneof(hostileValue.map(urlSafe), hostileId),
    ),
  )
  const urlOf = (values: unknown[], query: string) => {
    let path = operation.path
    pathParams.forEach((param, index) => {
      path = path.replace(`{${param.name}}`, encode(values[index]))
    })
    return `${path}${query}`
  }

  // `filter[datedAfter]` is hinted as `datedAfter`.
  const keyOf = (name: string) => /\[([^\]]+)\]$/.exec(name)?.[1] ?? name
  const validQuery = fc.tuple(
    ...queryParams.map((param) => {
      const value = schemaArbitrary(param.schema ?? { type: 'string' }, { ...options, key: keyOf(param.name) })
      // Optional parameters are left out three times in four, so that lists with many filters still answer rows.
      return param.required
        ? value
        : fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: value })
    }),
  )
  const hostileQuery = fc.tuple(
    ...queryParams.map((param) =>
      fc.oneof(
        { weight: 2, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: schemaArbitrary(param.schema ?? { type: 'string' }, options) },
        { weight: 3, arbitrary: hostileValue.map(urlSafe) },
      ),
    ),
  )
  const unknownQuery = fc.constantFrom<[string, unknown][]>(
    [['filter[inconnu]', '1']],
    [['inconnu', '1']],
    [['filter[id][gt]', '1']],
    [
      ['page', '1'],
      ['page', '2'],
    ],
    [['pageSize', '1001']],
    [['include', 'secrets,organization,users']],
    [['sort', '-password']],
    [['__proto__[admin]', 'true']],
  )
  const queryPairs = (values: unknown[]) =>
    queryParams.map((param, index) => [param.name, values[index]] as [string, unknown])

  const hasBodyMethod = ['POST', 'PUT', 'PATCH'].includes(operation.method)
  const forms = operation.form ? formArbitraries(operation.form, { ...options, ids: pools.ids }) : undefined
  const validBody: fc.Arbitrary<BodyPlan> = operation.body
    ? schemaArbitrary(operation.body, options).map((value) => ({ kind: 'json' as const, value }))
    : forms
      ? forms.valid.map((parts) => ({ kind: 'multipart' as const, parts }))
      : fc.constant({ kind: 'none' as const })

  type Variant = { weight: number; arbitrary: fc.Arbitrary<Plan> }
  const plan = (
    note: string,
    path: fc.Arbitrary<unknown[]>,
    query: fc.Arbitrary<string>,
    body: fc.Arbitrary<BodyPlan>,
    csrf = true,
  ): fc.Arbitrary<Plan> =>
    fc
      .tuple(path, query, body)
      .filter(([values]) => values.every(allowed))
      .map(([values, search, payload]) => ({
        method: operation.method,
        url: urlOf(values, search),
        body: payload,
        csrf,
        note,
      }))

  const validSearch = validQuery.map((values) => queryString(queryPairs(values)))
  const variants: Variant[] = [
    { weight: 8, arbitrary: plan('valid by the document', validPath, validSearch, validBody) },
  ]
  if (operation.body) {
    const smallest = schemaArbitrary(operation.body, { ...options, requiredOnly: true })
    variants.push({
      weight: 3,
      arbitrary: plan(
        'valid by the document, required fields only',
        validPath,
        validSearch,
        smallest.map((value) => ({ kind: 'json' as const, value })),
      ),
    })
  }
  if (forms)
    // Uploads: valid forms and odd ones (empty, one-column, binary files; parts left out, doubled, hostile).
    variants.push({
      weight: 12,
      arbitrary: fc
        .tuple(validPath, validSearch, forms.any)
        .filter(([values]) => values.every(allowed))
        .map(([values, search, form]) => ({
          method: operation.method,
          url: urlOf(values, search),
          body: { kind: 'multipart' as const, parts: form.parts },
          csrf: true,
          note: form.note,
        })),
    })
  if (pathParams.length > 0)
    variants.push({ weight: 3, arbitrary: plan('hostile path parameter', hostilePath, validSearch, validBody) })
  if (queryParams.length > 0)
    variants.push({
      weight: 3,
      arbitrary: plan(
        'hostile query values',
        validPath,
        hostileQuery.map((values) => queryString(queryPairs(values))),
        validBody,
      ),
    })
  variants.push({
    weight: 1,
    arbitrary: plan(
      'unknown query parameter',
      validPath,
      fc.tuple(validQuery, unknownQuery).map(([values, extra]) => queryString([...queryPairs(values), ...extra])),
      validBody,
    ),
  })
  if (operation.body) {
    variants.push({
      weight: 6,
      arbitrary: fc
        .tuple(validPath, validSearch, mutatedArbitrary(operation.body, options))
        .filter(([values]) => values.every(allowed))
        .map(([values, search, mutated]) => ({
          method: operation.method,
          url: urlOf(values, search),
          body: { kind: 'json' as const, value: mutated.value },
          csrf: true,
          note: `body: ${mutated.mutation} at ${mutated.at}`,
        })),
    })
  }
  if (hasBodyMethod) {
    const raw = (text: string, contentType = 'application/json') =>
      fc.constant<BodyPlan>({ kind: 'raw', text, contentType })
    const oddBodies: [string, fc.Arbitrary<BodyPlan>][] = [
      ['no body', fc.constant({ kind: 'none' })],
      ['empty JSON body', raw('')],
      [
        'malformed JSON',
        fc
          .constantFrom('{"a":', '{', 'nul', "{'a': 1}", '[1,]', '\u0000')
          .map((text) => ({ kind: 'raw', text, contentType: 'application/json' })),
      ],
      [
        'another content type',
        fc.constantFrom<BodyPlan>(
          { kind: 'raw', text: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
          { kind: 'raw', text: 'bonjour', contentType: 'text/plain' },
          { kind: 'raw', text: '<a>1</a>', contentType: 'application/xml' },
        ),
      ],
      ['prototype pollution', raw('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}')],
      ['body over the size limit', raw(OVERSIZED_BODY)],
    ]
    if (!operation.body)
      oddBodies.push(['unexpected body', hostileValue.map((value) => ({ kind: 'json', value: { inconnu: value } }))])
    for (const [note, body] of oddBodies)
      variants.push({
        weight: note === 'body over the size limit' ? 0.2 : 1,
        arbitrary: plan(note, validPath, validSearch, body),
      })
  }
  if (identity === 'session' && operation.method !== 'GET')
    variants.push({
      weight: 0.5,
      arbitrary: plan('no X-Requested-With header (CSRF)', validPath, validSearch, validBody, false),
    })

  // fc.oneof wants integer weights: scale them.
  return fc
    .oneof(...variants.map(({ weight, arbitrary }) => ({ weight: Math.round(weight * 10), arbitrary })))
    .filter((plan) => plan.url.length <= MAX_URL)
}
