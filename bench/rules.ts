/**
 * Assignment rules at scale (issue 14 "Performance"), beside Actual Budget's rules measured in the same run:
 * - 50 rules (contains, equals, amount bounds) run by the engine alone over 10,000 transactions (goal < 1 s);
 * - a 10,000-line statement imported through the route with those 50 rules active, next to the same import with no
 *   rule (the rules' share) and next to Actual's importTransactions with the same 50 rules on the same lines, the two
 *   in turn over three rounds and their medians compared;
 * - one rule applied retroactively to the organisation's lines it matches (POST /rules/{id}/apply) and undone;
 * - the bulk bar giving one category to 1,000 lines to categorise (POST /transactions/bulk, 500 a request), posted;
 * - POST /rules/preview over the organisation of 100,000 transactions that bench/transactions.ts seeded: p99 with
 *   one connection (goal < 200 ms) for each kind of condition, and GET /rules/proposals there.
 */
import {
  BULK_MAX,
  compileRules,
  CONDITION_FUNCTION_IDS as F,
  prepareTransaction,
  type RunnableRule,
  runRules,
  CONDITION_TARGET_IDS as T,
} from '@app/domain'
import autocannon from 'autocannon'
import type { FastifyInstance } from 'fastify'
import {
  type ActualFigures,
  createBankJournal,
  IMPORT_ROUNDS,
  measureActual,
  median,
  number,
  ofxFile,
  postStatement,
  type Session,
  seconds,
  statementLines,
} from './transactions'

const LINES = Number(process.env.BENCH_IMPORT_LINES ?? 10_000)
const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const RULE_COUNT = 50
/** Expense categories of the general chart, as seeded (626, 6251, 627, 6226, 6231, 6236, 6241, 6281): each rule gives one. */
const CATEGORIES = [191, 187, 192, 167, 171, 176, 180, 199]

/** Words of the bench's statement lines (8 payees) and others that match nothing, as a real rule set holds. */
const WORDS = [
  'CARREFOUR',
  'SNCF',
  'URSSAF',
  'ORANGE',
  'AMAZON',
  'DUPONT',
  'EDF',
  'LEROY',
  'BOULANGERIE',
  'PHARMACIE',
  'MONOPRIX',
  'DECATHLON',
  'OVH',
  'FREE MOBILE',
  'TOTAL',
  'LA POSTE',
  'UBER',
  'AIR FRANCE',
  'IKEA',
  'FNAC',
  'BOUYGUES',
  'SFR',
  'NAVIGO',
  'QONTO',
  'STRIPE',
  'GOOGLE',
  'APPLE',
  'ADOBE',
  'NOTION',
  'SLACK',
]

type BenchRule = { text: { op: 'contains' | 'equals'; value: string }; amount?: { op: 'gt' | 'lt'; cents: number } }

/** 30 "contains", 10 "equals" on a whole raw label, 10 "contains" with an amount bound. */
function ruleSet(): BenchRule[] {
  const rules: BenchRule[] = WORDS.map((word) => ({ text: { op: 'contains', value: word } }))
  for (let day = 1; day <= 10; day++)
    rules.push({ text: { op: 'equals', value: `CB ${String(day).padStart(2, '0')}/03 SNCF VOYAGES` } })
  for (let index = 0; index < 10; index++)
    rules.push({
      text: { op: 'contains', value: WORDS[index % 8] as string },
      amount: index % 2 === 0 ? { op: 'lt', cents: -(index + 1) * 5_000 } : { op: 'gt', cents: (index + 1) * 1_000 },
    })
  return rules.slice(0, RULE_COUNT)
}

const euros = (cents: number) => (cents / 100).toFixed(2)

function ourRule(rule: BenchRule, index: number) {
  const conditions: { conditionTargetId: number; conditionFunctionId: number; value: string }[] = [
    {
      conditionTargetId: T.RAW_NAME,
      conditionFunctionId: rule.text.op === 'contains' ? F.LIKE : F['='],
      value: rule.text.value,
    },
  ]
  if (rule.amount)
    conditions.push({
      conditionTargetId: T.AMOUNT,
      conditionFunctionId: rule.amount.op === 'gt' ? F['>'] : F['<'],
      value: euros(rule.amount.cents),
    })
  return {
    name: `Règle ${index + 1}`,
    isActive: true,
    accountingEntryId: CATEGORIES[index % CATEGORIES.length] as number,
    conditions,
  }
}

