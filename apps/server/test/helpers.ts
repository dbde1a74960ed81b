import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { type ParsedMail, simpleParser } from 'mailparser'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import { buildApp } from '../src/app'
import { type Config, loadConfig } from '../src/config'
import { type Database, openDatabase, openPgliteFrom } from '../src/db/client'
import { copyCitusDatabase, dropCitusDatabases } from './citus'

const citusDrops = new WeakMap<Database, () => Promise<void>>()

/** A fresh database for one test file, copied from the migrated template made by global-setup. */
export async function openTestDatabase(): Promise<Database> {
  const postgresTemplate = inject('postgresTemplate')
  const databaseUrl = process.env.DATABASE_URL
  if (postgresTemplate && databaseUrl) {
    // Named after this run's template, so that its teardown drops its own databases and never another run's.
    const name = `${postgresTemplate.replace('carnet_tpl_', 'carnet_t_')}_${randomBytes(6).toString('hex')}`
    const citusWorkers = inject('citusWorkers')
    if (citusWorkers.length > 0) {
      const database = await openDatabase({
        databaseUrl: await copyCitusDatabase(databaseUrl, citusWorkers, postgresTemplate, name),
      })
      // Dropped with its test file: each database on Citus runs a daemon of its own (deadlock detection among others),
      // and a node starts only a few.
      citusDrops.set(database, () => dropCitusDatabases(databaseUrl, citusWorkers, [name]))
      return database
    }
    const admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()
    await admin.query(`create database ${name} template ${postgresTemplate}`)
    await admin.end()
    const url = new URL(databaseUrl)
    url.pathname = `/${name}`
    return openDatabase({ databaseUrl: url.toString() })
  }
  const dump = await readFile(inject('pgliteTemplate'))
  return openPgliteFrom(new Blob([dump]))
}

/** A real SMTP server in-process: tests read what the app really sent over the wire. */
export async function startSmtpServer() {
  const received: ParsedMail[] = []
  const waiters: Array<() => void> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail)
          for (const wake of waiters.splice(0)) wake()
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  const recipients = (mail: ParsedMail) =>
    [mail.to].flat().flatMap((to) => (to ? to.value.map((v) => v.address?.toLowerCase()) : []))
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves with the latest message to that address, waiting up to 5 s for it. */
    async waitFor(address: string, count = 1): Promise<ParsedMail> {
      const deadline = Date.now() + 5000
      for (;;) {
        const matching = received.filter((mail) => recipients(mail).includes(address.toLowerCase()))
        if (matching.length >= count) return matching[matching.length - 1] as ParsedMail
        if (Date.now() > deadline) throw new Error(`no e-mail to ${address}`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 200)
        })
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The tests' key for the secrets kept encrypted (lib/secrets.ts): never the one in a developer's ./data. */
export const TEST_SECRET_KEY = Buffer.alloc(32, 7).toString('base64')

export type TestContext = Awaited<ReturnType<typeof createTestContext>>

export async function createTestContext(options: { now?: () => Date; config?: Partial<Config> } = {}) {
  const database = await openTestDatabase()
  const smtp = await startSmtpServer()
  const filesDir = await mkdtemp(join(tmpdir(), 'carnet-files-'))
  const config: Config = {
    ...loadConfig({
      SMTP_URL: smtp.url,
      APP_URL: 'http://localhost:3000',
      LOG_LEVEL: process.env.TEST_LOG ?? 'silent',
      FILES_DIR: filesDir,
      SECRET_KEY: TEST_SECRET_KEY,
    }),
    ...options.config,
  }
  let now = options.now ?? (() => new Date())
  // TEST_LOG=error shows what the server logged (a 500's cause) while a test runs.
  const app = await buildApp({ config, database, clock: () => now(), logger: Boolean(process.env.TEST_LOG) })
  await app.ready()
  return {
    app,
    database,
    smtp,
    config,
    setNow(next: () => Date) {
      now = next
    },
    async close() {
      await app.close()
      await database.close()
      await citusDrops.get(database)?.()
      await smtp.close()
      await rm(filesDir, { recursive: true, force: true })
    },
  }
}

/**
 * One test context per test file: created before the first test, closed after the last. The returned object reads
 * through to the live context, so tests write `ctx.app` as if it were the context itself.
 */
export function useTestContext(options: Parameters<typeof createTestContext>[0] = {}): TestContext {
  let current: TestContext | undefined
  beforeAll(async () => {
    current = await createTestContext(options)
  })
  afterAll(async () => {
    await current?.close()
  })
  return new Proxy({} as TestContext, {
    get(_target, key) {
      if (!current) throw new Error('the test context is only available inside tests')
      return current[key as keyof TestContext]
    },
  })
}

type Body = Record<string, unknown> | unknown[] | string | undefined

