/**
 * Actual Budget's engine (@actual-app/api, local budget, no sync server) importing the bench's statement lines, as
 * research/perf-reliability-anchors.md W5/A.4 measured it: a budget, one account, ONE rule, importTransactions of
 * the lines (imported_id set, so the re-import can recognise them), then the same lines again.
 * Run by bench/transactions.ts in a child process: `node bench/actual/import.mjs lines.json`; prints one JSON line.
 * `node bench/actual/import.mjs lines.json rules.json` (bench/rules.ts): those rules instead of the one, no re-import.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as api from '@actual-app/api'

const lines = JSON.parse(readFileSync(process.argv[2], 'utf8'))
const rulesPath = process.argv[3]
const dataDir = mkdtempSync(join(tmpdir(), 'carnet-bench-actual-'))
const { version } = JSON.parse(readFileSync(new URL('./node_modules/@actual-app/api/package.json', import.meta.url)))

try {
  // Actual logs each step to the console; the bench's output is the single JSON line at the end.
  const log = console.log
  console.log = () => {}
  console.info = () => {}
  console.warn = () => {}
  await api.init({ dataDir })
  await api.runImport('carnet-bench', async () => {})
  const accountId = await api.createAccount({ name: 'Compte courant', offbudget: false }, 0)
  const groupId = await api.createCategoryGroup({ name: 'Dépenses', is_income: false })
  const categoryId = await api.createCategory({ name: 'Courses', group_id: groupId })
  // With a rules file (bench/rules.ts): those rules, each to its own category, and no re-import.
  const rules = rulesPath ? JSON.parse(readFileSync(rulesPath, 'utf8')) : null
  const ruleCategories = new Set([categoryId])
  if (rules) {
    const categories = []
    for (let index = 0; index < 8; index++)
      categories.push(await api.createCategory({ name: `Catégorie ${index}`, group_id: groupId }))
    for (const category of categories) ruleCategories.add(category)
    for (const [index, conditions] of rules.entries())
      await api.createRule({
        stage: null,
        conditionsOp: 'and',
        conditions,
        actions: [{ op: 'set', field: 'category', value: categories[index % categories.length] }],
      })
  } else
    await api.createRule({
      stage: null,
      conditionsOp: 'and',
      conditions: [{ field: 'imported_payee', op: 'contains', value: 'CARREFOUR' }],
      actions: [{ op: 'set', field: 'category', value: categoryId }],
    })
  const transactions = lines.map((line) => ({
    date: line.date,
    amount: line.cents,
    payee_name: line.label,
    imported_payee: line.label,
    imported_id: line.id,
    notes: line.memo,
  }))

  const importStart = performance.now()
  const first = await api.importTransactions(accountId, transactions)
  const importMs = performance.now() - importStart
  const again = rules ? { added: [] } : await api.importTransactions(accountId, transactions)
  const reimportMs = rules ? 0 : performance.now() - importStart - importMs

  const stored = await api.getTransactions(accountId, '1900-01-01', '2999-12-31')
  const ruleHits = stored.filter((transaction) => ruleCategories.has(transaction.category)).length
  await api.shutdown()
  log(
    JSON.stringify({
      version,
      lines: lines.length,
      importMs,
      added: first.added.length,
      reimportMs,
      reimportAdded: again.added.length,
      stored: stored.length,
      ruleHits,
    }),
  )
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
