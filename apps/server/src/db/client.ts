import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { flushLedger } from '../features/ledger/flush'
import * as schema from './schema/index'

export type Schema = typeof schema
/** Both drivers expose the same query builder; repos only see this type. */
export type Db = ReturnType<typeof drizzlePg<Schema>>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbOrTx = Db | Tx

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  close: () => Promise<void>
}

/**
 * Every transaction brings the books up to date before it commits (decision 0025): the triggers of migration 0018
 * mark the invoices and transactions it changed, and the ledger posts their entries in that same transaction.
 */
function postingBeforeCommit(db: Db): Db {
  const transaction = db.transaction.bind(db)
  const withPosting: Db['transaction'] = (work, config) =>
    transaction(async (tx) => {
      const result = await work(tx)
      await flushLedger(tx)
      return result
    }, config)
  db.transaction = withPosting
  return db
}

/** PostgreSQL when a URL is given, else PGlite: in a folder, or in memory for `memory://`. */
export async function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    pool.on('error', () => {})
    const db = postingBeforeCommit(drizzlePg({ client: pool, schema }))
    return { db, kind: 'postgres', close: () => pool.end() }
  }
  const dataDir = options.dataDir ?? 'memory://'
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true })
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm, unaccent } })
  const db = postingBeforeCommit(drizzlePglite({ client, schema }) as unknown as Db)
  return { db, kind: 'pglite', close: () => client.close() }
}

export async function openPgliteFrom(dump: Blob | File): Promise<Database> {
  const client = await PGlite.create({ loadDataDir: dump, extensions: { pg_trgm, unaccent } })
  const db = postingBeforeCommit(drizzlePglite({ client, schema }) as unknown as Db)
  return { db, kind: 'pglite', close: () => client.close() }
}
