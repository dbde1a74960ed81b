/**
 * Writes the reference seed into the custom migration *_seed_reference.sql (created empty by
 * `npx drizzle-kit generate --custom --name seed_reference`).
 *
 *   cd apps/server && npx tsx scripts/generate-reference-seed.ts [--check]
 *
 * --check writes nothing and exits 1 when the migration differs from what the sources give.
 * Migrations run once: after a release, do not regenerate this file; put changes to reference data in a new
 * custom migration instead.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { migrationsFolder } from '../src/db/migrate'
import { buildReferenceSeed, renderSeedSql } from '../src/db/reference-data/build-seed'

const files = readdirSync(migrationsFolder).filter((name) => name.endsWith('_seed_reference.sql'))
if (files.length !== 1) {
  console.error(`expected one *_seed_reference.sql in ${migrationsFolder}, found ${files.length}`)
  process.exit(1)
}
const path = join(migrationsFolder, files[0] as string)
const seed = buildReferenceSeed()
const sql = renderSeedSql(seed)

if (process.argv.includes('--check')) {
  const same = readFileSync(path, 'utf8') === sql
  console.log(same ? `${files[0]} is up to date` : `${files[0]} differs from the reference data: regenerate it`)
  process.exit(same ? 0 : 1)
}

writeFileSync(path, sql)
for (const { table, rows } of seed) console.log(`${table.padEnd(28)} ${rows.length}`)
console.log(`wrote ${path}`)
