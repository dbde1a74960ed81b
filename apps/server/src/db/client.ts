import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import * as schema from './schema/index'

export type Schema = typeof schema
/** Both drivers expose the same query builder; repos only see this type. */
export type Db = ReturnType<typeof drizzlePg<Schema>>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbOrTx = Db | Tx

/** Stops listening. */
export type Unlisten = () => Promise<void>

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  close: () => Promise<void>
  /**
   * LISTEN on a channel: every payload of `pg_notify(channel, …)` committed by any process on this database. On
   * PostgreSQL one dedicated connection per call (reconnected when it drops); on PGlite the database's own listen.
   */
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<Unlisten>
}

/** A connection of its own that LISTENs (a pooled one would lose it), opened again a second after it drops. */
function listenOnPostgres(connectionString: string) {
  return async (channel: string, onPayload: (payload: string) => void): Promise<Unlisten> => {
    let client: pg.Client | null = null
    let stopped = false
    let retry: NodeJS.Timeout | undefined
    const connect = async () => {
      const next = new pg.Client({ connectionString })
      next.on('notification', (message) => {
        if (message.channel === channel) onPayload(message.payload ?? '')
      })
      next.on('error', () => {
        next.end().catch(() => {})
        if (client === next) client = null
        if (!stopped) retry = setTimeout(() => void connect().catch(() => {}), 1000)
      })
      await next.connect()
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
      if (stopped) await next.end()
      else client = next
    }
    await connect()
    return async () => {
      stopped = true
      clearTimeout(retry)
      await client?.end().catch(() => {})
      client = null
    }
  }
}

/** PostgreSQL when a URL is given, else PGlite: in a folder, or in memory for `memory://`. */
export async function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    pool.on('error', () => {})
    const db = drizzlePg({ client: pool, schema })
    return { db, kind: 'postgres', close: () => pool.end(), listen: listenOnPostgres(options.databaseUrl) }
  }
  const dataDir = options.dataDir ?? 'memory://'
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true })
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm, unaccent } })
  const db = drizzlePglite({ client, schema }) as unknown as Db
  return { db, kind: 'pglite', close: () => client.close(), listen: listenOnPglite(client) }
}

/** PGlite is one process and one connection: its own listen hears what its transactions notify, once committed. */
const listenOnPglite =
  (client: PGlite) =>
  async (channel: string, onPayload: (payload: string) => void): Promise<Unlisten> =>
    client.listen(channel, onPayload)

export async function openPgliteFrom(dump: Blob | File): Promise<Database> {
  const client = await PGlite.create({ loadDataDir: dump, extensions: { pg_trgm, unaccent } })
  const db = drizzlePglite({ client, schema }) as unknown as Db
  return { db, kind: 'pglite', close: () => client.close(), listen: listenOnPglite(client) }
}
