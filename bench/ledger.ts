/**
 * The ledger's reports and the FEC on 1,000,000 ledger lines (issue 16): each report route next to the raw SQL
 * aggregate it rests on, on the same engine and the same rows (goal: within 1.5×), and the FEC of the year streamed
 * over HTTP (goal: under 10 s, memory flat).
 */
import v8 from 'node:v8'
import vm from 'node:vm'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../apps/server/src/db/client'
import { signIn } from './contacts'

const LINES = Number(process.env.BENCH_LEDGER_LINES ?? 1_040_000)
const YEAR = 2026

/**
 * A year of entries written straight into the ledger (the posting is not what is measured here): sales of services
 * (411 / 706 / 44571, VAT due on payment), sales of goods (707, due on the invoice), bank lines paying them (5121 /
 * 411, lettered) and expenses (6xx / 44566 / 5121). Three lines an entry.
 */
export async function seedLedger(database: Database, organizationId: number) {
  const entries = Math.ceil(LINES / 3)
  const { db } = database
  await db.execute(sql`
    insert into ledger_entries (organization_id, journal_code, journal_label, fiscal_year_start, number, dated_at, label,
      piece_ref, piece_date, source_kind, source_id)
    select ${organizationId}, j.code, j.label, '2026-01-01', row_number() over (partition by j.code order by g),
      d, 'Écriture ' || g, 'P-' || g, d, 'invoice', g
    from generate_series(1, ${entries}) g
    cross join lateral (select ('2026-01-01'::date + (g % 365))::date as d) dates
    cross join lateral (select case g % 4 when 0 then 'VT' when 1 then 'VT' when 2 then 'BQ1' else 'BQ1' end as code,
      case when g % 4 < 2 then 'Ventes' else 'Banque' end as label) j`)
  await db.execute(sql`
    insert into ledger_lines (organization_id, entry_id, position, dated_at, account_code, account_label,
      auxiliary_code, auxiliary_label, label, debit, credit, vat_rate, vat_base, vat_kind, vat_nature, vat_due_on,
      settles_piece_ref)
    select e.organization_id, e.id, p.position, e.dated_at, p.account, p.account, p.aux, p.aux, e.label, p.debit,
      p.credit, p.rate, p.base, p.kind, p.nature, p.due_on, p.settles
    from ledger_entries e
    cross join lateral (select (e.source_id % 900 + 100)::numeric(15,2) as ht) a
    cross join lateral (values
      (0, case when e.source_id % 4 = 3 then '626' when e.source_id % 4 = 2 then '5121' else '411' end,
        case when e.source_id % 4 < 2 then 'C' || (e.source_id % 50) else null end,
        case when e.source_id % 4 = 3 then a.ht else a.ht * 1.2 end, 0::numeric,
        case when e.source_id % 4 = 3 then '20' else null end, case when e.source_id % 4 = 3 then a.ht else null end,
        case when e.source_id % 4 = 3 then 'deductible' else null end, 'services', 'invoice', null),
      (1, case e.source_id % 4 when 0 then '706' when 1 then '707' when 2 then '411' else '44566' end,
        case when e.source_id % 4 = 2 then 'C' || ((e.source_id - 2) % 50) else null end,
        case when e.source_id % 4 = 3 then a.ht * 0.2 else 0 end,
        case when e.source_id % 4 = 3 then 0 when e.source_id % 4 = 2 then a.ht * 1.2 else a.ht end,
        case when e.source_id % 4 <> 2 then '20' else null end, case when e.source_id % 4 <> 2 then a.ht else null end,
        case when e.source_id % 4 = 3 then 'deductible' when e.source_id % 4 < 2 then 'collected' else null end,
        case when e.source_id % 4 = 1 then 'goods' else 'services' end,
        case when e.source_id % 4 = 0 then 'payment' else 'invoice' end,
        case when e.source_id % 4 = 2 then 'P-' || (e.source_id - 2) else null end),
      (2, case when e.source_id % 4 < 2 then '44571' when e.source_id % 4 = 2 then '5121' else '5121' end, null,
        case when e.source_id % 4 = 2 then a.ht * 1.2 - a.ht * 1.2 else 0 end,
        case when e.source_id % 4 < 2 then a.ht * 0.2 when e.source_id % 4 = 3 then a.ht * 1.2 else 0 end,
        case when e.source_id % 4 < 2 then '20' else null end, case when e.source_id % 4 < 2 then a.ht else null end,
        case when e.source_id % 4 < 2 then 'collected' else null end,
        case when e.source_id % 4 = 1 then 'goods' else 'services' end,
        case when e.source_id % 4 = 0 then 'payment' else 'invoice' end, null)
    ) as p(position, account, aux, debit, credit, rate, base, kind, nature, due_on, settles)
    where e.organization_id = ${organizationId} and not (e.source_id % 4 = 2 and p.position = 2)`)
  // Bank entries that pay an invoice have two lines (5121 / 411): the year holds a little under LINES.
  const count = await db.execute<{ n: string }>(
    sql`select count(*)::text as n from ledger_lines where organization_id = ${organizationId}`,
  )
  await db.execute(sql`analyze ledger_entries`)
  await db.execute(sql`analyze ledger_lines`)
  return Number(count.rows[0]?.n ?? 0)
}

