import type { PGlite, Transaction } from '@electric-sql/pglite'
import type pg from 'pg'
import type { Database } from '../../../db/client'

/**
 * Plain SQL on one connection, the same on both engines. The backup reads and the restore writes below drizzle: they
 * work on whatever tables the catalog lists, not on the schema this build knows, and must not go through the
 * ledger's flush that `Database.db.transaction` adds (db/client.ts).
 */
export type Sql = {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>
  /** Statements without parameters, several separated by `;` (a migration's). */
  exec(text: string): Promise<void>
}

const clientOf = (database: Database) => (database.db as unknown as { $client: PGlite | pg.Pool }).$client

/**
 * `work` inside one transaction opened with `begin` (e.g. `ISOLATION LEVEL REPEATABLE READ READ ONLY`), committed
 * when it resolves, rolled back when it throws. On PGlite the transaction holds the one connection: every other
 * query of the process waits for it (a snapshot that nobody can write around).
 */
export async function inTransaction<R>(database: Database, begin: string, work: (sql: Sql) => Promise<R>): Promise<R> {
  if (database.kind === 'pglite') {
    const client = clientOf(database) as PGlite
    return client.transaction(async (tx: Transaction) => {
      if (begin) await tx.exec(`SET TRANSACTION ${begin}`)
      return work({
        query: async <T>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows,
        exec: async (text) => void (await tx.exec(text)),
      })
    })
  }
  const connection = await (clientOf(database) as pg.Pool).connect()
  try {
    await connection.query(`BEGIN ${begin}`)
    const result = await work({
      query: async <T>(text: string, params?: unknown[]) =>
        (await connection.query(text, params as unknown[])).rows as T[],
      exec: async (text) => void (await connection.query(text)),
    })
    await connection.query('COMMIT')
    return result
  } catch (error) {
    await connection.query('ROLLBACK').catch(() => {})
    throw error
  } finally {
    connection.release()
  }
}

/** A double-quoted identifier. */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`

export const qualified = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`
