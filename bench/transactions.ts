/**
 * Bank transactions at scale (issue 13 "Performance"), beside Actual Budget's engine measured in the same run:
 * - a generated OFX statement of 10,000 lines imported through POST /api/v1/journals/{id}/imports over HTTP (multipart
 *   read, parsing, label cleaning, dedupe keys, lookup of the known keys, insert in one transaction): lines per second,
 *   goal ≥ 3× Actual's importTransactions with one rule on the same lines;
 * - the same file again (every line recognised, nothing written): goal ≥ 20× faster than Actual's re-import;
 * - GET /api/v1/transactions for an organisation of 100,000 transactions, 60 % of them split into categories, on the
 *   embedded database: p99 with one connection (what one user waits for, goal < 50 ms) and req/s with ten.
 * Actual runs in a child process from bench/actual/, installed there on demand (never a dependency of Carnet).
 * BENCH_IMPORT_LINES and BENCH_TRANSACTIONS shorten a quick run; BENCH_ACTUAL=skip leaves Actual out.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { backfillMatchKeys } from '../apps/server/src/backfill'
import type { Database } from '../apps/server/src/db/client'
import { vacuumTables } from '../apps/server/src/db/maintenance'
import { signIn } from './contacts'

const IMPORT_LINES = Number(process.env.BENCH_IMPORT_LINES ?? 10_000)
const ORGANIZATION_TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 100_000)
const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
export const IMPORT_ROUNDS = 3
/** Issue 13's figures for Actual, shown when it cannot be measured here. */
const ACTUAL_REFERENCE = 'Actual Budget reference (issue 13): 730–1,150 lines/s with one rule; re-import 62–79 s'

export const number = (value: number) => Math.round(value).toLocaleString('en-US')
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number

/** One statement line, given alike to our importer (as an OFX file) and to Actual's (as its import entity). */
export type BenchLine = { id: string; date: string; cents: number; label: string; memo: string }

const MERCHANTS = [
  'CARREFOUR MARKET 75011',
  'SNCF VOYAGES',
  'URSSAF ILE DE FRANCE',
  'ORANGE SA',
  'AMAZON EU SARL',
  'VIR CLIENT DUPONT SARL',
  'EDF CLIENTS PARTICULIERS',
  'LEROY MERLIN',
]

/** As research/perf-reliability-anchors.md A.4 generated them for Actual: eight payees, 2025's days, card prefixes. */
export function statementLines(count: number): BenchLine[] {
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(2025, 0, 1) + (i % 365) * 86_400_000).toISOString().slice(0, 10)
    const merchant = MERCHANTS[i % MERCHANTS.length] as string
    const card = merchant.startsWith('VIR ') ? '' : `CB ${date.slice(8, 10)}/${date.slice(5, 7)} `
    const cents = merchant.startsWith('VIR ') ? ((i * 7919) % 500_000) + 10_000 : -((i * 7919) % 50_000) - 100
    return { id: `BNK-${i}`, date, cents, label: `${card}${merchant}`, memo: `Opération ${i}` }
  })
}

