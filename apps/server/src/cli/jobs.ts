import { isIsoDate, todayInParis } from '@app/domain'
import { buildApp } from '../app'
import { loadConfig } from '../config'
import { openDatabase } from '../db/client'
import { runMigrations } from '../db/migrate'
import type { JobsRunSummary } from '../features/platform/jobs/scheduler'
import { isAlive, readOperatorFile } from './operator-file'

/**
 * `npm run jobs [-- --until YYYY-MM-DD]`: runs what is due by the end of that day (today by default): trials that
 * have ended, the recurring invoices' occurrences (every missed date after an outage), their e-mails, the weekly
 * late-invoice reminders. On PostgreSQL it
 * runs here, beside any running server; on the embedded database it asks the running server, or opens the database
 * itself when no server runs.
 */
function readUntil(args: string[]): string | undefined {
  const index = args.indexOf('--until')
  const inline = args.find((arg) => arg.startsWith('--until='))
  const value = inline ? inline.slice('--until='.length) : index >= 0 ? args[index + 1] : undefined
  if (value === undefined) {
    if (index >= 0 || inline) fail('--until attend une date AAAA-MM-JJ.')
    return undefined
  }
  if (!isIsoDate(value)) fail(`Date invalide : ${value} (format AAAA-MM-JJ).`)
  return value
}

function fail(message: string): never {
  console.error(message)
  process.exit(2)
}

function report(summary: JobsRunSummary, where: string) {
  console.log(
    `Tâches exécutées jusqu'au ${summary.until} (${where}) : ${summary.occurrences} facture(s) récurrente(s) créée(s), ` +
      `${summary.cardPayments} facture(s) payée(s) par carte constatée(s), ` +
      `${summary.bankRenewals} connexion(s) bancaire(s) à renouveler signalée(s), ` +
      `${summary.eReportingDeadlines} échéance(s) de e-reporting signalée(s), ` +
      `${summary.reminders} relance(s) de facture en retard, ${summary.reports} rapport(s) hebdomadaire(s), ` +
      `${summary.jobs.done} tâche(s) terminée(s), ${summary.jobs.failed} en échec, ${summary.trialsEnded} essai(s) terminé(s).`,
  )
}

async function askRunningServer(url: string, token: string, until: string | undefined) {
  const response = await fetch(`${url}/api/v1/operator/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-operator-token': token, 'x-requested-with': 'fetch' },
    body: JSON.stringify(until ? { until } : {}),
  })
  const body = (await response.json().catch(() => null)) as { data?: JobsRunSummary; message?: string } | null
  if (!response.ok || !body?.data) fail(`Le serveur a refusé (${response.status}) : ${body?.message ?? ''}`)
  return body.data
}

async function main() {
  const until = readUntil(process.argv.slice(2))
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' })
  if (!config.databaseUrl) {
    const running = readOperatorFile(config.dataDir)
    if (running && isAlive(running.pid)) {
      report(await askRunningServer(running.url, running.token, until), `serveur en cours, pid ${running.pid}`)
      return
    }
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  await runMigrations(database)
  const app = await buildApp({ config, database, housekeeping: false, mailWorker: false, jobsWorker: false })
  try {
    await app.ready()
    const summary = await app.jobs.runDue({ until })
    // Mails the jobs queued and could not hand over at once (SMTP down) stay in the outbox for the server's worker.
    report(summary, config.databaseUrl ? 'PostgreSQL' : `PGlite, ${config.dataDir}`)
  } finally {
    await app.close()
    await database.close()
  }
  if (until && until < todayInParis()) console.log("(Date passée : rien de ce qui est dû après elle n'a été exécuté.)")
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
