import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { type Credentials, curlOf, type HttpRequest, toHttp } from './http'
import type { Operation } from './requests'
import type { Identity } from './skip'
import type { World } from './world'

const REQUEST_TIMEOUT_MS = 30_000

export type FuzzDocument = { paths: Record<string, Record<string, unknown>> }

export type Kind =
  | '5xx'
  | 'undocumented status'
  | 'schema mismatch'
  | 'undocumented content type'
  | 'invalid JSON'
  | 'no answer'
  | 'lost the run’s identity'

export type Failure = {
  operation: string
  identity: Identity
  kind: Kind
  status: number
  detail: string
  /** What groups failures: the same problem seen many times is reported once, with a count. */
  signature: string
  request: HttpRequest
  note: string
  caseIndex: number
}

export type Answer = { status: number; contentType: string; text: string; location?: string } | { error: string }

/** One request over real HTTP; a network failure or a timeout is an answer too. */
export async function send(request: HttpRequest): Promise<Answer> {
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    const text = await response.text()
    const location = response.headers.get('location') ?? undefined
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', text, location }
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` }
  }
}

/**
 * What a client that follows redirects ends with (a browser, most HTTP libraries, other fuzzers): the GET of the
 * `Location` of a 3xx on the same server, with the same credentials. Its answer must be declared by the operation too.
 */
export async function followRedirect(request: HttpRequest, answer: Answer): Promise<HttpRequest | undefined> {
  if (!('status' in answer) || answer.status < 300 || answer.status >= 400 || !answer.location) return undefined
  const target = new URL(answer.location, request.url)
  if (target.origin !== new URL(request.url).origin) return undefined
  const { cookie, authorization } = request.headers
  const headers: Record<string, string> = {}
  if (cookie) headers.cookie = cookie
  if (authorization) headers.authorization = authorization
  return { method: 'GET', url: target.href, headers }
}

/** The `code` of an error body (CSRF, FST_ERR_MAX_PARAM_LENGTH…): what tells one refusal from another. */
function codeOf(text: string): string {
  try {
    const code = (JSON.parse(text) as { code?: unknown }).code
    return typeof code === 'string' ? code : ''
  } catch {
    return ''
  }
}

const escapePointer = (part: string) => encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'))

/** The checker of a document's answers: status declared, content type declared, JSON body matching its schema. */
export function createChecker(document: FuzzDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true })
  addFormats(ajv)
  ajv.addSchema(document, 'openapi.json')
  const validators = new Map<string, ValidateFunction>()
  const validatorAt = (pointer: string[]) => {
    const ref = `openapi.json#/${pointer.map(escapePointer).join('/')}`
    let validate = validators.get(ref)
    if (!validate) {
      validate = ajv.compile({ $ref: ref })
      validators.set(ref, validate)
    }
    return validate
  }
  const describe = (errors: ErrorObject[] | null | undefined) =>
    (errors ?? [])
      .slice(0, 6)
      .map((error) => {
        const params = error.keyword === 'additionalProperties' ? ` (${error.params.additionalProperty})` : ''
        return `${error.instancePath || '(root)'} ${error.message}${params}`
      })
      .join('; ')

  /** The problems of one answer (an empty list when it is as documented). */
  return function check(
    operation: Operation,
    answer: Answer,
  ): Omit<Failure, 'identity' | 'request' | 'note' | 'caseIndex'>[] {
    const base = { operation: operation.key }
    if ('error' in answer)
      return [
        { ...base, kind: 'no answer', status: 0, detail: answer.error, signature: answer.error.split(':')[0] ?? '' },
      ]
    const { status, text } = answer
    const mediaType = answer.contentType.split(';')[0]?.trim().toLowerCase() ?? ''
    if (status >= 500) {
      let message = text.slice(0, 300)
      try {
        message = JSON.stringify(JSON.parse(text))
      } catch {}
      return [{ ...base, kind: '5xx', status, detail: message, signature: codeOf(text) }]
    }
    const statusKey = [String(status), `${String(status)[0]}XX`, 'default'].find((key) => key in operation.responses)
    if (!statusKey) {
      const documented = Object.keys(operation.responses).join(', ')
      const shown = /json|^text\//.test(mediaType)
        ? text.slice(0, 200)
        : `<${mediaType || 'no content type'}, ${text.length} characters>`
      return [
        {
          ...base,
          kind: 'undocumented status',
          status,
          detail: `declares ${documented}; answered ${shown}`,
          signature: codeOf(text),
        },
      ]
    }
    const content = operation.responses[statusKey]?.content
    if (text.length === 0) return []
    if (!content || Object.keys(content).length === 0)
      return [
        {
          ...base,
          kind: 'undocumented content type',
          status,
          detail: `a ${mediaType} body where the document declares none`,
          signature: mediaType,
        },
      ]
    const declared = Object.keys(content).find((type) => {
      const wanted = type.toLowerCase()
      return (
        wanted === mediaType || wanted === '*/*' || (wanted.endsWith('/*') && mediaType.startsWith(wanted.slice(0, -1)))
      )
    })
    if (!declared)
      return [
        {
          ...base,
          kind: 'undocumented content type',
          status,
          detail: `${mediaType}; declares ${Object.keys(content).join(', ')}`,
          signature: mediaType,
        },
      ]
    if (!/[/+]json$/.test(mediaType) || content[declared]?.schema === undefined) return []
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return [{ ...base, kind: 'invalid JSON', status, detail: text.slice(0, 200), signature: '' }]
    }
    const validate = validatorAt([...operation.pointer, 'responses', statusKey, 'content', declared, 'schema'])
    if (validate(body)) return []
    const first = validate.errors?.[0]
    return [
      {
        ...base,
        kind: 'schema mismatch',
        status,
        detail: describe(validate.errors),
        signature: `${operation.key}: ${first?.instancePath.replace(/\/\d+(?=\/|$)/g, '/*') ?? ''} ${first?.keyword ?? ''}`,
      },
    ]
  }
}

