import { backfillLedger } from '../backfill'
import { loadConfig } from '../config'
import { openDatabase } from '../db/client'
import { runMigrations } from '../db/migrate'
import { organizations } from '../db/schema/index'
import { checkLedger, type LedgerCheck, repairLedger } from '../features/books/ledger/check'
import { isAlive, readOperatorFile } from './operator-file'

/**
 * `npm run ledger [-- --repair]`: the proof of decision 0024. For every organisation, rebuilds from the documents the
 * entries each invoice, transaction, receipt and fiscal year's opening should have, compares them with what was
 * posted, and checks that every entry
 * balances and that numbers run without a gap. Exits 1 when the books differ; `--repair` posts the differences (each
 * as a correction: the reversal of what was posted, then the right entry).
 */
function describe(organization: { id: number; name: string }, check: LedgerCheck) {
  const head = `Entreprise ${organization.id} (${organization.name}) : ${check.sources} source(s), ${check.entries} écriture(s)`
  if (check.differences.length === 0 && check.faults.length === 0) return `${head} — conforme.`
  const lines = [
    `${head} — ${check.differences.length} différence(s), ${check.faults.length} anomalie(s) :`,
    ...check.differences.map(
      (d) =>
        `  ${d.source.kind} ${d.source.id} : attendu ${d.expected.map((entry) => `${entry.journalCode} ${entry.pieceRef}`).join(', ') || 'aucune écriture'}, ` +
        `comptabilisé ${d.posted.map((entry) => `${entry.journalCode} ${entry.pieceRef}`).join(', ') || 'rien'}`,
    ),
    ...check.faults.map((fault) => `  ${fault}`),
  ]
  return lines.join('\n')
}

async function main() {
  const repair = process.argv.slice(2).includes('--repair')
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' })
  if (!config.databaseUrl) {
    const running = readOperatorFile(config.dataDir)
    if (running && isAlive(running.pid)) {
      console.error(`Arrête d'abord le serveur (pid ${running.pid}) : la base embarquée ne s'ouvre qu'une fois.`)
      process.exit(2)
    }
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  let failed = false
  try {
    await runMigrations(database)
    await backfillLedger(database)
    const rows = await database.db.select({ id: organizations.id, name: organizations.name }).from(organizations)
    for (const organization of rows) {
      const check = await checkLedger(database.db, organization.id)
      console.log(describe(organization, check))
      if (check.differences.length > 0 && repair) {
        await repairLedger(database.db, organization.id, check.differences)
        console.log(`  → ${check.differences.length} correction(s) comptabilisée(s).`)
      } else if (check.differences.length > 0 || check.faults.length > 0) failed = true
    }
  } finally {
    await database.close()
  }
  if (failed) process.exit(1)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