/** A signed-in browser: keeps the session cookie and sends the CSRF header like the web app does. */
export class Client {
  cookie: string | null = null
  constructor(
    readonly app: FastifyInstance,
    readonly ip = `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  ) {}

  async request(method: string, url: string, body?: Body, headers: Record<string, string> = {}) {
    const response = await this.app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      remoteAddress: this.ip,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(method === 'GET' ? {} : { 'x-requested-with': 'fetch' }),
        ...headers,
      },
      ...(body === undefined ? {} : typeof body === 'string' ? { payload: body } : { payload: body as object }),
    })
    const setCookie = response.headers['set-cookie']
    if (setCookie) {
      const first = [setCookie].flat()[0] ?? ''
      const pair = first.split(';')[0] ?? ''
      this.cookie = pair.endsWith('=') ? null : pair
    }
    return response
  }
  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers)
  post = (url: string, body?: Body, headers?: Record<string, string>) => this.request('POST', url, body ?? {}, headers)
  patch = (url: string, body?: Body) => this.request('PATCH', url, body ?? {})
  delete = (url: string) => this.request('DELETE', url)
}

// biome-ignore lint/suspicious/noExplicitAny: tests read loosely-typed JSON bodies on purpose.
export const json = <T = any>(response: LightMyRequestResponse): T => response.json() as T

let counter = 0
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}@exemple.fr`

export const PASSWORD = 'motdepasse-solide-1'

/** Signs up a new user (step one) and returns their signed-in client. */
export async function signUp(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const client = new Client(app)
  const email = (overrides.email as string) ?? uniqueEmail()
  const response = await client.post('/auth/register', {
    firstname: 'Camille',
    lastname: 'Martin',
    email,
    password: PASSWORD,
    passwordConfirmation: PASSWORD,
    cgu: true,
    ...overrides,
  })
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`)
  return { client, email, id: json(response).data.id as number }
}

export const organizationBody = (overrides: Record<string, unknown> = {}) => ({
  organizationName: 'Atelier Martin',
  legalFormId: 1,
  sectorId: 1,
  taxRegimeId: 1,
  taxAreaId: 1,
  canSellCash: false,
  ...overrides,
})

/** The sign-up's organisation fields as PATCH /organization names them (`name`, not the sign-up's `organizationName`). */
export function organizationEdit(overrides: Record<string, unknown> = {}) {
  const { organizationName, ...rest } = organizationBody(overrides)
  return { name: organizationName, ...rest }
}

/**
 * The legal information quotes and invoices need (409 LEGAL_INFO_REQUIRED without it): a SIREN, an address and, for
 * a seller who charges VAT (any tax regime but 1, FREE), its VAT number.
 */
export async function completeLegalInfo(client: Client, options: { taxFree: boolean }) {
  const response = await client.patch('/organization', {
    registrySiren: '732829320',
    ...(options.taxFree ? {} : { registryIntra: 'FR44732829320' }),
    address: { street: '12 rue de la Paix', postcode: '75002', city: 'Paris' },
  })
  if (response.statusCode !== 200) throw new Error(`legal info failed: ${response.statusCode} ${response.body}`)
}

/**
 * A user with an organisation, as after sign-up step two, its legal information complete so that it may issue quotes
 * and invoices; `{ legalInfo: false }` leaves it as sign-up does (no SIREN, no address).
 */
export async function signUpWithOrganization(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  options: { legalInfo?: boolean } = {},
) {
  const user = await signUp(app)
  const body = organizationBody(overrides)
  const response = await user.client.post('/auth/register/organization', body)
  if (response.statusCode !== 201) throw new Error(`step two failed: ${response.statusCode} ${response.body}`)
  if (options.legalInfo !== false) await completeLegalInfo(user.client, { taxFree: body.taxRegimeId === 1 })
  return { ...user, organization: json(response).data as { id: number; name: string } }
}

/** The token in an invitation e-mail's link. */
export const invitationToken = (text: string | undefined) => /token=([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1] ?? ''

/** A new user who joins `owner`'s organisation as a collaborator through the e-mailed invitation. */
export async function joinAsCollaborator(
  ctx: TestContext,
  owner: { client: Client },
  overrides: Record<string, unknown> = {},
) {
  const roles = json(await owner.client.get('/roles')).data as { id: number; code: string }[]
  const email = uniqueEmail('collab')
  const invite = await owner.client.post('/organization/invitations', {
    email,
    roleId: roles.find((role) => role.code === 'collaborator')?.id,
  })
  expect(invite.statusCode, invite.body).toBe(201)
  const collaborator = await signUp(ctx.app, { email, ...overrides })
  const accepted = await collaborator.client.post('/invitations/accept', {
    token: invitationToken((await ctx.smtp.waitFor(email)).text),
  })
  expect(accepted.statusCode, accepted.body).toBe(200)
  return collaborator
}
