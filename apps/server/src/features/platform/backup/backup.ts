import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { chmod, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import * as tar from 'tar'
import type { Database } from '../../../db/client'
import { AppError } from '../../../lib/errors'
import { parseSecretKey, secretKeyFilePath } from '../../../lib/secrets'
import { DELETED_FOLDER } from '../../../lib/storage'
import { listSequences, listTables, type TableInfo } from './catalog'
import { detachFiles, linkFiles, listFiles, removeFolder } from './files'
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  carnetVersion,
  KEY_FILE,
  keyFingerprint,
  MANIFEST,
  MANIFEST_CHECKSUM,
  type Manifest,
  sha256Of,
  sha256OfFileSync,
} from './manifest'
import { appliedMigrations } from './migrations'
import { ident, inTransaction, qualified, type Sql } from './sql-repo'

export type BackupOptions = {
  database: Database
  /** `<DATA_DIR>`: where the embedded key file is. */
  dataDir: string
  filesDir: string
  backupDir: string
  /** SECRET_KEY from the environment (never written to the archive), or null for the embedded key file. */
  secretKey: string | null
  /** The archive's path; `<backupDir>/carnet-<date>.tar.gz` by default. */
  out?: string
}

export type BackupSummary = {
  path: string
  bytes: number
  /** The SHA-256 of the archive file and of its manifest, to write down beside it. */
  archiveSha256: string
  manifestSha256: string
  engine: Manifest['engine']
  tables: number
  rows: number
  files: number
  migrations: number
  secretKey: Manifest['secretKey']['source']
  secretKeyIncluded: boolean
}

/** Rows fetched per round trip: a cursor pages through each table, so memory stays flat whatever its size. */
const PAGE = 1000

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')

/** `<backupDir>/carnet-20261128T214507Z.tar.gz`: sorted by name is sorted by date. */
export const defaultArchivePath = (backupDir: string, date = new Date()) =>
  resolve(backupDir, `carnet-${stamp(date)}.tar.gz`)

/** Said by `npm run backup` on a Citus coordinator (decision 0047). */
export const CITUS_REFUSAL =
  'une grappe Citus ne se sauvegarde pas d’un seul instantané. Sauvegarde chacun de ses nœuds avec les outils de ' +
  'PostgreSQL (pg_basebackup), à un point de restauration commun posé par citus_create_restore_point().'

/**
 * Writes one archive of the whole instance: every table's rows read in one snapshot (REPEATABLE READ, READ ONLY), the
 * migrations that ran, the uploaded files, the embedded key file when there is one, and the manifest.
 */
