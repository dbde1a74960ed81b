/**
 * Sales documents at scale:
 * - the invoice list of an organisation with 10,000 invoices (filters, pages, search, summary) through app.inject with
 *   a real session (goal p99 < 50 ms on the embedded database);
 * - invoice validation throughput over HTTP by 8 clients on one series (number from the locked series counter,
 *   customer snapshot, activity entry, all in one transaction), next to a bare Fastify + driver route doing only the gapless numbered insert
 *   measured in the same run (research/perf-reliability-anchors.md P1/A.2; goal ≥ 0.5×).
 */
import type { AddressInfo } from 'node:net'
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import Fastify, { type FastifyInstance } from 'fastify'
import type { Database } from '../apps/server/src/db/client'
import { vacuumTables } from '../apps/server/src/db/maintenance'
import { createSalesSettingsRepo } from '../apps/server/src/features/sales/sales-settings/repo'
import { signIn } from './contacts'

const INVOICES = 10_000
/** Clients validating at once on one numbering series (issue 35: 8). */
const CLIENTS = 8
const DURATION = Number(process.env.BENCH_SECONDS ?? 10)

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0

async function timeRoute(app: FastifyInstance, cookie: string, url: string, rounds = 300) {
  for (let i = 0; i < 30; i++) await app.inject({ method: 'GET', url, headers: { cookie } })
  const times: number[] = []
  for (let i = 0; i < rounds; i++) {
    const start = performance.now()
    const response = await app.inject({ method: 'GET', url, headers: { cookie } })
    times.push(performance.now() - start)
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`)
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) }
}

/** A company customer (POST /contacts?relation=customer) and its billing address (POST /addresses). */
export const customerPayload = {
  contactTypeId: 1,
  name: 'Danone',
  registrySiren: '552032534',
  intracommunityTaxNumber: 'FR27552032534',
}
export const customerAddressPayload = (contactId: number) => ({
  addressableType: 'contact',
  addressableId: contactId,
  addressTypeId: 1,
  name: 'Siège',
  street: '17 boulevard Haussmann',
  postcode: '75009',
  city: 'Paris',
  countryId: 71,
})

async function createCustomer(app: FastifyInstance, cookie: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/contacts?relation=customer',
    headers: { cookie, 'x-requested-with': 'fetch' },
    payload: customerPayload,
  })
  const id = response.json().data.id as number
  // A company customer's billing address is a mandatory mention: validation refuses an invoice without it.
  const address = await app.inject({
    method: 'POST',
    url: '/api/v1/addresses',
    headers: { cookie, 'x-requested-with': 'fetch' },
    payload: customerAddressPayload(id),
  })
  if (address.statusCode !== 201) throw new Error(`POST /addresses: ${address.statusCode} ${address.body}`)
  return id
}

/** Drafts (state 1) or issued invoices, each with one line, inserted in bulk by SQL. */
export async function seedInvoices(
  database: Database,
  organizationId: number,
  contactId: number,
  count: number,
  issued: boolean,
) {
  const { db } = database
  const state = issued ? sql`(array[2, 3, 4, 5, 5, 5, 7])[1 + g % 7]` : sql`1`
  // Issued ones spread over 21 months; drafts all of one day, as a day's invoices validated together are: numbers
  // follow dates, so drafts of different dates validated at once would refuse each other rather than measure anything.
  const dated = issued ? sql`date '2025-01-01' + (g % 640)` : sql`date '2026-11-02'`
  // Written past the application, as a restore does: their books wait as a migrated database's do, marked for the
  // start-up backfill (see bench/transactions.ts).
  await db.transaction(async (tx) => {
    // On Citus the workers take it too (their triggers would refuse the unposted rows): SET LOCAL sent on.
    await tx.execute(sql`select set_config('citus.propagate_set_commands', 'local', true)`)
    await tx.execute(sql`set local session_replication_role = replica`)
    await tx.execute(sql`insert into invoices (organization_id, name, reference, series, chrono, contact_id, currency_id,
        dated_at, payment_limit, payment_limit_at, state_id, total_tax_excluded, total_taxes, total_tax_included, amount,
        vat_breakdown, payment_date_at, created_at, updated_at)
      select ${organizationId}, 'Prestation ' || g,
        case when ${issued} then 'F-2025-' || lpad(g::text, 5, '0') end,
        case when ${issued} then 'invoice' end, case when ${issued} then g end,
        ${contactId}, 1, ${dated}, 30, ${dated} + 30, ${state},
        (g % 997) + 100, ((g % 997) + 100) * 0.2, ((g % 997) + 100) * 1.2, ((g % 997) + 100) * 1.2,
        jsonb_build_array(jsonb_build_object('ratePercent', '20',
          'taxExcluded', (((g % 997) + 100)::numeric(12, 2))::text,
          'taxAmount', ((((g % 997) + 100) * 0.2)::numeric(12, 2))::text,
          'taxIncluded', ((((g % 997) + 100) * 1.2)::numeric(12, 2))::text)),
        case when (array[2, 3, 4, 5, 5, 5, 7])[1 + g % 7] = 5 and ${issued} then date '2025-02-15' + (g % 640) end,
        now(), now()
      from generate_series(1, ${count}) g`)
    await tx.execute(sql`insert into invoice_lines (organization_id, invoice_id, position, name, type, quantity, amount,
        unit_id, tax_id, rate_percent, total_tax_excluded)
      select organization_id, id, 0, 'Développement', 'SERVICE', 1, total_tax_excluded, 1, 1, 20, total_tax_excluded
      from invoices i where organization_id = ${organizationId}
        and not exists (select 1 from invoice_lines l where l.organization_id = i.organization_id and l.invoice_id = i.id)`)
    await tx.execute(sql`insert into ledger_pending (organization_id, source_kind, source_id, deferred)
      select organization_id, 'invoice', id, true from invoices where organization_id = ${organizationId}
        and state_id <> 1
      on conflict do nothing`)
  })
  if (issued) {
    // The series' counter is made with the organisation's first number: made here, it can start after the seeded ones.
    await createSalesSettingsRepo(db).ensure(organizationId)
    await db.execute(sql`update reference_numberings set current_chrono = ${count + 1}
      where organization_id = ${organizationId} and series = 'invoice'`)
  }
}

async function listFigures(app: FastifyInstance, database: Database, engine: string) {
  const { cookie, organizationId } = await signIn(app)
  const contactId = await createCustomer(app, cookie)
  await app.inject({ method: 'GET', url: '/api/v1/settings', headers: { cookie } }) // makes the numbering rows
  const start = performance.now()
  await seedInvoices(database, organizationId, contactId, INVOICES, true)
  await vacuumTables(database)
  console.log(
    `seeded ${INVOICES} invoices in one organisation   : ${((performance.now() - start) / 1000).toFixed(1)} s (${engine})`,
  )
  for (const url of [
    '/api/v1/invoices?page=1',
    '/api/v1/invoices?page=200&pageSize=25',
    '/api/v1/invoices?page=1&filter[state]=PAID',
    '/api/v1/invoices?page=1&filter[late]=true',
    '/api/v1/invoices?page=1&filter[datedAfter]=2026-01-01&filter[amountMin]=500',
    '/api/v1/invoices?page=1&search=F-2025-0042',
    '/api/v1/invoices/summary',
  ]) {
    const result = await timeRoute(app, cookie, url)
    console.log(
      `GET ${url.replace('/api/v1', '')}: p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms (goal p99 < 50 ms)`,
    )
  }
}

/** The bare reference: one route, one transaction: counter row UPDATE … RETURNING, then the numbered INSERT. */
async function bareNumberedInsert(database: Database) {
  const { db } = database
  await db.execute(sql`create table if not exists bench_counter (tenant_id int primary key, next_no bigint not null)`)
  await db.execute(sql`create table if not exists bench_invoice (tenant_id int, no bigint, amount numeric(12,2),
    primary key (tenant_id, no))`)
  await db.execute(sql`truncate bench_invoice`)
  await db.execute(sql`insert into bench_counter values (1, 1) on conflict (tenant_id) do update set next_no = 1`)
  const bare = Fastify({ logger: false })
  bare.post('/invoices', async () => {
    const no = await db.transaction(async (tx) => {
      const result = await tx.execute<{ no: string }>(sql`with c as (update bench_counter set next_no = next_no + 1
        where tenant_id = 1 returning next_no - 1 as no) insert into bench_invoice select 1, no, 100 from c returning no`)
      return result.rows[0]?.no
    })
    return { data: { no } }
  })
  await bare.listen({ port: 0, host: '127.0.0.1' })
  return bare
}

async function post(url: string, paths: () => string, headers: Record<string, string>) {
  const result = await autocannon({
    url,
    connections: CLIENTS,
    duration: DURATION,
    headers: { ...headers, 'content-type': 'application/json' },
    requests: [{ method: 'POST', body: '{}', setupRequest: (request) => ({ ...request, path: paths() }) }],
  })
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx }
}

/** The legal information validation requires since the legal-info gate (a SIREN, an address, the RCS, the capital). */
export const legalInfoPayload = {
  registrySiren: '732829320',
  registryIntra: 'FR44732829320',
  registryName: 'RCS Paris',
  registryCapital: '10000',
  email: 'contact@grande-maison.fr',
  address: { street: '12 rue de la Paix', postcode: '75002', city: 'Paris' },
}

async function completeLegalInfo(app: FastifyInstance, cookie: string) {
  const response = await app.inject({
    method: 'PATCH',
    url: '/api/v1/organization',
    headers: { cookie, 'x-requested-with': 'fetch' },
    payload: legalInfoPayload,
  })
  if (response.statusCode !== 200) throw new Error(`PATCH /organization: ${response.statusCode} ${response.body}`)
}

async function validationFigures(app: FastifyInstance, database: Database, engine: string) {
  const { cookie, organizationId } = await signIn(app)
  await completeLegalInfo(app, cookie)
  const contactId = await createCustomer(app, cookie)
  await app.inject({ method: 'GET', url: '/api/v1/settings', headers: { cookie } })
  const drafts = 40_000
  await seedInvoices(database, organizationId, contactId, drafts, false)
  await vacuumTables(database)
  const ids = (
    await database.db.execute<{ id: string }>(
      sql`select id from invoices where organization_id = ${organizationId} and state_id = 1 order by id`,
    )
  ).rows.map((row) => Number(row.id))
  // One validation through the route first: a bench whose validations are all refused measures nothing.
  const first = await app.inject({
    method: 'POST',
    url: `/api/v1/invoices/${ids.shift()}/validate`,
    headers: { cookie, 'x-requested-with': 'fetch' },
  })
  if (first.statusCode !== 200) throw new Error(`POST /invoices/{id}/validate: ${first.statusCode} ${first.body}`)
  let next = 0
  const address = app.server.address() as AddressInfo
  const ours = await post(
    `http://127.0.0.1:${address.port}`,
    () => `/api/v1/invoices/${ids[next++ % ids.length]}/validate`,
    { cookie, 'x-requested-with': 'fetch' },
  )
  const check = (
    await database.db.execute<{ n: string; gaps: string; dups: string }>(sql`select count(*) n,
      coalesce(max(chrono) - min(chrono) + 1 - count(*), 0) gaps, count(*) - count(distinct chrono) dups
      from invoices where organization_id = ${organizationId} and chrono is not null`)
  ).rows[0]
  // A validation whose posting failed is set aside (ledger_pending) and answers 200 all the same: count what reached
  // the books, so that a bench validating invoices the posting refuses cannot pass for a measure.
  const books = (
    await database.db.execute<{ posted: string; aside: string }>(sql`select
      (select count(distinct source_id) from ledger_entries where organization_id = ${organizationId}
        and source_kind = 'invoice') posted,
      (select count(*) from ledger_pending where organization_id = ${organizationId} and source_kind = 'invoice') aside`)
  ).rows[0]
  const bare = await bareNumberedInsert(database)
  const bareResult = await post(
    `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/invoices`,
    () => '/invoices',
    {},
  )
  await bare.close()
  await database.db.execute(sql`drop table bench_invoice`)
  await database.db.execute(sql`drop table bench_counter`)
  console.log(
    `POST /invoices/{id}/validate (${engine}): ${ours.rps.toFixed(0)} req/s, p99 ${ours.p99} ms, errors ${ours.errors}; ${check?.n} numbered, gaps ${check?.gaps}, duplicates ${check?.dups}; ${books?.posted} in the books, ${books?.aside} set aside`,
  )
  console.log(
    `bare Fastify numbered insert (${engine}): ${bareResult.rps.toFixed(0)} req/s, p99 ${bareResult.p99} ms, errors ${bareResult.errors}`,
  )
  console.log(`ratio validation / bare numbered insert: ${(ours.rps / bareResult.rps).toFixed(2)}× (goal ≥ 0.50×)`)
}

export async function benchInvoices(app: FastifyInstance, database: Database, engine: string) {
  await listFigures(app, database, engine)
  await validationFigures(app, database, engine)
}