const ofxAmount = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`

/** An OFX 1.x (SGML) statement of these lines, as a French bank's export reads. */
export function ofxFile(lines: BenchLine[]): Buffer {
  const parts = [
    'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\n',
    'OLDFILEUID:NONE\nNEWFILEUID:NONE\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<TRNUID>1\n<STMTRS>\n<CURDEF>EUR\n',
    '<BANKACCTFROM>\n<BANKID>30003\n<BRANCHID>01234\n<ACCTID>01234567890\n<ACCTTYPE>CHECKING\n</BANKACCTFROM>\n',
    '<BANKTRANLIST>\n<DTSTART>20250101\n<DTEND>20251231\n',
  ]
  for (const line of lines) {
    parts.push(
      `<STMTTRN>\n<TRNTYPE>${line.cents < 0 ? 'DEBIT' : 'CREDIT'}\n<DTPOSTED>${line.date.replaceAll('-', '')}\n`,
      `<TRNAMT>${ofxAmount(line.cents)}\n<FITID>${line.id}\n<NAME>${line.label}\n<MEMO>${line.memo}\n</STMTTRN>\n`,
    )
  }
  parts.push('</BANKTRANLIST>\n<LEDGERBAL>\n<BALAMT>0.00\n<DTASOF>20251231\n</LEDGERBAL>\n</STMTRS>\n</STMTTRNRS>\n')
  parts.push('</BANKMSGSRSV1>\n</OFX>\n')
  return Buffer.from(parts.join(''), 'latin1')
}

export type Session = { base: string; cookie: string }
type ImportAnswer = { total: number; imported: number; duplicates: number; categorized: number }

export async function createBankJournal(app: FastifyInstance, cookie: string, name: string): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/journals',
    headers: { cookie, 'x-requested-with': 'fetch' },
    payload: { name, journalTypeId: 1 },
  })
  if (response.statusCode !== 201) throw new Error(`POST /journals: ${response.statusCode} ${response.body}`)
  return response.json().data.id
}

/** The statement sent over the socket as a browser's FormData sends it; the time includes the whole answer. */
export async function postStatement(session: Session, journalId: number, file: Buffer) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(file)], { type: 'application/octet-stream' }), 'releve.ofx')
  const start = performance.now()
  const response = await fetch(`${session.base}/api/v1/journals/${journalId}/imports`, {
    method: 'POST',
    headers: { cookie: session.cookie, 'x-requested-with': 'fetch' },
    body: form,
  })
  const body = await response.text()
  const ms = performance.now() - start
  if (response.status !== 200) throw new Error(`POST /journals/${journalId}/imports: ${response.status} ${body}`)
  return { ms, answer: JSON.parse(body).data as ImportAnswer }
}

/** Import then re-import the file into fresh bank journals; the medians of IMPORT_ROUNDS rounds. */
async function ourImports(app: FastifyInstance, session: Session, lines: BenchLine[]) {
  const file = ofxFile(lines)
  // The first request of a route compiles its code and fills the caches: a small statement, not timed.
  await postStatement(
    session,
    await createBankJournal(app, session.cookie, 'Échauffement'),
    ofxFile(lines.slice(0, 200)),
  )
  const imports: number[] = []
  const reimports: number[] = []
  let categorized = 0
  let firstJournalId = 0
  for (let round = 1; round <= IMPORT_ROUNDS; round++) {
    const journalId = await createBankJournal(app, session.cookie, `Compte pro ${round}`)
    firstJournalId ||= journalId
    const first = await postStatement(session, journalId, file)
    if (first.answer.imported !== lines.length || first.answer.duplicates !== 0)
      throw new Error(`import: ${JSON.stringify(first.answer)} for ${lines.length} new lines`)
    const again = await postStatement(session, journalId, file)
    if (again.answer.imported !== 0 || again.answer.duplicates !== lines.length)
      throw new Error(`re-import: ${JSON.stringify(again.answer)} for ${lines.length} known lines`)
    imports.push(first.ms)
    reimports.push(again.ms)
    categorized = first.answer.categorized
  }
  return { importMs: median(imports), reimportMs: median(reimports), categorized, journalId: firstJournalId }
}

export type ActualFigures = {
  version: string
  lines: number
  importMs: number
  added: number
  reimportMs: number
  reimportAdded: number
  stored: number
  ruleHits: number
}

const ACTUAL_DIR = fileURLToPath(new URL('./actual/', import.meta.url))

/** Installs the pinned @actual-app/api into bench/actual/node_modules (gitignored) unless it is there already. */
function ensureActualInstalled(): string | null {
  const wanted = JSON.parse(readFileSync(join(ACTUAL_DIR, 'package.json'), 'utf8')).dependencies['@actual-app/api']
  const installed = join(ACTUAL_DIR, 'node_modules/@actual-app/api/package.json')
  if (existsSync(installed) && JSON.parse(readFileSync(installed, 'utf8')).version === wanted) return null
  console.log(`installing Actual Budget's engine @actual-app/api ${wanted} in bench/actual/ (builds better-sqlite3)…`)
  const result = spawnSync(
    'npm',
    ['install', '--prefix', ACTUAL_DIR, '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error'],
    { cwd: ACTUAL_DIR, encoding: 'utf8', timeout: 15 * 60_000 },
  )
  if (result.status === 0) return null
  const output = `${result.stderr ?? ''}${result.error?.message ?? ''}`.trim().split('\n')
  return `npm install failed (${output.slice(-2).join(' ') || `exit ${result.status}`})`
}

