import { fileURLToPath } from 'node:url'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { Database, Schema } from './client'

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** Committed migrations run at every start; drizzle records what already ran, so this is a no-op when up to date. */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder })
  } else {
    await migratePg(database.db, { migrationsFolder })
  }
}
