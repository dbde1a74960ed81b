import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { type Database, openDatabase } from '../../src/db/client'

/**
 * An empty instance to restore into, of the engine the tests run on: a new PGlite data folder, or a new database
 * `carnet_t_backup_<random>` on the PostgreSQL server of DATABASE_URL (dropped by `drop`).
 */
export type Target = { database: Database; dataDir: string; filesDir: string; drop: () => Promise<void> }

export async function emptyTarget(engine: Database['kind']): Promise<Target> {
  const dataDir = await mkdtemp(join(tmpdir(), 'carnet-restored-'))
  const filesDir = join(dataDir, 'files')
  const databaseUrl = process.env.DATABASE_URL
  if (engine === 'postgres' && databaseUrl) {
    const name = `carnet_t_backup_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    const url = new URL(databaseUrl)
    url.pathname = `/${name}`
    const database = await openDatabase({ databaseUrl: url.toString() })
    return {
      database,
      dataDir,
      filesDir,
      async drop() {
        await database.close().catch(() => {})
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        await admin.end()
        await rm(dataDir, { recursive: true, force: true })
      },
    }
  }
  const database = await openDatabase({ dataDir })
  return {
    database,
    dataDir,
    filesDir,
    async drop() {
      await database.close().catch(() => {})
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
