import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { loadConfig } from '../config'
import { openDatabase } from '../db/client'
import type { BackupSummary } from '../features/platform/backup/backup'
import { createBackup, defaultArchivePath } from '../features/platform/backup/backup'
import { isAlive, readOperatorFile } from './operator-file'

/**
 * `npm run backup [-- --out FILE]`: one archive of the instance (decision 0039) in BACKUP_DIR, while the server runs.
 * With the embedded database it asks the running server (the data folder has one owner) or, when none runs, opens
 * the folder itself; with DATABASE_URL it reads PostgreSQL from here, in one snapshot, beside the servers.
 */
function fail(message: string): never {
  console.error(message)
  process.exit(2)
}

function readOut(args: string[]): string | undefined {
  const index = args.indexOf('--out')
  const inline = args.find((arg) => arg.startsWith('--out='))
  const value = inline ? inline.slice('--out='.length) : index >= 0 ? args[index + 1] : undefined
  if ((index >= 0 || inline) && !value)
    fail("--out attend le chemin de l'archive (par exemple --out sauvegarde.tar.gz).")
  const unknown = args.filter((arg, i) => arg !== '--out' && !arg.startsWith('--out=') && i !== index + 1)
  if (unknown.length) fail(`Option inconnue : ${unknown.join(' ')} (seule --out FICHIER est comprise).`)
  return value ? resolve(value) : undefined
}

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} Ko` : `${(bytes / 1024 / 1024).toFixed(1)} Mo`

function report(summary: BackupSummary, where: string) {
  const key =
    summary.secretKey === 'file'
      ? 'la clé secrète (secret.key) est dans l’archive : garde-la aussi précieusement que la base'
      : summary.secretKey === 'environment'
        ? 'SECRET_KEY vient de l’environnement : elle n’est PAS dans l’archive, garde-la à part (sans elle, les secrets ne s’ouvrent pas)'
        : 'aucune clé secrète à garder'
  console.log(
    [
      `Sauvegarde écrite (${where}) : ${summary.path} (${size(summary.bytes)})`,
      `  ${summary.tables} table(s), ${summary.rows} ligne(s), ${summary.files} fichier(s), ${summary.migrations} migration(s) ; ${key}.`,
      `  SHA-256 du manifeste : ${summary.manifestSha256}`,
      `  SHA-256 de l'archive : ${summary.archiveSha256}`,
    ].join('\n'),
  )
}

async function askRunningServer(url: string, token: string, out: string | undefined) {
  const response = await fetch(`${url}/api/v1/operator/backup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-operator-token': token, 'x-requested-with': 'fetch' },
    body: JSON.stringify(out ? { out } : {}),
  })
  const body = (await response.json().catch(() => null)) as { data?: BackupSummary; message?: string } | null
  if (!response.ok || !body?.data) fail(`Le serveur a refusé (${response.status}) : ${body?.message ?? ''}`)
  return body.data
}

async function main() {
  const out = readOut(process.argv.slice(2))
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' })
  if (!config.databaseUrl) {
    const running = readOperatorFile(config.dataDir)
    if (running && isAlive(running.pid)) {
      // The server writes the archive: an absolute path means the same file whatever its working directory.
      const summary = await askRunningServer(running.url, running.token, out ?? defaultArchivePath(config.backupDir))
      report(summary, `serveur en cours, pid ${running.pid}`)
      return
    }
    if (!existsSync(join(config.dataDir, 'PG_VERSION')))
      fail(`Aucune base embarquée dans ${resolve(config.dataDir)} : rien à sauvegarder (DATA_DIR ou DATABASE_URL ?).`)
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  try {
    const summary = await createBackup({
      database,
      dataDir: config.dataDir,
      filesDir: config.filesDir,
      backupDir: config.backupDir,
      secretKey: config.secretKey,
      out,
    })
    report(summary, config.databaseUrl ? 'PostgreSQL' : `PGlite, ${config.dataDir}`)
  } finally {
    await database.close()
  }
}

main().catch((error) => {
  console.error(`La sauvegarde a échoué : ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