async function timed<T>(work: () => Promise<T>, rounds = 5): Promise<number> {
  await work()
  const times: number[] = []
  for (let i = 0; i < rounds; i++) {
    const start = performance.now()
    await work()
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)] ?? 0
}

export async function benchLedger(app: FastifyInstance, database: Database, engine: string, baseUrl: string) {
  const { cookie, organizationId } = await signIn(app)
  const { db } = database
  const seeded = performance.now()
  const lines = await seedLedger(database, organizationId)
  console.log(
    `ledger (${engine}): ${lines.toLocaleString('en')} lines seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  )

  const route = (url: string) => async () => {
    const response = await app.inject({ method: 'GET', url, headers: { cookie } })
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`)
  }
  const raw = (query: ReturnType<typeof sql>) => async () => {
    await db.execute(query)
  }
  // Each raw SQL asks the route's question, and only that: the same groups and the same sums (the operating account's
  // labels, the sales' split between revenue and tax, the VAT per account, which sets the fixed assets apart), without
  // the route's rounding to text, ordering, session and JSON. Until issue 34 they asked less (one sum, fewer keys):
  // the ratios printed then flattered the raw side.
  const pairs: [string, () => Promise<void>, () => Promise<void>][] = [
    [
      'operating account',
      route(`/api/v1/reports/operating-account?from=${YEAR}-01-01&to=${YEAR}-12-31`),
      raw(sql`select account_code, max(account_label), to_char(dated_at, 'YYYY-MM'), sum(debit - credit) from ledger_lines
        where organization_id = ${organizationId} and dated_at between '2026-01-01' and '2026-12-31'
          and (account_code like '6%' or account_code like '7%') group by 1, 3`),
    ],
    [
      'sales report',
      route(`/api/v1/reports/sales?year=${YEAR}`),
      raw(sql`select to_char(l.dated_at, 'YYYY-MM'), l.vat_rate,
          sum(case when l.account_code like '445%' then 0 else l.credit - l.debit end),
          sum(case when l.account_code like '445%' then l.credit - l.debit else 0 end) from ledger_lines l
        join ledger_entries e on e.organization_id = l.organization_id and e.id = l.entry_id
        where l.organization_id = ${organizationId} and e.journal_code = 'VT' and l.account_code <> '411'
          and l.dated_at between '2026-01-01' and '2026-12-31' group by 1, 2`),
    ],
    [
      'VAT report',
      route(`/api/v1/reports/vat?year=${YEAR}`),
      raw(sql`select to_char(dated_at, 'YYYY-MM'), vat_kind, vat_rate, account_code, sum(credit - debit) from ledger_lines
        where organization_id = ${organizationId} and vat_kind is not null and dated_at between '2026-01-01' and '2026-12-31'
          and (account_code like '4456%' or account_code like '4457%') and account_code <> '44574' group by 1, 2, 3, 4`),
    ],
  ]
  for (const [name, report, aggregate] of pairs) {
    const ours = await timed(report)
    const bare = await timed(aggregate)
    console.log(
      `ledger ${name.padEnd(17)} (${engine}): route ${ours.toFixed(0)} ms, raw SQL ${bare.toFixed(0)} ms, ratio ${(ours / bare).toFixed(2)}× (goal ≤ 1.5×)`,
    )
  }

  await db.execute(sql`update organizations set registry_siren = '732829320' where id = ${organizationId}`)
  const url = `${baseUrl}/api/v1/exports/fec?year=${YEAR}`
  // The heap is read after a full collection before and after the file (what stays), and at its peak while it streams
  // (what the collector has not taken back yet); the client that reads the file runs in this process too.
  v8.setFlagsFromString('--expose-gc')
  const collect = vm.runInNewContext('gc') as () => void
  collect()
  const heapBefore = process.memoryUsage().heapUsed
  let heapPeak = heapBefore
  const before = process.memoryUsage().rss
  let peak = before
  const start = performance.now()
  const response = await fetch(url, { headers: { cookie } })
  if (!response.ok || !response.body) throw new Error(`FEC: ${response.status}`)
  let bytes = 0
  let rows = 0
  for await (const chunk of response.body) {
    bytes += chunk.byteLength
    // indexOf runs natively: a loop over 94 MB of bytes in this process would slow the server it measures.
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) rows += 1
    const memory = process.memoryUsage()
    peak = Math.max(peak, memory.rss)
    heapPeak = Math.max(heapPeak, memory.heapUsed)
  }
  const seconds = (performance.now() - start) / 1000
  collect()
  const heapAfter = process.memoryUsage().heapUsed
  const mb = (value: number) => (value / 1e6).toFixed(0)
  console.log(
    `ledger FEC of ${YEAR} (${engine}): ${(rows - 1).toLocaleString('en')} lines, ${mb(bytes)} MB streamed in ${seconds.toFixed(1)} s (goal < 10 s), heap ${mb(heapBefore)} MB before and ${mb(heapAfter)} MB after (peak +${mb(heapPeak - heapBefore)} MB), resident memory +${mb(peak - before)} MB while the file is ${mb(bytes)} MB`,
  )
  // A PostgreSQL database outlives the run: a million lines left behind would double the scans of the next one.
  if (database.kind === 'postgres') {
    await db.execute(sql`delete from ledger_lines where organization_id = ${organizationId}`)
    await db.execute(sql`delete from ledger_entries where organization_id = ${organizationId}`)
  }
}
