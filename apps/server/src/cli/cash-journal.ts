import { cashJournalMessages } from '@app/domain'
import { loadConfig } from '../config'
import { openDatabase } from '../db/client'
import { runMigrations } from '../db/migrate'
import type { ChainCheck } from '../features/money/cash-journal/verify'
import { checkAllChains } from '../features/money/cash-journal/verify'
import { isAlive, readOperatorFile } from './operator-file'

/**
 * `npm run cash:verify`: walks every organisation's unalterable cash journal (decision 0038) and prints « Journal de
 * caisse intact », or the first broken link of each organisation whose chain is broken (its sequence number, its day,
 * the signature expected and the one stored), exit code 1. On PostgreSQL it reads the database itself, beside the
 * running servers; on the embedded database it asks the running server (the data folder has one owner) or, when none
 * runs, opens the folder itself.
 */
async function askRunningServer(url: string, token: string): Promise<ChainCheck[]> {
  const response = await fetch(`${url}/api/v1/operator/cash-journal/verify`, {
    method: 'POST',
    headers: { 'x-operator-token': token, 'x-requested-with': 'fetch' },
  })
  const body = (await response.json().catch(() => null)) as { data?: ChainCheck[]; message?: string } | null
  if (!response.ok || !body?.data) {
    console.error(`Le serveur a refusé (${response.status}) : ${body?.message ?? ''}`)
    process.exit(2)
  }
  return body.data
}

async function checks(): Promise<{ checks: ChainCheck[]; where: string }> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' })
  if (!config.databaseUrl) {
    const running = readOperatorFile(config.dataDir)
    if (running && isAlive(running.pid))
      return {
        checks: await askRunningServer(running.url, running.token),
        where: `serveur en cours, pid ${running.pid}`,
      }
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  try {
    await runMigrations(database)
    return {
      checks: await checkAllChains(database.db),
      where: config.databaseUrl ? 'PostgreSQL' : `PGlite, ${config.dataDir}`,
    }
  } finally {
    await database.close()
  }
}

async function main() {
  const { checks: all, where } = await checks()
  const broken = all.filter((check) => check.brokenLink !== null)
  const entries = all.reduce((total, check) => total + check.entries, 0)
  for (const { brokenLink } of broken) {
    if (!brokenLink) continue
    console.log(
      `${cashJournalMessages.broken} — organisation ${brokenLink.organizationId}, écriture n° ${brokenLink.sequence} ` +
        `du ${brokenLink.recordedOn} : ${brokenLink.message}\n  attendu    : ${brokenLink.expected}\n  enregistré : ${brokenLink.stored}`,
    )
  }
  if (broken.length > 0) {
    process.exitCode = 1
    return
  }
  console.log(`${cashJournalMessages.intact} (${where} : ${all.length} organisation(s), ${entries} écriture(s)).`)
}

main().catch((error) => {
  console.error(error)
  process.exit(2)
})