/**
 * After each operation: the run's credentials must still work and point at its organisation. Switches back when an
 * operation moved the user elsewhere; returns what went wrong when the run cannot go on as itself.
 */
export async function restoreIdentity(
  base: string,
  world: World,
  credentials: Credentials,
): Promise<string | undefined> {
  const call = (method: string, url: string, value?: unknown) =>
    send(
      toHttp(
        { method, url, body: value === undefined ? { kind: 'none' } : { kind: 'json', value }, csrf: true, note: '' },
        base,
        credentials,
      ),
    )
  const me = await call('GET', '/api/v1/me')
  if (!('status' in me) || me.status !== 200) return `GET /me then answers ${'status' in me ? me.status : me.error}`
  let current: unknown
  try {
    current = JSON.parse(me.text).data?.currentOrganizationId
  } catch {}
  if (current === world.organizationId) return undefined
  const back = await call('POST', '/api/v1/me/current-organization', { organizationId: world.organizationId })
  if (!('status' in back) || back.status !== 200)
    return `the run cannot switch back to its organisation (${'status' in back ? back.status : back.error})`
  return undefined
}

/**
 * One entry per problem: failures of the same kind, status and signature (an error code, a schema error's place) are
 * one problem, whether one operation shows it or twenty (a router limit shows on every route with a path parameter).
 */
export function report(failures: Failure[], file: string, { seed, runs }: { seed: number; runs: number }): string {
  const groups = new Map<string, Failure[]>()
  for (const failure of failures) {
    const key = `${failure.kind}\u0000${failure.status}\u0000${failure.signature}`
    groups.set(key, [...(groups.get(key) ?? []), failure])
  }
  const operations = new Set(failures.map((failure) => failure.operation))
  const lines = [
    `fuzz: ${groups.size} distinct problems in ${operations.size} operations (${failures.length} requests) — seed ${seed}, ${runs} runs per operation and identity`,
    `replay: FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npx vitest run --project server test/fuzz`,
    `every failing request as a whole curl line: ${file}`,
    '',
  ]
  const sorted = [...groups.values()].sort(
    (a, b) =>
      (a[0]?.kind ?? '').localeCompare(b[0]?.kind ?? '') ||
      (a[0]?.operation ?? '').localeCompare(b[0]?.operation ?? ''),
  )
  for (const group of sorted) {
    const shortest = group.reduce((best, failure) =>
      curlOf(failure.request).length < curlOf(best.request).length ? failure : best,
    )
    const identities = [...new Set(group.map((failure) => failure.identity))].join(', ')
    const where = [...new Set(group.map((failure) => failure.operation))]
    const status = shortest.status ? ` ${shortest.status}` : ''
    const signature = shortest.signature ? ` ${shortest.signature.trim()}` : ''
    lines.push(`${shortest.kind}${status}${signature} — ${group.length}× (${identities})`)
    lines.push(
      `  in ${where.length > 8 ? `${where.slice(0, 8).join(', ')} and ${where.length - 8} more` : where.join(', ')}`,
    )
    lines.push(`  ${shortest.detail.slice(0, 400)}`)
    lines.push(`  e.g. ${shortest.operation}, case ${shortest.caseIndex} (${shortest.identity}): ${shortest.note}`)
    const curl = curlOf(shortest.request, 300)
    lines.push(`  ${curl.length > 700 ? `${curl.slice(0, 700)}… (whole line in the file)` : curl}`)
    lines.push('')
  }
  return lines.join('\n')
}
