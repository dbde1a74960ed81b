/**
 * The soak (issue 35): organisations with a year of activity each, then a day's mix of requests replayed at a fixed
 * rate against one server process, with p50/p99 per route family, the errors, and the server's memory over time.
 *
 *   DATABASE_URL=postgres://… npm run soak
 *
 * SOAK_ORGS organisations (default 100), SOAK_MINUTES of replay (default 2), SOAK_RATE requests per second (default
 * 580, the issue's 5× the average peak of 10,000 organisations). The issue's scale is 10,000 organisations for 15
 * minutes; one machine of two cores seeds 100 in a few minutes, so that is the default and the scale is printed.
 * PostgreSQL or a Citus coordinator only: the server runs in its own process, and PGlite opens in one process.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { backfillLedger, backfillMatchKeys } from '../apps/server/src/backfill'
import { openDatabase } from '../apps/server/src/db/client'
import { vacuumTables } from '../apps/server/src/db/maintenance'
import { runMigrations } from '../apps/server/src/db/migrate'
import { organizationPayload, registerPayload, seed as seedContacts } from './contacts'
import { customerAddressPayload, customerPayload, legalInfoPayload, seedInvoices } from './invoices'
import { number, ofxFile, seedBankLines, statementLines } from './transactions'

const ORGANIZATIONS = Number(process.env.SOAK_ORGS ?? 100)
const MINUTES = Number(process.env.SOAK_MINUTES ?? 2)
const RATE = Number(process.env.SOAK_RATE ?? 580)
/** A year of a small business: its customers and suppliers, its invoices, its bank lines, drafts to validate today. */
const PER_ORGANIZATION = { contacts: 50, invoices: 150, drafts: 40, bankLines: 1200 }
/** Requests waiting for their answer beyond which the server is saturated: the next ones are counted as dropped. */
const MAX_IN_FLIGHT = 512

type Organization = {
  cookie: string
  id: number
  journalId: number
  invoiceIds: number[]
  drafts: number[]
  contactIds: number[]
  imports: number
}
type Family = 'list' | 'read' | 'create' | 'validate' | 'import' | 'report'
type Call = { family: Family; method: 'GET' | 'POST'; path: string; body?: unknown; form?: FormData }

