import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { migrationsFolder } from '../../../db/migrate'
import type { Sql } from './sql-repo'

/** One migration as drizzle records it (`created_at` is the journal's `when`), with the journal's name for it. */
export type MigrationState = { tag: string; createdAt: number; hash: string }

type Journal = { entries: { tag: string; when: number }[] }

/** The migrations this build ships, in order. */
export function shippedMigrations(): (MigrationState & { statements: string[] })[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal
  const tags = new Map(journal.entries.map((entry) => [entry.when, entry.tag]))
  return readMigrationFiles({ migrationsFolder }).map((migration) => ({
    tag: tags.get(migration.folderMillis) ?? String(migration.folderMillis),
    createdAt: migration.folderMillis,
    hash: migration.hash,
    statements: migration.sql,
  }))
}

/** What drizzle recorded as run on this database (nothing on a database it never migrated). */
export async function appliedMigrations(sql: Sql): Promise<MigrationState[]> {
  const [table] = await sql.query<{ found: boolean }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS found`,
  )
  if (!table?.found) return []
  const rows = await sql.query<{ hash: string; createdAt: string }>(
    `SELECT hash, created_at::text AS "createdAt" FROM drizzle.__drizzle_migrations ORDER BY created_at, id`,
  )
  const tags = new Map(shippedMigrations().map((migration) => [migration.createdAt, migration.tag]))
  return rows.map((row) => ({
    tag: tags.get(Number(row.createdAt)) ?? `inconnue-${row.createdAt}`,
    createdAt: Number(row.createdAt),
    hash: row.hash,
  }))
}

/**
 * Runs the shipped migrations up to `last` (its `createdAt`) in the caller's transaction and records them exactly as
 * drizzle's migrator does (pg-core dialect), so that the server's own `runMigrations` later goes on from there.
 */
export async function migrateUpTo(sql: Sql, last: number) {
  await sql.exec('CREATE SCHEMA IF NOT EXISTS "drizzle"')
  await sql.exec(
    'CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
  )
  for (const migration of shippedMigrations()) {
    if (migration.createdAt > last) break
    for (const statement of migration.statements) if (statement.trim()) await sql.exec(statement)
    await sql.query('INSERT INTO "drizzle"."__drizzle_migrations" ("hash", "created_at") VALUES ($1, $2)', [
      migration.hash,
      migration.createdAt,
    ])
  }
}
