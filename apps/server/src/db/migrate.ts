import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type pg from 'pg'
import type { Database, Schema } from './client'
import { APP_ROLE } from './tenant-scope'

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** Places the tables on a Citus cluster (decision 0047); a no-op without the citus extension or once placed. */
const distributeOnCitus = readFileSync(new URL('./citus/distribute.sql', import.meta.url), 'utf8')

/** The role and policies of row-level security (decision 0048): idempotent, on every engine. */
const rowLevelSecurity = readFileSync(new URL('./security/row-level-security.sql', import.meta.url), 'utf8')

/** Any constant: the key of the advisory lock that serialises migrations between server processes. */
const MIGRATION_LOCK_KEY = 727_368_001

/**
 * Committed migrations run at every start; drizzle records what already ran, so this is a no-op when up to date. On
 * Citus the tables they made are then placed on the cluster; then row-level security covers every tenant table.
 */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder })
    await database.db.execute(sql.raw(rowLevelSecurity))
    // The FEC's fast path on PGlite is a COPY to PGlite's in-memory '/dev/blob' (books/exports/fec-pages-repo.ts),
    // which PostgreSQL reserves to this predefined role; PGlite has no server files to protect.
    await database.db.execute(sql.raw(`grant pg_write_server_files to ${APP_ROLE}`))
    return
  }
  // Two processes starting together on one PostgreSQL: the second waits for the first, then finds nothing to do.
  const pool = (database.db as unknown as { $client: pg.Pool }).$client
  const lock = await pool.connect()
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    await migratePg(database.db, { migrationsFolder })
    await lock.query(distributeOnCitus)
    await lock.query(rowLevelSecurity)
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {})
    lock.release()
  }
}
