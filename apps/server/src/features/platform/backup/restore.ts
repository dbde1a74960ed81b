import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Database } from '../../../db/client'
import { parseSecretKey, secretKeyFilePath } from '../../../lib/secrets'
import { lastMigrationOf, RestoreRefused, unpack, verifyArchive } from './archive'
import { listTables } from './catalog'
import { linkFiles, listFiles, removeFolder } from './files'
import { loadRows, resetSequences } from './load'
import { KEY_FILE, keyFingerprint, type Manifest } from './manifest'
import { appliedMigrations, migrateUpTo } from './migrations'
import { inTransaction, qualified } from './sql-repo'

export type RestoreOptions = {
  archive: string
  database: Database
  dataDir: string
  filesDir: string
  /** SECRET_KEY from the environment, if any: compared with the archive's fingerprint. */
  secretKey: string | null
}

export type RestoreSummary = {
  manifestSha256: string
  createdAt: string
  carnetVersion: string
  from: Manifest['engine']
  to: Database['kind']
  migration: string
  tables: number
  rows: number
  files: number
  secretKey: 'restored' | 'environment' | 'none'
  warnings: string[]
}

/**
 * Rebuilds an empty instance from an archive: checks everything first (checksums, migrations, emptiness), then
 * copies the files and the key, then in ONE transaction runs the migrations up to the archive's and loads the rows.
 * A failure at any step leaves the instance as empty as it was.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const folder = await mkdtemp(join(tmpdir(), 'carnet-restore-'))
  const written: string[] = []
  try {
    await unpack(options.archive, folder)
    const { manifest, manifestSha256 } = await verifyArchive(folder)
    const last = lastMigrationOf(manifest)
    await refuseNonEmpty(options, manifest, folder)
    const warnings = keyWarnings(manifest, options.secretKey)

    const files = (await listFiles(join(folder, 'files'))).filter((path) => !path.endsWith('.detached'))
    await linkFiles(join(folder, 'files'), options.filesDir, files)
    written.push(...files.map((path) => join(options.filesDir, path)))
    if (manifest.secretKey.included) {
      const keyPath = secretKeyFilePath(options.dataDir)
      if (!existsSync(keyPath)) {
        await mkdir(options.dataDir, { recursive: true })
        await writeFile(keyPath, await readFile(join(folder, KEY_FILE)), { mode: 0o600, flag: 'wx' })
        written.push(keyPath)
      }
    }

    const rows = await inTransaction(options.database, '', async (sql) => {
      await migrateUpTo(sql, last)
      // Replica: no trigger fires (the ledger posts nothing twice, foreign keys do not care about the order).
      await sql.exec('SET LOCAL session_replication_role = replica')
      const tables = await listTables(sql)
      // The migrations seeded the reference tables: the archive's rows replace them.
      if (tables.length) await sql.exec(`TRUNCATE ${tables.map((t) => qualified(t.schema, t.name)).join(', ')}`)
      let count = 0
      for (const table of manifest.tables) {
        const target = tables.find((t) => t.schema === table.schema && t.name === table.name)
        const missing = table.columns.filter((column) => !target?.columns.some((c) => c.name === column))
        if (!target || missing.length)
          throw new RestoreRefused(
            `La table ${table.name} de la sauvegarde ne correspond pas au schéma de ses migrations${missing.length ? ` (colonnes ${missing.join(', ')})` : ''}.`,
          )
        count += await loadRows(sql, table, join(folder, table.file))
      }
      await resetSequences(sql, manifest.sequences)
      return count
    })
    // The planner's statistics of the new rows (PGlite has no autovacuum to make them).
    await inTransaction(options.database, '', (sql) => sql.exec('ANALYZE')).catch(() => undefined)
    return {
      manifestSha256,
      createdAt: manifest.createdAt,
      carnetVersion: manifest.carnetVersion,
      from: manifest.engine,
      to: options.database.kind,
      migration: manifest.migrations.at(-1)?.tag ?? '',
      tables: manifest.tables.length,
      rows,
      files: manifest.files.length,
      secretKey: manifest.secretKey.included
        ? 'restored'
        : manifest.secretKey.source === 'environment'
          ? 'environment'
          : 'none',
      warnings,
    }
  } catch (error) {
    // What we copied goes: the instance must stay empty for the next attempt.
    for (const path of written) await rm(path, { force: true })
    throw error
  } finally {
    await removeFolder(folder)
  }
}

async function refuseNonEmpty(options: RestoreOptions, manifest: Manifest, folder: string) {
  const found = await inTransaction(options.database, '', async (sql) => ({
    tables: (await listTables(sql)).length,
    migrations: (await appliedMigrations(sql)).length,
  }))
  if (found.tables > 0 || found.migrations > 0)
    throw new RestoreRefused(
      `L'instance cible n'est pas vide (${found.tables} table(s), ${found.migrations} migration(s)) : la restauration ne remplit qu'une instance vide. ` +
        (options.database.kind === 'pglite'
          ? 'Donne un DATA_DIR neuf (un dossier vide ou inexistant).'
          : 'Crée une base PostgreSQL vide et donne son adresse dans DATABASE_URL.'),
    )
  const present = await listFiles(options.filesDir)
  if (present.length > 0)
    throw new RestoreRefused(
      `Le dossier des fichiers (${options.filesDir}) n'est pas vide (${present.length} fichier(s)) : donne un dossier vide.`,
    )
  const keyPath = secretKeyFilePath(options.dataDir)
  if (manifest.secretKey.included && existsSync(keyPath)) {
    const [ours, theirs] = await Promise.all([readFile(keyPath, 'utf8'), readFile(join(folder, KEY_FILE), 'utf8')])
    if (ours.trim() !== theirs.trim())
      throw new RestoreRefused(
        `${keyPath} existe déjà avec une autre clé : les secrets de la sauvegarde ne s'ouvriraient pas. Déplace ce fichier puis recommence.`,
      )
  }
}

/** Whether the key the restored server will use is the one the archive's secrets were sealed with. */
function keyWarnings(manifest: Manifest, secretKey: string | null): string[] {
  const expected = manifest.secretKey.fingerprint
  if (!expected) return []
  if (!secretKey)
    return manifest.secretKey.source === 'environment'
      ? [
          "La sauvegarde a été faite avec SECRET_KEY venue de l'environnement : elle n'est pas dans l'archive. Démarre le serveur avec la même SECRET_KEY, sinon les secrets (double authentification, clés Stripe, connexions bancaires) ne s'ouvriront pas.",
        ]
      : []
  let given: string
  try {
    given = keyFingerprint(parseSecretKey(secretKey))
  } catch {
    return ['SECRET_KEY est invalide (32 octets en base64 ou en hexadécimal attendus).']
  }
  return given === expected
    ? []
    : [
        "SECRET_KEY n'est pas la clé avec laquelle les secrets de cette sauvegarde ont été chiffrés : ils ne s'ouvriront pas. Donne la clé de l'instance sauvegardée" +
          (manifest.secretKey.included
            ? ' (ou retire SECRET_KEY : la clé restaurée dans DATA_DIR sera utilisée).'
            : '.'),
      ]
}