const root = fileURLToPath(new URL('..', import.meta.url))

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** The server as `npm start` runs it (migrations, backfills, housekeeping), in a process of its own. */
async function startServer(databaseUrl: string) {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', `${root}apps/server/src/main.ts`], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`soak: the server stopped (${child.exitCode})`)
    const ok = await fetch(`${base}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return { child, base }
    if (tries > 600) throw new Error('soak: the server did not answer in 60 s')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The server's resident memory (Linux), in MiB. */
const residentMiB = (child: ChildProcess) => {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

async function call(base: string, cookie: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      'x-requested-with': 'fetch',
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (response.status >= 300) throw new Error(`soak: ${method} ${path}: ${response.status} ${text.slice(0, 300)}`)
  return { json: text ? JSON.parse(text) : null, cookie: response.headers.getSetCookie()[0]?.split(';')[0] ?? '' }
}

/** One organisation as a new user makes it through the API: account, organisation, legal information, a customer, a bank account. */
async function signUp(base: string, index: number) {
  const stamp = `${Date.now()}.${index}`
  const { cookie } = await call(base, '', 'POST', '/auth/register', registerPayload(`soak.${stamp}@exemple.fr`))
  const organization = await call(
    base,
    cookie,
    'POST',
    '/auth/register/organization',
    organizationPayload(`Maison ${index}`),
  )
  await call(base, cookie, 'PATCH', '/organization', legalInfoPayload)
  const customer = await call(base, cookie, 'POST', '/contacts?relation=customer', customerPayload)
  await call(base, cookie, 'POST', '/addresses', customerAddressPayload(customer.json.data.id))
  const journal = await call(base, cookie, 'POST', '/journals', { name: 'Compte pro', journalTypeId: 1 })
  return {
    cookie,
    id: organization.json.data.id as number,
    customerId: customer.json.data.id as number,
    journalId: journal.json.data.id as number,
  }
}

async function seedAll(databaseUrl: string, base: string): Promise<Organization[]> {
  const database = await openDatabase({ databaseUrl })
  const start = performance.now()
  const organizations: Organization[] = []
  for (let index = 0; index < ORGANIZATIONS; index += 4) {
    const batch = Array.from({ length: Math.min(4, ORGANIZATIONS - index) }, (_, k) => signUp(base, index + k))
    for (const made of await Promise.all(batch)) {
      await seedContacts(database, made.id, PER_ORGANIZATION.contacts, false)
      await seedInvoices(database, made.id, made.customerId, PER_ORGANIZATION.invoices, true)
      await seedInvoices(database, made.id, made.customerId, PER_ORGANIZATION.drafts, false)
      await seedBankLines(database, made.id, made.journalId, PER_ORGANIZATION.bankLines, 365)
      organizations.push({ ...made, invoiceIds: [], drafts: [], contactIds: [], imports: 0 })
    }
  }
  const signedUp = performance.now()
  // Written past the application, as a restore does: the books of it all are posted as the start-up backfill posts them.
  await backfillMatchKeys(database)
  const released = await backfillLedger(database)
  await vacuumTables(database)
  for (const organization of organizations) {
    const ids = async (query: ReturnType<typeof sql>) =>
      (await database.db.execute<{ id: string }>(query)).rows.map((row) => Number(row.id))
    organization.invoiceIds = await ids(
      sql`select id from invoices where organization_id = ${organization.id} and state_id <> 1 order by id`,
    )
    organization.drafts = await ids(
      sql`select id from invoices where organization_id = ${organization.id} and state_id = 1 order by id`,
    )
    organization.contactIds = await ids(sql`select id from contacts where organization_id = ${organization.id}`)
  }
  const [rows] = (
    await database.db.execute<{ rows: string }>(
      // Counted, not read from the statistics: on Citus the coordinator's tables are empty shells.
      sql`select (select count(*) from contacts) + (select count(*) from invoices) + (select count(*) from invoice_lines)
        + (select count(*) from transactions) + (select count(*) from transaction_allocations)
        + (select count(*) from ledger_entries) + (select count(*) from ledger_lines) as rows`,
    )
  ).rows
  const [pending] = (await database.db.execute<{ n: string }>(sql`select count(*) n from ledger_pending`)).rows
  await database.close()
  console.log(
    `seeded ${number(ORGANIZATIONS)} organisations (${Object.entries(PER_ORGANIZATION)
      .map(([what, count]) => `${count} ${what}`)
      .join(
        ', ',
      )} each; about ${number(Number(rows?.rows ?? 0))} rows): signed up and seeded in ${((signedUp - start) / 1000).toFixed(0)} s, ${number(released)} sources posted by the backfill in ${((performance.now() - signedUp) / 1000).toFixed(0)} s, ${pending?.n ?? '?'} left aside`,
  )
  return organizations
}

/** A day's mix, weighted as the product is used: mostly lists and reads, some writes, a few reports and imports. */
const MIX: [Family, number][] = [
  ['list', 35],
  ['read', 30],
  ['create', 10],
  ['report', 12],
  ['validate', 8],
  ['import', 5],
]
const pick = <T>(values: readonly T[], seed: number) => values[seed % values.length] as T

function nextCall(organization: Organization, tick: number): Call {
  let roll = tick % 100
  let family: Family = 'read'
  for (const [name, weight] of MIX) {
    if (roll < weight) {
      family = name
      break
    }
    roll -= weight
  }
  const spin = Math.floor(tick / 100)
  switch (family) {
    case 'list':
      return {
        family,
        method: 'GET',
        path: pick(
          [
            '/invoices?page=1',
            '/transactions?page=1',
            '/contacts?page=1',
            '/transactions?filter[uncategorized]=true',
            '/invoices?page=2&filter[state]=PAID',
          ],
          spin,
        ),
      }
    case 'read':
      return {
        family,
        method: 'GET',
        path: pick(
          [
            `/invoices/${pick(organization.invoiceIds, tick)}`,
            `/contacts/${pick(organization.contactIds, tick)}`,
            '/dashboard/invoices?from=2026-01-01&to=2026-12-31',
            '/transactions/to-categorize/count',
          ],
          spin,
        ),
      }
    case 'create':
      return {
        family,
        method: 'POST',
        path: '/contacts?relation=customer',
        body: { contactTypeId: 2, name: `Client ${tick}`, email: `client${tick}@exemple.fr` },
      }
    case 'validate': {
      const draft = organization.drafts.shift()
      if (draft === undefined) return nextCall(organization, tick + 30)
      return { family, method: 'POST', path: `/invoices/${draft}/validate` }
    }
    case 'import': {
      const round = organization.imports++
      const lines = statementLines(20).map((line) => ({ ...line, id: `SOAK-${round}-${line.id}` }))
      const form = new FormData()
      form.append(
        'file',
        new Blob([new Uint8Array(ofxFile(lines))], { type: 'application/octet-stream' }),
        'releve.ofx',
      )
      return { family, method: 'POST', path: `/journals/${organization.journalId}/imports`, form }
    }
    case 'report':
      return {
        family,
        method: 'GET',
        path: pick(['/reports/operating-account?from=2026-01-01&to=2026-12-31', '/reports/vat?year=2026'], spin),
      }
  }
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0)

/** Requests sent at the rate whatever the answers take (an open loop): a slow server shows as latency, not as fewer requests. */
async function replay(base: string, child: ChildProcess, organizations: Organization[]) {
  const times = new Map<Family, number[]>()
  const errors = new Map<Family, number>()
  const failures = new Map<string, number>()
  const memory: { second: number; mib: number }[] = [{ second: 0, mib: residentMiB(child) }]
  let inFlight = 0
  let dropped = 0
  let sent = 0
  const durationMs = MINUTES * 60_000
  const start = performance.now()
  const fire = async (call: Call, cookie: string) => {
    inFlight++
    const begin = performance.now()
    try {
      const response = await fetch(`${base}/api/v1${call.path}`, {
        method: call.method,
        headers: {
          cookie,
          'x-requested-with': 'fetch',
          ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: call.form ?? (call.body === undefined ? undefined : JSON.stringify(call.body)),
      })
      await response.arrayBuffer()
      if (response.status >= 400) {
        errors.set(call.family, (errors.get(call.family) ?? 0) + 1)
        const key = `${call.family} ${response.status}`
        failures.set(key, (failures.get(key) ?? 0) + 1)
      }
    } catch {
      errors.set(call.family, (errors.get(call.family) ?? 0) + 1)
    } finally {
      const list = times.get(call.family) ?? []
      list.push(performance.now() - begin)
      times.set(call.family, list)
      inFlight--
    }
  }
  const pending: Promise<void>[] = []
  let lastMemory = start
  while (performance.now() - start < durationMs) {
    const due = Math.floor(((performance.now() - start) / 1000) * RATE)
    for (; sent < due; sent++) {
      if (inFlight >= MAX_IN_FLIGHT) {
        dropped++
        continue
      }
      const organization = organizations[sent % organizations.length] as Organization
      pending.push(
        fire(nextCall(organization, sent * 7 + Math.floor(sent / organizations.length)), organization.cookie),
      )
      if (pending.length > 10_000) await Promise.all(pending.splice(0, 5000))
    }
    if (performance.now() - lastMemory >= 10_000) {
      lastMemory = performance.now()
      memory.push({ second: Math.round((lastMemory - start) / 1000), mib: residentMiB(child) })
    }
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
  await Promise.all(pending)
  const elapsed = (performance.now() - start) / 1000
  memory.push({ second: Math.round(elapsed), mib: residentMiB(child) })
  return { times, errors, failures, memory, dropped, elapsed }
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL
  if (!databaseUrl) {
    console.error(
      'soak: DATABASE_URL must point at PostgreSQL or a Citus coordinator (the server runs in its own process).',
    )
    process.exit(2)
  }
  const migrations = await openDatabase({ databaseUrl })
  await runMigrations(migrations)
  await migrations.close()
  const { child, base } = await startServer(databaseUrl)
  try {
    const organizations = await seedAll(databaseUrl, base)
    console.log(
      `replay: ${number(RATE)} requests/s for ${MINUTES} min against one server process (${MIX.map(([family, weight]) => `${family} ${weight} %`).join(', ')})`,
    )
    const result = await replay(base, child, organizations)
    let total = 0
    let totalErrors = 0
    for (const [family] of MIX) {
      const sorted = Float64Array.from(result.times.get(family) ?? []).sort()
      const failed = result.errors.get(family) ?? 0
      total += sorted.length
      totalErrors += failed
      console.log(
        `  ${family.padEnd(8)} ${number(sorted.length).padStart(8)} requests  p50 ${percentile(sorted, 0.5).toFixed(1)} ms  p99 ${percentile(sorted, 0.99).toFixed(1)} ms  errors ${failed}`,
      )
    }
    const reads = Float64Array.from([...(result.times.get('list') ?? []), ...(result.times.get('read') ?? [])]).sort()
    console.log(
      `soak: ${number(total / result.elapsed)} requests/s answered of ${number(RATE)} asked, ${result.dropped} dropped (over ${MAX_IN_FLIGHT} waiting), errors ${totalErrors}${[...result.failures].map(([key, count]) => ` (${key}: ${count})`).join('')}; reads p99 ${percentile(reads, 0.99).toFixed(1)} ms (goal ≤ 50 ms at 580 requests/s)`,
    )
    const mib = result.memory.map((point) => point.mib)
    console.log(
      `server memory (RSS): ${result.memory.map((point) => `${point.second} s ${point.mib.toFixed(0)} MiB`).join(', ')}; growth ${(mib.at(-1) ?? 0) - (mib[1] ?? mib[0] ?? 0) >= 0 ? '+' : ''}${((mib.at(-1) ?? 0) - (mib[1] ?? mib[0] ?? 0)).toFixed(0)} MiB after the first 10 s`,
    )
  } finally {
    child.kill('SIGTERM')
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
