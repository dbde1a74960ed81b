import { writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Config } from '../../src/config'
import { type Client, json, signUpWithOrganization, uniqueEmail, useTestContext } from '../helpers'
import { createCustomer, createInvoice, createQuote, createValidatedInvoice, invoiceBody, quoteBody } from '../sales'
import {
  type Credentials,
  curlOf,
  type HttpRequest,
  type Operation,
  operationsOf,
  type Plan,
  type Pools,
  planArbitrary,
  toHttp,
} from './requests'
import { type Identity, PROTECTED, SKIPPED, skipOf } from './skip'

/**
 * The fuzzer: every operation of the served OpenAPI document, with a session and with a personal API token, on a
 * fresh organisation, over real HTTP to 127.0.0.1. Each answer must be below 500, have a status the operation
 * declares, and, when JSON, match the declared schema; /health must still answer afterwards.
 *
 * Each operation gets RUNS requests per identity, about half valid by the document (real ids of the run's
 * organisation, values from the schemas), half broken in one way (requests.ts). 30 keeps `npm test` within its
 * budget: ~8 000 requests, ~100 s of CPU on a 2-core machine.
 *
 *   FUZZ_RUNS=2000 npx vitest run --project server test/fuzz      a long local run
 *   FUZZ_SEED=123456 …                                            replays a run (the seed is printed at the start)
 *   FUZZ_ONLY='invoices/\{id\}/validate' …                       only the operations whose `METHOD /path` matches
 *   FUZZ_VERBOSE=1 …                                              time per operation, and why valid requests were refused
 *
 * A failure prints each distinct problem once with a curl line; every failing request is written whole to a file in
 * the temporary directory. Routes that would end the run are skipped in skip.ts, each with its reason.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30)
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31)
const ONLY = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : undefined
const REQUEST_TIMEOUT_MS = 30_000

// ——— a local stand-in for the company directory: the run never leaves 127.0.0.1 ———

const headOffice = {
  siret: '55203253400646',
  numero_voie: '17',
  indice_repetition: null,
  type_voie: 'BD',
  libelle_voie: 'HAUSSMANN',
  adresse: '17 BD HAUSSMANN 75009 PARIS',
  code_postal: '75009',
  libelle_commune: 'PARIS',
  activite_principale: '70.10Z',
  statut_diffusion: 'O',
}
const company = {
  siren: '552032534',
  nom_complet: 'DANONE',
  nom_raison_sociale: 'DANONE',
  nature_juridique: '5599',
  activite_principale: '70.10Z',
  statut_diffusion: 'O',
  siege: headOffice,
  matching_etablissements: [],
}
let provider: Server
const lookupConfig: Partial<Config> = { companyLookupTimeoutMs: 1000 }

beforeAll(async () => {
  provider = createServer((request, response) => {
    const q = new URL(request.url ?? '/', 'http://x').searchParams.get('q') ?? ''
    response.writeHead(200, { 'content-type': 'application/json' })
    const found = q.startsWith(company.siren)
    response.end(
      JSON.stringify(
        found
          ? {
              results: [{ ...company, matching_etablissements: q === headOffice.siret ? [headOffice] : [] }],
              total_results: 1,
              page: 1,
            }
          : { results: [], total_results: 0, page: 1, per_page: 5, total_pages: 0 },
      ),
    )
  })
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
  lookupConfig.companyLookupUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`
})
afterAll(async () => {
  provider.closeAllConnections()
  await new Promise((resolve) => provider.close(resolve))
})

const ctx = useTestContext({ config: lookupConfig })

// ——— the run's world: a user with an organisation, a token, and a few objects so that real ids exist ———

type World = { client: Client; organizationId: number; cookie: string; token: string; tokenId: number; pools: Pools }

/** Every `id` and `…Id` number in a JSON value, and the ids of `data` (or `data[]`) under `resource`. */
function harvest(value: unknown, into: Set<number>) {
  if (Array.isArray(value)) for (const item of value) harvest(item, into)
  else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) {
      if ((key === 'id' || key.endsWith('Id')) && Number.isInteger(item) && (item as number) > 0)
        into.add(item as number)
      else harvest(item, into)
    }
}

