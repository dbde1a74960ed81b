/**
 * `npm run bench`: prints figures, never fails on timing.
 * - throughput of GET /api/v1/health (our whole stack: hooks, error handler, database ping) next to a bare Fastify
 *   route measured in the same run (goal ≥ 0.8×);
 * - the cost of one argon2id password hash with our parameters;
 * - the contact list of an organisation with 10,000 contacts (bench/contacts.ts);
 * - the invoice list on 10,000 invoices and the validation throughput next to a bare numbered insert (bench/invoices.ts);
 * - invoice PDFs: ours next to @react-pdf/renderer on the same 20-line invoice, and a 60-line one (bench/pdf.ts);
 * - recurring invoices: occurrences made per second in a 30-day catch-up of 100 schedules (bench/recurring.ts);
 * - bank statement parsers: 10,000 generated lines per format (features/money/bank-imports/parsers/bench.ts);
 * - bank transactions: a 10,000-line statement imported and re-imported through the route next to Actual Budget's
 *   engine on the same lines, and the transaction list of an organisation with 100,000 (bench/transactions.ts);
 * - assignment rules: 50 rules over 10,000 transactions (engine, import) beside Actual's rules, a retroactive run and
 *   its undo, the rule preview on 100,000 transactions (bench/rules.ts);
 * - a retroactive rule and its undo over 40,000 lines already in the books, twice (bench/retro.ts);
 * - the receipt matcher at the bound of GET /receipt-matches: 1,000 receipts × 5,000 lines (bench/matching.ts);
 * - the ledger's reports on 1,000,000 lines next to their raw SQL aggregates, and the FEC streamed (bench/ledger.ts);
 * - row-level security: one read alone and three in a transaction, by the owner and in an organisation's scope
 *   (bench/security.ts);
 * - the web app: Lighthouse on the dashboard and the invoice list, and the JavaScript of /app (bench/web.ts).
 */
import type { AddressInfo } from 'node:net'
import autocannon from 'autocannon'
import Fastify from 'fastify'
import { buildApp } from '../apps/server/src/app'
import { loadConfig } from '../apps/server/src/config'
import { openDatabase } from '../apps/server/src/db/client'
import { runMigrations } from '../apps/server/src/db/migrate'
import { benchParsers } from '../apps/server/src/features/money/bank-imports/parsers/bench'
import { hashPassword } from '../apps/server/src/lib/crypto'
import { benchContacts } from './contacts'
import { benchInvoices } from './invoices'
import { benchLedger } from './ledger'
import { benchMatching } from './matching'
import { benchPdf } from './pdf'
import { benchRecurring } from './recurring'
import { benchRetro } from './retro'
import { benchRules } from './rules'
import { benchSecurity } from './security'
import { benchTransactions } from './transactions'
import { benchWeb } from './web'

const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
/** BENCH_ONLY=ledger,rules runs those parts only (health, hash, contacts, invoices, pdf, recurring, parsers, transactions, rules, retro, matching, ledger, security, web). */
const ONLY = process.env.BENCH_ONLY?.split(',').map((part) => part.trim())
const wants = (part: string) => !ONLY || ONLY.includes(part)

async function measure(url: string) {
  await autocannon({ url, connections: 50, pipelining: 1, duration: 2 }) // warm-up
  const result = await autocannon({ url, connections: 50, pipelining: 1, duration: DURATION })
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx }
}

async function main() {
  const bare = Fastify({ logger: false })
  bare.get('/health', async () => ({ status: 'ok' }))
  await bare.listen({ port: 0, host: '127.0.0.1' })
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/health`

  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' })
  await runMigrations(database)
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database, logger: false })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/health`

  const engine = database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'
  if (wants('health')) {
    const bareResult = await measure(bareUrl)
    const appResult = await measure(appUrl)
    console.log(
      `bare Fastify GET /health          : ${bareResult.rps.toFixed(0)} req/s, p99 ${bareResult.p99} ms, errors ${bareResult.errors}`,
    )
    console.log(
      `Carnet GET /api/v1/health (${engine}): ${appResult.rps.toFixed(0)} req/s, p99 ${appResult.p99} ms, errors ${appResult.errors}`,
    )
    console.log(`ratio Carnet / bare               : ${(appResult.rps / bareResult.rps).toFixed(2)}× (goal ≥ 0.80×)`)
  }

  if (wants('hash')) {
    const rounds = 20
    await hashPassword('échauffement')
    const start = performance.now()
    for (let i = 0; i < rounds; i++) await hashPassword(`mot-de-passe-${i}`)
    const perHash = (performance.now() - start) / rounds
    console.log(
      `argon2id m=19456 KiB t=2 p=1      : ${perHash.toFixed(1)} ms per hash (${(1000 / perHash).toFixed(0)} per second on one core)`,
    )
  }

  if (wants('contacts')) await benchContacts(app, database, engine)
  if (wants('invoices')) await benchInvoices(app, database, engine)
  if (wants('pdf')) await benchPdf()
  if (wants('recurring')) await benchRecurring(app, engine)
  if (wants('parsers')) for (const line of await benchParsers()) console.log(line)
  if (wants('transactions') || wants('rules')) {
    const organization = await benchTransactions(app, database, engine)
    if (wants('rules')) await benchRules(app, engine, organization)
  }
  if (wants('retro')) await benchRetro(app, database, engine)
  if (wants('matching')) benchMatching()
  if (wants('ledger')) await benchLedger(app, database, engine, appUrl.replace('/api/v1/health', ''))
  if (wants('security')) await benchSecurity(app, database, engine)
  if (wants('web')) await benchWeb(app, appUrl.replace('/api/v1/health', ''))

  await app.close()
  await bare.close()
  await database.close()
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