/** The same rule in Actual's terms: imported_payee (the raw label) and amount in cents. */
function actualRule(rule: BenchRule) {
  const conditions: unknown[] = [
    { field: 'imported_payee', op: rule.text.op === 'contains' ? 'contains' : 'is', value: rule.text.value },
  ]
  if (rule.amount) conditions.push({ field: 'amount', op: rule.amount.op, value: rule.amount.cents })
  return conditions
}

export async function send(
  app: FastifyInstance,
  cookie: string,
  method: 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
) {
  const response = await app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie, 'x-requested-with': 'fetch' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`)
  return response.json().data
}

/** The engine alone: 50 compiled rules over 10,000 transactions, as an import runs them (median of 5). */
function engineFigure(rules: BenchRule[]) {
  const runnable: RunnableRule[] = rules.map((rule, index) => ({
    id: index + 1,
    ...ourRule(rule, index),
    creditOnly: false,
    debitOnly: false,
    splits: [],
    newName: null,
    hasNoReceipt: false,
    stopProcessing: false,
  }))
  const transactions = statementLines(LINES).map((line) => ({
    name: line.label,
    rawName: line.label,
    counterparty: null,
    amount: (line.cents / 100).toFixed(2),
    journalId: 1,
  }))
  const times: number[] = []
  let matched = 0
  for (let round = 0; round < 5; round++) {
    const start = performance.now()
    const compiled = compileRules(runnable)
    matched = 0
    for (const transaction of transactions) if (runRules(compiled, prepareTransaction(transaction))) matched++
    times.push(performance.now() - start)
  }
  return { ms: [...times].sort((a, b) => a - b)[2] as number, matched }
}

async function previewFigures(session: Session, total: number) {
  const previews: [string, unknown[]][] = [
    ['label contains "carrefour"', [{ conditionTargetId: T.NAME, conditionFunctionId: F.LIKE, value: 'carrefour' }]],
    [
      'label equals "Ébénisterie Moreau"',
      [{ conditionTargetId: T.NAME, conditionFunctionId: F['='], value: 'ebenisterie moreau' }],
    ],
    ['raw label starts with "CB"', [{ conditionTargetId: T.RAW_NAME, conditionFunctionId: F.START_LIKE, value: 'CB' }]],
    ['label contains "zzz" (no match)', [{ conditionTargetId: T.NAME, conditionFunctionId: F.LIKE, value: 'zzz' }]],
    [
      'contains "orange" and amount between -300 and -100',
      [
        { conditionTargetId: T.NAME, conditionFunctionId: F.LIKE, value: 'orange' },
        { conditionTargetId: T.AMOUNT, conditionFunctionId: F.BETWEEN, value: '-300;-100' },
      ],
    ],
  ]
  for (const [label, conditions] of previews) {
    const options = {
      url: `${session.base}/api/v1/rules/preview`,
      method: 'POST' as const,
      headers: { cookie: session.cookie, 'x-requested-with': 'fetch', 'content-type': 'application/json' },
      body: JSON.stringify({ conditions }),
      connections: 1,
    }
    await autocannon({ ...options, duration: 2 }) // warm-up
    const result = await autocannon({ ...options, duration: DURATION })
    const errors = result.errors + result.non2xx
    console.log(
      `POST /rules/preview ${label} (${number(total)} transactions): p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${number(result.requests.average)} req/s${errors ? `, errors ${errors}` : ''} (goal p99 < 200 ms)`,
    )
  }
}

/** GET /rules/proposals, which the transaction drawer reads after a categorisation: a scan of the categorised ones. */
async function proposalsFigure(session: Session, total: number) {
  const options = {
    url: `${session.base}/api/v1/rules/proposals`,
    headers: { cookie: session.cookie },
    connections: 1,
  }
  await autocannon({ ...options, duration: 2 }) // warm-up
  const result = await autocannon({ ...options, duration: DURATION })
  const errors = result.errors + result.non2xx
  console.log(
    `GET /rules/proposals (${number(total)} transactions, 60 % categorised): p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms${errors ? `, errors ${errors}` : ''}`,
  )
}

/**
 * `organization` is the one bench/transactions.ts filled (100,000 transactions): the previews run there; the imports
 * and the retroactive run use bank accounts of their own in it, after the rules are created.
 */
export async function benchRules(
  app: FastifyInstance,
  engine: string,
  organization: { session: Session; transactions: number },
) {
  const { session } = organization
  const rules = ruleSet()
  const alone = engineFigure(rules)
  console.log(
    `rule engine alone: ${rules.length} rules over ${number(LINES)} transactions in ${alone.ms.toFixed(0)} ms (${number(alone.matched)} matched; median of 5; goal < 1 s)`,
  )

  await previewFigures(session, organization.transactions)
  await proposalsFigure(session, organization.transactions)

  const lines = statementLines(LINES)
  const file = ofxFile(lines)
  const without = await postStatement(session, await createBankJournal(app, session.cookie, 'Sans règle'), file)
  const created: number[] = []
  for (const [index, rule] of rules.entries())
    created.push((await send(app, session.cookie, 'POST', '/rules', ourRule(rule, index))).id)
  // Ours and Actual's in turn, three rounds each, the medians compared: one import alone moves with the machine's load.
  const ours: number[] = []
  const actuals: number[] = []
  let answer = { categorized: 0 }
  let actual: ActualFigures | { failure: string } = { failure: 'not run' }
  for (let round = 1; round <= IMPORT_ROUNDS; round++) {
    const journalId = await createBankJournal(app, session.cookie, `Avec règles ${round}`)
    const withRules = await postStatement(session, journalId, file)
    ours.push(withRules.ms)
    answer = withRules.answer
    if (round > 1 && 'failure' in actual) continue
    actual = measureActual(lines, rules.map(actualRule))
    if (!('failure' in actual)) actuals.push(actual.importMs)
  }
  const oursMs = median(ours)
  console.log(
    `import OFX ${number(LINES)} lines with ${rules.length} active rules (${engine}): ${seconds(oursMs)} (median of ${IMPORT_ROUNDS}), ${number(answer.categorized)} categorised; without rules ${seconds(without.ms)} (the rules' share: ${seconds(Math.max(0, oursMs - without.ms))})`,
  )
  if ('failure' in actual) console.log(`Actual Budget rules not measured: ${actual.failure}`)
  else {
    const actualMs = median(actuals)
    console.log(
      `Actual Budget ${actual.version} importTransactions, ${number(actual.lines)} lines, ${rules.length} rules: ${seconds(actualMs)} (median of ${IMPORT_ROUNDS}; ${number(actual.ruleHits)} rule hits)`,
    )
    console.log(`ratio import with ${rules.length} rules, Actual / Carnet: ${(actualMs / oursMs).toFixed(1)}×`)
  }

  // Every rule off but one, on a statement imported without rules: the retroactive run and its undo.
  for (const id of created.slice(1)) await send(app, session.cookie, 'PATCH', `/rules/${id}`, { isActive: false })
  const broad = await send(app, session.cookie, 'POST', '/rules', {
    name: 'Tout ce qui passe par carte',
    isActive: true,
    accountingEntryId: 191,
    conditions: [{ conditionTargetId: T.RAW_NAME, conditionFunctionId: F.START_LIKE, value: 'CB' }],
  })
  const planStart = performance.now()
  const plan = await app.inject({
    method: 'GET',
    url: `/api/v1/rules/${broad.id}/application`,
    headers: { cookie: session.cookie },
  })
  const planMs = performance.now() - planStart
  const applyStart = performance.now()
  const applied = await send(app, session.cookie, 'POST', `/rules/${broad.id}/apply`)
  const applyMs = performance.now() - applyStart
  const undoStart = performance.now()
  const undone = await send(app, session.cookie, 'POST', `/rule-applications/${applied.id}/undo`)
  const undoMs = performance.now() - undoStart
  console.log(
    `retroactive rule over the organisation (${number(organization.transactions)} transactions + imports, ${engine}): plan ${plan.json().data.count} in ${seconds(planMs)}, apply ${number(applied.count)} in ${seconds(applyMs)}, undo ${number(undone.restored)} in ${seconds(undoMs)}`,
  )

  await bulkFigure(app, session.cookie, engine)
}

/** The bulk bar over the first 1,000 debits to categorise, by requests of its limit (BULK_MAX), each one posted. */
async function bulkFigure(app: FastifyInstance, cookie: string, engine: string) {
  const filters = 'filter[uncategorized]=true&filter[whereType]=debit&filter[isChecked]=false&filter[isValidated]=false'
  const waiting = await app.inject({
    method: 'GET',
    url: `/api/v1/transactions?${filters}&pageSize=1000`,
    headers: { cookie },
  })
  const ids = (waiting.json().data as { id: number }[]).map((row) => row.id)
  const start = performance.now()
  for (let first = 0; first < ids.length; first += BULK_MAX)
    await send(app, cookie, 'POST', '/transactions/bulk', {
      action: 'categorize',
      ids: ids.slice(first, first + BULK_MAX),
      accountingEntryId: CATEGORIES[0],
    })
  console.log(
    `bulk categorisation of ${number(ids.length)} lines (POST /transactions/bulk, ${BULK_MAX} a request, ${engine}): ${seconds(performance.now() - start)} (goal < 1 s)`,
  )
}