async function newWorld(document: Document): Promise<World> {
  const { client, organization } = await signUpWithOrganization(ctx.app)
  const tokenResponse = await client.post('/me/tokens', { name: 'fuzz' })
  expect(tokenResponse.statusCode, tokenResponse.body).toBe(201)
  const token = json(tokenResponse).data as { id: number; token: string }
  const ids = new Set<number>([1, 2, 3])
  const byResource: Record<string, number[]> = {}
  const add = (resource: string, id: unknown) => {
    if (!Number.isInteger(id)) return
    byResource[resource] = [...new Set([...(byResource[resource] ?? []), id as number])]
    ids.add(id as number)
  }
  const strings: Record<string, string[]> = {
    siret: [company.siren, headOffice.siret, '55203253400042'],
    slug: ['cgu-cgv', 'confidentiality-policy'],
  }
  const problems: string[] = []
  /** A seeding step that fails (a route being reworked) leaves fewer real ids, not a broken run. */
  const step = async (name: string, run: () => Promise<void>) => {
    try {
      await run()
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message.split('\n')[0]}`)
    }
  }
  await step('spare token', async () => add('tokens', json(await client.post('/me/tokens', { name: 'spare' })).data.id))
  let draftId: number | undefined
  let validatedId: number | undefined
  await step('customer', async () => {
    const { contactId, addressId } = await createCustomer(client)
    add('contacts', contactId)
    add('addresses', addressId)
    const draft = await createInvoice(client, invoiceBody({ contactId, billingAddressId: addressId }))
    draftId = draft.id
    add('invoices', draft.id)
    harvest(draft, ids)
    const quote = await createQuote(client, quoteBody({ contactId, billingAddressId: addressId }))
    add('quotes', quote.id)
    harvest(quote, ids)
  })
  await step('validated invoice', async () => {
    const validated = await createValidatedInvoice(client)
    validatedId = validated.id
    add('invoices', validated.id)
    harvest(validated, ids)
  })
  await step('item', async () => {
    const item = await client.post('/items', {
      name: 'Lampe',
      reference: 'LAMPE-1',
      amount: '40',
      itemTypeId: 1,
      unitId: 3,
      accountingEntryId: 401,
    })
    add('items', json(item).data.id)
  })
  await step('comment', async () => {
    const comment = await client.post(`/invoices/${draftId}/comments`, { comment: 'Bonjour' })
    add('comments', json(comment).data.id)
  })
  await step('invitation', async () => {
    const roles = json(await client.get('/roles')).data as { id: number; code: string }[]
    const invitation = await client.post('/organization/invitations', {
      email: uniqueEmail('fuzz'),
      roleId: roles.find((role) => role.code === 'collaborator')?.id,
    })
    add('invitations', json(invitation).data.id)
  })
  await step('share link', async () => {
    const link = await client.post(`/invoices/${validatedId}/public-url`)
    const url = json(link).data.url as string
    strings.token = [url.slice(url.lastIndexOf('/') + 1)]
  })
  // Every list the document has (GET without path parameters): their first ids, under the path's last segment, so a
  // new resource has real ids for its `/{id}` routes with no change here.
  for (const operation of operationsOf(document)) {
    if (operation.method !== 'GET' || operation.parameters.some((p) => p.in === 'path')) continue
    const response = await client.get(operation.key.slice('GET '.length))
    if (response.statusCode !== 200 || !String(response.headers['content-type'] ?? '').includes('json')) continue
    const data = json(response).data
    const resource = operation.key.split('/').pop() as string
    for (const row of (Array.isArray(data) ? data : [data]).slice(0, 5)) {
      if (typeof row === 'object' && row !== null && 'id' in row) add(resource, row.id)
      harvest(row, ids)
    }
  }
  if (problems.length > 0) console.warn(`fuzz: seeding fell short (fewer real ids):\n  ${problems.join('\n  ')}`)
  const cookie = client.cookie ?? ''
  return {
    client,
    organizationId: organization.id,
    cookie,
    token: token.token,
    tokenId: token.id,
    pools: { ids: [...ids].sort((a, b) => a - b), byResource, strings },
  }
}

// ——— the checks ———

type Document = { paths: Record<string, Record<string, unknown>> }

type Kind =
  | '5xx'
  | 'undocumented status'
  | 'schema mismatch'
  | 'undocumented content type'
  | 'invalid JSON'
  | 'no answer'
  | 'lost the run’s identity'

type Failure = {
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

type Answer = { status: number; contentType: string; text: string } | { error: string }

async function send(request: HttpRequest): Promise<Answer> {
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    const text = await response.text()
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', text }
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` }
  }
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

