import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import * as tar from 'tar'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { buildApp } from '../../src/app'
import { backfillLedger } from '../../src/backfill'
import { runMigrations } from '../../src/db/migrate'
import { RestoreRefused } from '../../src/features/platform/backup/archive'
import { CITUS_REFUSAL, createBackup } from '../../src/features/platform/backup/backup'
import { listFiles } from '../../src/features/platform/backup/files'
import { type Manifest, sha256Of, sha256OfFile } from '../../src/features/platform/backup/manifest'
import { restoreBackup } from '../../src/features/platform/backup/restore'
import { inTransaction } from '../../src/features/platform/backup/sql-repo'
import { Client, json, useTestContext } from '../helpers'
import { expectBooksProven } from '../ledger'
import { storm } from './storm'
import { emptyTarget, type Target } from './target'

/**
 * Issue 32's proof of the backups: one taken while clients create and validate invoices and upload files, restored
 * into an empty instance of the same engine (PGlite, or PostgreSQL when DATABASE_URL is set), then checked the way an
 * accountant would: every invoice the server acknowledged before the backup began is there, numbers run without a
 * gap, `npm run ledger`'s check is clean, the files read back with their checksums.
 */
const ctx = useTestContext()
const cleanups: (() => Promise<unknown>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

async function folder(prefix: string) {
  const path = await mkdtemp(join(tmpdir(), prefix))
  cleanups.push(() => rm(path, { recursive: true, force: true }))
  return path
}

async function target(): Promise<Target> {
  const made = await emptyTarget(ctx.database.kind)
  cleanups.push(made.drop)
  return made
}

const restoreInto = (into: Target, archive: string) =>
  restoreBackup({ archive, database: into.database, dataDir: into.dataDir, filesDir: into.filesDir, secretKey: null })

let archive = ''

async function manifestOf(path: string): Promise<Manifest> {
  const unpacked = await folder('carnet-manifest-')
  await tar.extract({ file: path, cwd: unpacked }, ['manifest.json'])
  return JSON.parse(await readFile(join(unpacked, 'manifest.json'), 'utf8')) as Manifest
}

/** The archive unpacked, changed by `change`, packed again as another file. */
async function repack(path: string, change: (unpacked: string) => Promise<void>) {
  const unpacked = await folder('carnet-repack-')
  await tar.extract({ file: path, cwd: unpacked })
  await change(unpacked)
  const out = join(await folder('carnet-repacked-'), 'archive.tar.gz')
  await tar.create({ gzip: true, file: out, cwd: unpacked }, await readdir(unpacked))
  return out
}

const onCitus = inject('citusWorkers').length > 0

describe.runIf(onCitus)('a backup of a Citus cluster', () => {
  it('is refused, in French, with what to do instead: no one transaction reads every node at one moment', async () => {
    const out = join(await folder('carnet-citus-backup-'), 'archive.tar.gz')
    const backup = createBackup({
      database: ctx.database,
      dataDir: await folder('carnet-source-'),
      filesDir: ctx.config.filesDir,
      backupDir: await folder('carnet-backups-'),
      secretKey: null,
      out,
    })
    await expect(backup).rejects.toThrow(CITUS_REFUSAL)
    expect(await readdir(join(out, '..'))).toEqual([])
  })
})

describe.skipIf(onCitus)('a backup taken mid-storm, restored into an empty instance', () => {
  it('holds every acknowledged invoice, numbers without gap, clean books and the files', async () => {
    // The instance's own key file, as on a laptop without SECRET_KEY: it travels in the archive.
    const sourceDataDir = await folder('carnet-source-')
    const key = `${randomBytes(32).toString('base64')}\n`
    await writeFile(join(sourceDataDir, 'secret.key'), key)

    const work = await storm(ctx.app)
    await work.until(6)
    const startedAt = Date.now()
    const acknowledged = work.validated.filter((invoice) => invoice.at <= startedAt)
    const lastUpload = work.uploads.filter((upload) => upload.at <= startedAt).length - 1
    const summary = await createBackup({
      database: ctx.database,
      dataDir: sourceDataDir,
      filesDir: ctx.config.filesDir,
      backupDir: await folder('carnet-backups-'),
      secretKey: null,
    })
    const atBackup = work.validated.length
    await work.until(atBackup + 2)
    await work.stop()
    archive = summary.path
    expect(summary.engine).toBe(ctx.database.kind)
    expect(summary.secretKeyIncluded).toBe(true)
    expect(acknowledged.length).toBeGreaterThanOrEqual(6)

    const into = await target()
    const restored = await restoreInto(into, summary.path)
    expect(restored.rows).toBe(summary.rows)
    expect(restored.manifestSha256).toBe(summary.manifestSha256)
    expect(await readFile(join(into.dataDir, 'secret.key'), 'utf8')).toBe(key)

    // The server starts on it (main.ts: migrations then backfills) and knows the same sessions.
    await runMigrations(into.database)
    await backfillLedger(into.database)
    const app: FastifyInstance = await buildApp({
      config: { ...ctx.config, dataDir: into.dataDir, filesDir: into.filesDir },
      database: into.database,
      logger: false,
    })
    await app.ready()
    cleanups.push(() => app.close())
    const clientOf = (organizationId: number) => {
      const client = new Client(app)
      client.cookie = work.sellers.find((seller) => seller.organizationId === organizationId)?.client.cookie ?? null
      return client
    }

    for (const invoice of acknowledged) {
      const response = await clientOf(invoice.organizationId).get(`/invoices/${invoice.id}`)
      expect(response.statusCode, response.body).toBe(200)
      expect(json(response).data.reference).toBe(invoice.reference)
    }

    const numbered = await inTransaction(into.database, '', (sql) =>
      sql.query<{ organizationId: number; series: string; chronos: number[]; next: number }>(
        `SELECT i.organization_id::int AS "organizationId", i.series, array_agg(i.chrono::int ORDER BY i.chrono) AS chronos,
                max(n.current_chrono)::int AS next
           FROM invoices i JOIN reference_numberings n ON n.organization_id = i.organization_id AND n.series = i.series
          WHERE i.chrono IS NOT NULL AND i.organization_id = ANY($1::bigint[])
          GROUP BY 1, 2`,
        [work.sellers.map((seller) => seller.organizationId)],
      ),
    )
    expect(numbered.length).toBe(work.sellers.length)
    for (const series of numbered) {
      expect(series.chronos).toEqual(series.chronos.map((_, index) => index + 1))
      expect(series.next).toBe(series.chronos.length + 1)
    }
    const kept = numbered.reduce((sum, series) => sum + series.chronos.length, 0)
    expect(kept).toBeGreaterThanOrEqual(acknowledged.length)
    expect(kept).toBeLessThan(work.validated.length)

    for (const seller of work.sellers) await expectBooksProven(into.database.db, seller.organizationId)

    // Every file of the archive is back, byte for byte; the item's image is one uploaded by the backup's time.
    const manifest = await manifestOf(summary.path)
    const files = await listFiles(into.filesDir)
    expect(files.length).toBeGreaterThan(0)
    expect(files.map((path) => `files/${path}`)).toEqual(manifest.files.map((file) => file.path))
    for (const file of manifest.files)
      expect(await sha256OfFile(join(into.filesDir, file.path.slice('files/'.length)))).toBe(file.sha256)
    const image = await clientOf(work.sellers[0]?.organizationId as number).get(
      `/items/${work.uploads[0]?.itemId}/image`,
    )
    expect(image.statusCode).toBe(200)
    const shown = sha256Of(image.rawPayload)
    const candidates = work.uploads.slice(Math.max(lastUpload, 0)).map((upload) => sha256Of(upload.bytes))
    expect(candidates).toContain(shown)

    // A second restore into what is now a full instance: refused, nothing touched.
    await expect(restoreInto(into, summary.path)).rejects.toThrow(/n'est pas vide/)
  }, 120_000)

  it('refuses a damaged archive, one from a newer Carnet, and leaves the instance empty', async () => {
    expect(archive).not.toBe('')
    const into = await target()

    // One table's rows changed after the backup: named.
    const edited = await repack(archive, async (unpacked) => {
      const rows = join(unpacked, 'tables', 'public.invoices.jsonl')
      await writeFile(rows, (await readFile(rows, 'utf8')).replace('"Site vitrine"', '"Site vitrinE"'))
    })
    await expect(restoreInto(into, edited)).rejects.toThrow(
      'Archive corrompue : tables/public.invoices.jsonl ne correspond pas à sa somme de contrôle.',
    )

    // Bytes flipped inside the compressed file: unreadable or mismatching, refused either way.
    const bytes = await readFile(archive)
    for (let at = 200; at < bytes.length - 50; at += 997) bytes[at] = (bytes[at] as number) ^ 0xff
    const flipped = join(await folder('carnet-flipped-'), 'flipped.tar.gz')
    await writeFile(flipped, bytes)
    await expect(restoreInto(into, flipped)).rejects.toBeInstanceOf(RestoreRefused)

    // A manifest that names a migration this build does not have (its checksum made to match).
    const newer = await repack(archive, async (unpacked) => {
      const path = join(unpacked, 'manifest.json')
      const manifest = JSON.parse(await readFile(path, 'utf8'))
      manifest.migrations.push({ tag: '9999_from_the_future', createdAt: 4102444800000, hash: 'f'.repeat(64) })
      const text = `${JSON.stringify(manifest, null, 2)}\n`
      await writeFile(path, text)
      await writeFile(join(unpacked, 'manifest.sha256'), `${sha256Of(text)}  manifest.json\n`)
    })
    await expect(restoreInto(into, newer)).rejects.toThrow(/version plus récente de Carnet.*9999_from_the_future/)

    // Nothing was written: the instance is as empty as it was, and takes the intact archive.
    expect(await listFiles(into.filesDir)).toEqual([])
    const restored = await restoreInto(into, archive)
    expect(restored.rows).toBeGreaterThan(0)
  }, 120_000)
})