/** Actual's importTransactions on the same lines, with one rule (or the `rules` given), in its own process. */
export function measureActual(lines: BenchLine[], rules?: unknown[]): ActualFigures | { failure: string } {
  if (process.env.BENCH_ACTUAL === 'skip') return { failure: 'BENCH_ACTUAL=skip' }
  const failure = ensureActualInstalled()
  if (failure) return { failure }
  const folder = mkdtempSync(join(tmpdir(), 'carnet-bench-lines-'))
  try {
    const path = join(folder, 'lines.json')
    writeFileSync(path, JSON.stringify(lines))
    const rulesPath = join(folder, 'rules.json')
    if (rules) writeFileSync(rulesPath, JSON.stringify(rules))
    const result = spawnSync(process.execPath, [join(ACTUAL_DIR, 'import.mjs'), path, ...(rules ? [rulesPath] : [])], {
      cwd: ACTUAL_DIR,
      encoding: 'utf8',
      timeout: 20 * 60_000,
      maxBuffer: 64 * 1024 * 1024,
    })
    const last = result.stdout?.trim().split('\n').pop() ?? ''
    if (result.status !== 0 || !last.startsWith('{')) {
      const reason = `${result.stderr ?? ''}${result.error?.message ?? ''}`.trim().split('\n').slice(-2).join(' ')
      return { failure: `its run failed (${reason || `exit ${result.status}`})` }
    }
    return JSON.parse(last) as ActualFigures
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

/** Cleaned names as the importer leaves them, many shops and a rare one (one line in ten thousand). */
const SEED_NAMES = [
  'Carrefour Market',
  'SNCF Voyages',
  'URSSAF Île-de-France',
  'Orange',
  'Amazon EU',
  'Dupont SARL',
  'EDF',
  'Leroy Merlin',
  'Boulangerie Paul',
  'Total Energies',
  'OVH Cloud',
  'La Poste',
  'Free Mobile',
  'Indy',
  'Monoprix',
  'Decathlon',
]

/**
 * Tops the organisation up to `target` transactions in `journalId` by SQL (the imports made some already): dates over
 * four years back and a few weeks ahead (the list shows future ones first), then splits 60 % of all of them into
 * categories (one part in ten split in two), a third of those checked or validated.
 */
export async function seedOrganization(database: Database, organizationId: number, journalId: number, target: number) {
  await seedBankLines(database, organizationId, journalId, target)
  // The folded labels the search and the rules read, as the start-up backfill fills them.
  await backfillMatchKeys(database)
  await vacuumTables(database)
  const [counts] = (
    await database.db.execute<{ transactions: string; allocated: string }>(sql`select count(*) transactions,
      count(*) filter (where exists (select 1 from transaction_allocations a
        where a.organization_id = x.organization_id and a.transaction_id = x.id)) allocated
      from transactions x where x.organization_id = ${organizationId}`)
  ).rows
  return { transactions: Number(counts?.transactions), allocated: Number(counts?.allocated) }
}

/**
 * Bank lines up to `target` in the journal, dated over the last `days` days (a few in the next weeks), 60 % of them
 * split over the general chart's expense categories, marked for the start-up backfill's posting.
 */
export async function seedBankLines(
  database: Database,
  organizationId: number,
  journalId: number,
  target: number,
  days = 1460,
) {
  const { db } = database
  const held = (
    await db.execute<{ n: string }>(sql`select count(*) n from transactions where organization_id = ${organizationId}`)
  ).rows[0]
  const missing = Math.max(0, target - Number(held?.n ?? 0))
  const names = sql.raw(`array[${SEED_NAMES.map((name) => `'${name.replaceAll("'", "''")}'`).join(', ')}]`)
  // The seed writes past the application, as a restore does (no trigger, so not the check at commit either): its lines
  // wait for their books as a migrated database's do, marked for the start-up backfill, not posted 100,000 at once.
  await db.transaction(async (tx) => {
    // On Citus the workers take it too (their triggers would refuse the unposted rows): SET LOCAL sent on.
    await tx.execute(sql`select set_config('citus.propagate_set_commands', 'local', true)`)
    await tx.execute(sql`set local session_replication_role = replica`)
    await tx.execute(sql`insert into transactions (organization_id, journal_id, name, raw_name, dated_at, amount,
        dedupe_key, origin, has_no_receipt)
      select ${organizationId}, ${journalId},
        case when g % 10000 = 7 then 'Ébénisterie Moreau' else (${names})[1 + g % ${SEED_NAMES.length}] end,
        'CB ' || to_char(current_date - (g % ${days}), 'DD/MM') || ' ' ||
          upper(case when g % 10000 = 7 then 'Ebenisterie Moreau' else (${names})[1 + g % ${SEED_NAMES.length}] end),
        case when g % 997 = 0 then current_date + (g % 60) else current_date - (g % ${days}) end,
        case when g % 9 = 0 then ((g * 7919) % 500000 + 10000) / 100.0 else -((g * 7919) % 50000 + 100) / 100.0 end,
        'seed:' || g, 'import', g % 50 = 0
      from generate_series(1, ${missing}) g`)
    await tx.execute(sql`with categories as (
        select row_number() over (order by e.id) - 1 as k, e.id as entry_id,
          (select min(t.id) from taxes t where t.tax_type_id = e.tax_type_id and t.tax_rate_id = e.tax_rate_id) as tax_id
        from (select * from accounting_entries where organization_id is null and code <> '0' and is_displayed and is_exp
          order by id limit 8) e
      ), parts as (
        select x.organization_id, x.id, x.amount, c.entry_id, c.tax_id, p.position,
          case when x.id % 10 <> 0 then x.amount
            when p.position = 0 then round(x.amount / 2, 2) else x.amount - round(x.amount / 2, 2) end as part
        from transactions x
        join categories c on c.k = x.id % 8
        cross join generate_series(0, 1) p(position)
        where x.organization_id = ${organizationId} and x.id % 10 < 6 and (p.position = 0 or x.id % 10 = 0)
      )
      insert into transaction_allocations (organization_id, transaction_id, position, name, amount, tax_amount, tax_id,
        accounting_entry_id)
      select parts.organization_id, parts.id, parts.position, 'Ventilation', parts.part,
        round(parts.part * taxes.amount / (100 + taxes.amount), 2), parts.tax_id, parts.entry_id
      from parts join taxes on taxes.id = parts.tax_id`)
    // is_categorized is the flag the transactions repo keeps when it writes a split; the seed writes splits itself.
    await tx.execute(sql`update transactions set is_checked = id % 30 = 1, is_validated = id % 30 = 2,
      is_categorized = true where organization_id = ${organizationId} and id % 10 < 6`)
    await tx.execute(sql`insert into ledger_pending (organization_id, source_kind, source_id, deferred)
      select organization_id, 'transaction', id, true from transactions where organization_id = ${organizationId}
      on conflict do nothing`)
  })
}

async function load(url: string, cookie: string, connections: number) {
  const result = await autocannon({ url, connections, duration: DURATION, headers: { cookie } })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  }
}

async function listFigures(session: Session, organizationTotal: number) {
  for (const path of [
    '/transactions',
    '/transactions?filter[search]=carrefour',
    '/transactions?filter[search]=moreau',
    '/transactions?filter[uncategorized]=true',
    '/transactions?page=200',
    '/transactions/to-categorize/count',
  ]) {
    const url = `${session.base}/api/v1${path}`
    await autocannon({ url, connections: 1, duration: 2, headers: { cookie: session.cookie } }) // warm-up
    const one = await load(url, session.cookie, 1)
    const ten = await load(url, session.cookie, 10)
    const errors = one.errors + ten.errors
    console.log(
      `GET ${path} (${number(organizationTotal)} transactions): 1 connection p50 ${one.p50} ms, p99 ${one.p99} ms, ${number(one.rps)} req/s; 10 connections ${number(ten.rps)} req/s, p99 ${ten.p99} ms${errors ? `, errors ${errors}` : ''} (goal p99 < 50 ms)`,
    )
  }
}

export async function benchTransactions(app: FastifyInstance, database: Database, engine: string) {
  const { cookie, organizationId } = await signIn(app)
  const session = { base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, cookie }
  const lines = statementLines(IMPORT_LINES)

  const ours = await ourImports(app, session, lines)
  const ourRate = (lines.length / ours.importMs) * 1000
  console.log(
    `import OFX ${number(lines.length)} lines via POST /journals/{id}/imports (${engine}): ${seconds(ours.importMs)}, ${number(ourRate)} lines/s (median of ${IMPORT_ROUNDS}; ${ours.categorized} categorised by rules)`,
  )
  console.log(
    `re-import of the same file (${number(lines.length)} duplicates, 0 added): ${seconds(ours.reimportMs)} (median of ${IMPORT_ROUNDS})`,
  )

  const actual = measureActual(lines)
  if ('failure' in actual) {
    console.log(`Actual Budget not measured: ${actual.failure}. ${ACTUAL_REFERENCE}`)
    console.log(
      `ratio import vs reference: ${(ourRate / 1150).toFixed(1)}×–${(ourRate / 730).toFixed(1)}× (goal ≥ 3×); re-import ${(62_000 / ours.reimportMs).toFixed(0)}×–${(79_000 / ours.reimportMs).toFixed(0)}× faster (goal ≥ 20×)`,
    )
  } else {
    const actualRate = (actual.lines / actual.importMs) * 1000
    console.log(
      `Actual Budget ${actual.version} importTransactions, ${number(actual.lines)} lines, 1 rule: ${seconds(actual.importMs)}, ${number(actualRate)} lines/s (${number(actual.added)} added, ${number(actual.ruleHits)} rule hits; lines given parsed, no file to read)`,
    )
    console.log(
      `Actual Budget re-import of the same lines: ${seconds(actual.reimportMs)} (${actual.reimportAdded} added, ${number(actual.stored)} stored)`,
    )
    console.log(`ratio import lines/s Carnet / Actual : ${(ourRate / actualRate).toFixed(1)}× (goal ≥ 3×)`)
    console.log(
      `ratio re-import time Actual / Carnet : ${(actual.reimportMs / ours.reimportMs).toFixed(0)}× (goal ≥ 20×)`,
    )
  }

  const seedStart = performance.now()
  const seeded = await seedOrganization(database, organizationId, ours.journalId, ORGANIZATION_TRANSACTIONS)
  console.log(
    `organisation of ${number(seeded.transactions)} transactions, ${number(seeded.allocated)} with a split (${engine}): seeded in ${seconds(performance.now() - seedStart)}`,
  )
  await listFigures(session, seeded.transactions)
  return { session, organizationId, transactions: seeded.transactions }
}