function createChecker(document: Document) {
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
async function restoreIdentity(base: string, world: World, credentials: Credentials): Promise<string | undefined> {
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

/** FNV-1a: a per-operation seed, so that adding a route does not change the cases of the others. */
function hash(text: string): number {
  let value = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index)
    value = Math.imul(value, 0x01000193)
  }
  return value >>> 0
}

const methodOrder = (method: string) => (method === 'GET' ? 0 : method === 'DELETE' ? 2 : 1)

/**
 * One entry per problem: failures of the same kind, status and signature (an error code, a schema error's place) are
 * one problem, whether one operation shows it or twenty (a router limit shows on every route with a path parameter).
 */
function report(failures: Failure[], file: string): string {
  const groups = new Map<string, Failure[]>()
  for (const failure of failures) {
    const key = `${failure.kind}\u0000${failure.status}\u0000${failure.signature}`
    groups.set(key, [...(groups.get(key) ?? []), failure])
  }
  const operations = new Set(failures.map((failure) => failure.operation))
  const lines = [
    `fuzz: ${groups.size} distinct problems in ${operations.size} operations (${failures.length} requests) — seed ${SEED}, ${RUNS} runs per operation and identity`,
    `replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} npx vitest run --project server test/fuzz`,
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

// ——— the run ———

describe('the fuzzer', () => {
  it(
    'answers every operation of its document as documented, with a session and with a token',
    async () => {
      console.log(
        `fuzz: seed ${SEED}, ${RUNS} runs per operation and identity (FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} to replay)`,
      )
      await ctx.app.listen({ host: '127.0.0.1', port: 0 })
      const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
      const served = await fetch(`${base}/api/v1/openapi.json`)
      expect(served.status).toBe(200)
      const document = (await served.json()) as Document
      const check = createChecker(document)
      const operations = operationsOf(document)
        .filter((operation) => !ONLY || ONLY.test(operation.key))
        .sort((a, b) => methodOrder(a.method) - methodOrder(b.method))
      expect(operations.length).toBeGreaterThan(0)
      // The checker itself must be able to fail: a body of the wrong shape for a documented JSON success is caught.
      const probe = operationsOf(document).find(
        (operation) => operation.responses['200']?.content?.['application/json']?.schema !== undefined,
      )
      if (probe)
        expect(
          check(probe, { status: 200, contentType: 'application/json', text: '"pas la forme documentée"' }),
        ).toEqual([expect.objectContaining({ kind: 'schema mismatch' })])
      for (const skip of SKIPPED)
        if (!operationsOf(document).some((operation) => operation.key === skip.operation))
          throw new Error(`skip.ts names ${skip.operation}, which the document no longer has: remove it`)

      const failures: Failure[] = []
      const started = Date.now()
      const cpuAtStart = process.cpuUsage()
      let sent = 0
      const classes = new Map<string, number>()
      /** Operations that answered a success at least once: the others were only seen refusing. */
      const succeeded = new Set<string>()
      const refusals = new Map<string, Map<string, number>>()
      for (const identity of ['session', 'token'] as const) {
        let world = await newWorld(document)
        const credentials = (): Credentials =>
          identity === 'session' ? { identity, cookie: world.cookie } : { identity, token: world.token }
        const passStarted = Date.now()
        for (const operation of operations) {
          const skipped = skipOf(operation.key, identity)
          if (skipped) continue
          const plans = fc.sample(
            planArbitrary(operation, {
              document,
              pools: world.pools,
              identity,
              protectedIds: PROTECTED[operation.key]?.ids(world),
            }),
            { seed: (SEED ^ hash(`${identity} ${operation.key}`)) | 0, numRuns: RUNS },
          )
          const operationStarted = Date.now()
          for (const [caseIndex, plan] of (plans as Plan[]).entries()) {
            const request = toHttp(plan, base, credentials())
            const answer = await send(request)
            sent++
            const statusClass = 'status' in answer ? `${String(answer.status)[0]}xx` : 'none'
            classes.set(statusClass, (classes.get(statusClass) ?? 0) + 1)
            if ('status' in answer && answer.status < 300) succeeded.add(operation.key)
            else if ('status' in answer && plan.note.startsWith('valid by the document')) {
              // Why a request valid by the document was refused, for FUZZ_VERBOSE: what the generators miss.
              let reason = ''
              try {
                const body = JSON.parse(answer.text)
                reason = `${body.code} ${JSON.stringify(body.errors ?? body.message).slice(0, 160)}`
              } catch {}
              const seen = refusals.get(operation.key) ?? new Map<string, number>()
              seen.set(`${answer.status} ${reason}`, (seen.get(`${answer.status} ${reason}`) ?? 0) + 1)
              refusals.set(operation.key, seen)
            }
            for (const problem of check(operation, answer))
              failures.push({ ...problem, identity, request, note: plan.note, caseIndex })
          }
          if (process.env.FUZZ_VERBOSE)
            console.log(
              `fuzz: ${identity} ${operation.key}: ${plans.length} cases in ${Date.now() - operationStarted} ms`,
            )
          // The operation may have switched the user to another organisation (POST /organizations…): switch back;
          // if it ended the run's session or token, report it and go on with a new world.
          const lost = await restoreIdentity(base, world, credentials())
          if (lost) {
            failures.push({
              operation: operation.key,
              identity,
              kind: 'lost the run’s identity',
              status: 0,
              detail: `${lost}: list the operation in skip.ts with its reason, or protect the id (the run goes on in a new organisation)`,
              signature: '',
              request: toHttp(plans.at(-1) as Plan, base, credentials()),
              note: 'checked after the last case of the operation',
              caseIndex: plans.length - 1,
            })
            world = await newWorld(document)
          }
        }
        console.log(
          `fuzz: ${identity} pass, ${operations.length} operations in ${Math.round((Date.now() - passStarted) / 1000)} s`,
        )
      }
      const cpuSeconds = () => {
        const cpu = process.cpuUsage(cpuAtStart)
        return (cpu.user + cpu.system) / 1e6
      }
      console.log(
        `fuzz: ${sent} requests in ${Math.round((Date.now() - started) / 1000)} s (${Math.round(cpuSeconds())} s of CPU), ${failures.length} failing`,
      )
      console.log(
        `fuzz: answers ${[...classes].map(([name, count]) => `${name} ${count}`).join(', ')}; never a success: ${operations
          .filter((operation) => !succeeded.has(operation.key))
          .map((operation) => operation.key)
          .join(', ')}`,
      )

      if (process.env.FUZZ_VERBOSE)
        for (const operation of operations.filter((one) => !succeeded.has(one.key))) {
          const top = [...(refusals.get(operation.key) ?? [])].sort((a, b) => b[1] - a[1]).slice(0, 2)
          console.log(
            `fuzz: never a success ${operation.key}: ${top.map(([reason, count]) => `${count}× ${reason}`).join(' | ')}`,
          )
        }
      if (failures.length > 0) {
        const file = join(tmpdir(), `carnet-fuzz-${SEED}.txt`)
        await writeFile(
          file,
          failures
            .map(
              (failure) =>
                `# ${failure.operation} — ${failure.kind} ${failure.status} (${failure.identity}, case ${failure.caseIndex}: ${failure.note})\n# ${failure.detail}\n${curlOf(failure.request)}\n`,
            )
            .join('\n'),
        )
        expect.fail(report(failures, file))
      }
    },
    Math.max(15 * 60_000, RUNS * 20_000),
  )

  it('still answers /health afterwards', async () => {
    const address = ctx.app.server.address() as AddressInfo | null
    const url = address ? `http://127.0.0.1:${address.port}/api/v1/health` : undefined
    const response = url ? await fetch(url) : undefined
    expect(response?.status ?? (await ctx.app.inject({ url: '/api/v1/health' })).statusCode).toBe(200)
  })
})