export async function createBackup(options: BackupOptions): Promise<BackupSummary> {
  const createdAt = new Date()
  const out = resolve(options.out ?? defaultArchivePath(options.backupDir, createdAt))
  await mkdir(dirname(out), { recursive: true, mode: 0o700 })
  // Beside the archive (so the files' hard links stay on one file system when the backups sit in DATA_DIR).
  const staging = join(dirname(out), `.carnet-backup-${randomBytes(6).toString('hex')}`)
  await mkdir(join(staging, 'tables'), { recursive: true, mode: 0o700 })
  try {
    const snapshot = await inTransaction(
      options.database,
      'ISOLATION LEVEL REPEATABLE READ, READ ONLY',
      async (sql) => {
        // The first query fixes the snapshot; the files are linked right after it (files.ts says why that is enough).
        const [engine] = await sql.query<{ version: string }>('SELECT version() AS version')
        // Citus gives no snapshot across its nodes: what this one transaction reads would not be one moment.
        if ((await sql.query(`SELECT 1 FROM pg_extension WHERE extname = 'citus'`)).length > 0)
          throw new AppError(409, 'BACKUP_CITUS', CITUS_REFUSAL)
        await linkFiles(options.filesDir, join(staging, 'files'), await listFiles(options.filesDir))
        // Deleted since the snapshot began (an image replaced meanwhile, even between its listing and its link): the
        // snapshot may still point at them, so those not linked yet are linked from where the storage keeps them.
        const deletedRoot = join(options.filesDir, DELETED_FOLDER)
        const missing = (await listFiles(deletedRoot)).filter((path) => !existsSync(join(staging, 'files', path)))
        await linkFiles(deletedRoot, join(staging, 'files'), missing)
        const migrations = await appliedMigrations(sql)
        const tables: Manifest['tables'] = []
        for (const table of await listTables(sql)) tables.push(await dumpTable(sql, table, staging))
        return { engineVersion: engine?.version ?? '', migrations, tables, sequences: await listSequences(sql) }
      },
    )
    // From here on, synchronous: on PGlite the server's one thread also runs the database, and busy clients would
    // starve a packing made of many small asynchronous steps for minutes; done in one go, it takes a moment.
    const stagedFiles = await listFiles(join(staging, 'files'))
    detachFiles(join(staging, 'files'), stagedFiles)
    const files: Manifest['files'] = stagedFiles.map((path) => {
      const body = readFileSync(join(staging, 'files', path))
      return { path: `files/${path}`, size: body.length, sha256: sha256Of(body) }
    })
    const secretKey = await keepSecretKey(options, staging)
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      carnetVersion: carnetVersion(),
      engine: options.database.kind,
      engineVersion: snapshot.engineVersion,
      createdAt: createdAt.toISOString(),
      migrations: snapshot.migrations,
      tables: snapshot.tables,
      sequences: snapshot.sequences,
      files,
      secretKey,
    }
    const manifestText = `${JSON.stringify(manifest, null, 2)}\n`
    const manifestSha256 = sha256Of(manifestText)
    await writeFile(join(staging, MANIFEST), manifestText)
    await writeFile(join(staging, MANIFEST_CHECKSUM), `${manifestSha256}  ${MANIFEST}\n`)

    // Written under another name then renamed: a scheduled copy never picks up half an archive.
    const partial = `${out}.partial`
    await writeFile(partial, '', { mode: 0o600 })
    await chmod(partial, 0o600)
    const parts = [MANIFEST, MANIFEST_CHECKSUM, 'tables', ...(files.length ? ['files'] : [])]
    if (secretKey.included) parts.push(KEY_FILE)
    tar.create({ gzip: true, file: partial, cwd: staging, portable: true, sync: true }, parts)
    await rename(partial, out)
    return {
      path: out,
      bytes: (await stat(out)).size,
      archiveSha256: sha256OfFileSync(out),
      manifestSha256,
      engine: manifest.engine,
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
      files: files.length,
      migrations: manifest.migrations.length,
      secretKey: secretKey.source,
      secretKeyIncluded: secretKey.included,
    }
  } finally {
    await removeFolder(staging)
    await rm(`${out}.partial`, { force: true })
  }
}

/** One table as JSON lines (`row_to_json`: numbers, dates and bytes keep their exact text), in primary-key order. */
async function dumpTable(sql: Sql, table: TableInfo, staging: string): Promise<Manifest['tables'][number]> {
  const file = `tables/${encodeURIComponent(table.schema)}.${encodeURIComponent(table.name)}.jsonl`
  const handle = await open(join(staging, file), 'w', 0o600)
  const hash = createHash('sha256')
  let rows = 0
  try {
    const order = table.primaryKey.length ? ` ORDER BY ${table.primaryKey.map((c) => `t.${ident(c)}`).join(', ')}` : ''
    await sql.exec(
      `DECLARE carnet_backup NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM ${qualified(table.schema, table.name)} t${order}`,
    )
    for (;;) {
      const page = await sql.query<{ row: string }>(`FETCH FORWARD ${PAGE} FROM carnet_backup`)
      if (page.length === 0) break
      const chunk = `${page.map((line) => line.row).join('\n')}\n`
      hash.update(chunk)
      await handle.write(chunk)
      rows += page.length
      if (page.length < PAGE) break
    }
    await sql.exec('CLOSE carnet_backup')
  } finally {
    await handle.close()
  }
  const written = table.columns.filter((column) => !column.generated)
  return {
    schema: table.schema,
    name: table.name,
    file,
    columns: written.map((column) => column.name),
    identity: written.some((column) => column.identity),
    rows,
    sha256: hash.digest('hex'),
  }
}

/**
 * The embedded key file goes into the archive: without it the restored instance could not open its own secrets.
 * SECRET_KEY from the environment stays out (the archive would otherwise carry the key next to what it locks); the
 * manifest keeps a fingerprint so that the restore can tell whether the key it is given is the right one.
 */
async function keepSecretKey(options: BackupOptions, staging: string): Promise<Manifest['secretKey']> {
  if (options.secretKey) {
    return {
      included: false,
      source: 'environment',
      sha256: null,
      fingerprint: keyFingerprint(parseSecretKey(options.secretKey)),
    }
  }
  const path = secretKeyFilePath(options.dataDir)
  if (!existsSync(path)) return { included: false, source: 'none', sha256: null, fingerprint: null }
  const text = await readFile(path, 'utf8')
  await writeFile(join(staging, KEY_FILE), text, { mode: 0o600 })
  return { included: true, source: 'file', sha256: sha256Of(text), fingerprint: keyFingerprint(parseSecretKey(text)) }
}
