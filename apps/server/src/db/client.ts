import { mkdirSync } from 'node:fs'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import type * as schema from './schema/index'
import { scopedOrganization, scopeStatements } from './tenant-scope'

export type Schema = typeof schema
/**
 * Both drivers expose the same query builder; repos only see this type. Drizzle is given no schema: the app writes no
 * relational query (`db.query.…`), and with one drizzle builds a query builder for each of the hundred tables at
 * every transaction and savepoint it opens (a fifth of a millisecond a validation).
 */
export type Db = ReturnType<typeof drizzlePg>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbOrTx = Db | Tx

/**
 * Runs the reads one answer needs in one transaction. In an organisation's scope a query alone opens a transaction of
 * its own (db/tenant-scope.ts): on PostgreSQL the BEGIN with the scope, the query and the COMMIT, three round trips
 * where it would take one.
 */
export const readTogether = <T>(db: DbOrTx, reads: (tx: Tx) => Promise<T>): Promise<T> => db.transaction(reads)

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
    const pool = scopedPool(new pg.Pool({ connectionString: options.databaseUrl, max: 10 }))
    pool.on('error', () => {})
    const db = drizzlePg({ client: pool })
    return { db, kind: 'postgres', close: () => pool.end(), listen: listenOnPostgres(options.databaseUrl) }
  }
  const dataDir = options.dataDir ?? 'memory://'
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true })
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm, unaccent } })
  const db = drizzlePglite({ client: scopedPglite(client) }) as unknown as Db
  return { db, kind: 'pglite', close: () => client.close(), listen: listenOnPglite(client) }
}

/** PGlite is one process and one connection: its own listen hears what its transactions notify, once committed. */
const listenOnPglite =
  (client: PGlite) =>
  async (channel: string, onPayload: (payload: string) => void): Promise<Unlisten> =>
    client.listen(channel, onPayload)

export async function openPgliteFrom(dump: Blob | File): Promise<Database> {
  const client = await PGlite.create({ loadDataDir: dump, extensions: { pg_trgm, unaccent } })
  const db = drizzlePglite({ client: scopedPglite(client) }) as unknown as Db
  return { db, kind: 'pglite', close: () => client.close(), listen: listenOnPglite(client) }
}

type Release = (error?: Error | boolean) => void

/**
 * A pool whose work in an organisation's scope (db/tenant-scope.ts) runs scoped: a query alone in a transaction of
 * its own, a transaction with the scope set in the round trip of its BEGIN. Work out of scope goes through untouched.
 */
function scopedPool(pool: pg.Pool): pg.Pool {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient>
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<pg.QueryResult>

  const scoped = (client: pg.PoolClient, organizationId: number): pg.PoolClient => {
    const original = client.query
    const release = client.release as Release
    client.query = function (this: pg.PoolClient, ...args: unknown[]) {
      const [config] = args
      const text = typeof config === 'string' ? config : (config as { text?: unknown } | undefined)?.text
      if (typeof text !== 'string' || !/^\s*begin\b/i.test(text) || typeof args[1] === 'function')
        return original.apply(client, args as never)
      // BEGIN and the scope as one round trip, in the simple protocol, which alone takes several statements.
      return (original as (text: string) => Promise<pg.QueryResult[]>)
        .call(client, `${text.replace(/;?\s*$/, '')}; ${scopeStatements(organizationId)}`)
        .then((results) => results[0] as pg.QueryResult)
    } as typeof client.query
    client.release = ((error?: Error | boolean) => {
      client.query = original
      client.release = release
      release.call(client, error)
    }) as typeof client.release
    return client
  }

  pool.connect = ((callback?: unknown) => {
    // pg's own pool.query asks with a callback: that path stays the pool's.
    if (callback) return connect(callback)
    const organizationId = scopedOrganization()
    return connect().then((client) => (organizationId === null ? client : scoped(client, organizationId)))
  }) as typeof pool.connect

  pool.query = (async (...args: unknown[]) => {
    const organizationId = scopedOrganization()
    if (organizationId === null || typeof args[args.length - 1] === 'function') return query(...args)
    const client = await connect()
    let broken: Error | undefined
    try {
      await client.query(`begin; ${scopeStatements(organizationId)}`)
      const result = await client.query(...(args as [string]))
      await client.query('commit')
      return result
    } catch (error) {
      await client.query('rollback').catch((failure: Error) => {
        broken = failure
      })
      throw error
    } finally {
      client.release(broken)
    }
  }) as typeof pool.query
  return pool
}

/** PGlite's scoped work (db/tenant-scope.ts): the same as the pool's, on its one connection. */
function scopedPglite(client: PGlite): PGlite {
  const inScope = <T>(organizationId: number, work: (tx: Transaction) => Promise<T>) =>
    client.transaction(async (tx) => {
      await tx.exec(scopeStatements(organizationId))
      return work(tx)
    })
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query' || property === 'exec' || property === 'transaction') {
        return (...args: unknown[]) => {
          const organizationId = scopedOrganization()
          const own = (target[property] as (...values: unknown[]) => Promise<unknown>).bind(target)
          if (organizationId === null) return own(...args)
          if (property === 'transaction')
            return inScope(organizationId, args[0] as (tx: Transaction) => Promise<unknown>)
          return inScope(organizationId, (tx) => (tx[property] as (...values: unknown[]) => Promise<unknown>)(...args))
        }
      }
      const value = Reflect.get(target, property, target) as unknown
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
