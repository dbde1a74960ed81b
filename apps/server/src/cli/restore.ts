import { resolve } from 'node:path'
import { loadConfig } from '../config'
import { openDatabase } from '../db/client'
import { RestoreRefused } from '../features/platform/backup/archive'
import { restoreBackup } from '../features/platform/backup/restore'
import { isAlive, readOperatorFile } from './operator-file'

/**
 * `npm run restore -- FILE`: rebuilds an EMPTY instance (a new DATA_DIR, or the empty PostgreSQL database of
 * DATABASE_URL) from an archive of `npm run backup`, after checking every checksum. Refuses, in French and without
 * writing anything, a damaged archive, one from a newer Carnet and an instance that already holds data.
 */
function fail(message: string): never {
  console.error(message)
  process.exit(2)
}

async function main() {
  const args = process.argv.slice(2)
  if (args.length !== 1 || !args[0] || args[0].startsWith('-'))
    fail('Usage : npm run restore -- FICHIER.tar.gz (dans un DATA_DIR neuf, ou avec DATABASE_URL vers une base vide).')
  const archive = resolve(args[0])
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' })
  if (!config.databaseUrl) {
    const running = readOperatorFile(config.dataDir)
    if (running && isAlive(running.pid))
      fail(
        `Un serveur tourne sur ${resolve(config.dataDir)} (pid ${running.pid}) : la restauration demande une instance vide et arrêtée.`,
      )
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  try {
    const summary = await restoreBackup({
      archive,
      database,
      dataDir: config.dataDir,
      filesDir: config.filesDir,
      secretKey: config.secretKey,
    })
    const key = {
      restored: `clé secrète restaurée dans ${resolve(config.dataDir, 'secret.key')}`,
      environment: 'clé secrète : celle de SECRET_KEY (pas dans l’archive)',
      none: 'aucune clé secrète dans la sauvegarde',
    }[summary.secretKey]
    console.log(
      [
        `Restauration terminée (${config.databaseUrl ? 'PostgreSQL' : `PGlite, ${config.dataDir}`}) depuis ${archive}`,
        `  Sauvegarde du ${summary.createdAt} (Carnet ${summary.carnetVersion}, ${summary.from}), manifeste ${summary.manifestSha256}`,
        `  ${summary.tables} table(s), ${summary.rows} ligne(s), ${summary.files} fichier(s) ; migrations jusqu'à ${summary.migration} ; ${key}.`,
        ...summary.warnings.map((warning) => `  Attention : ${warning}`),
        '  Démarre le serveur (npm start) : il appliquera les migrations plus récentes que la sauvegarde.',
      ].join('\n'),
    )
  } catch (error) {
    if (error instanceof RestoreRefused) {
      await database.close()
      fail(`Restauration refusée : ${error.message}`)
    }
    throw error
  } finally {
    await database.close().catch(() => {})
  }
}

main().catch((error) => {
  console.error(`La restauration a échoué : ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
