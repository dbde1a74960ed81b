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
import { buildReferenceAdditions, buildReferenceSeed, renderSeedSql } from '../src/db/reference-data/build-seed'

const all = readdirSync(migrationsFolder)
const files = all.filter((name) => name.endsWith('_seed_reference.sql'))
if (files.length !== 1) {
  console.error(`expected one *_seed_reference.sql in ${migrationsFolder}, found ${files.length}`)
  process.exit(1)
}
// The first seed, then each later addition (a custom migration created empty by drizzle-kit generate --custom).
const targets = [
  { file: files[0] as string, seed: buildReferenceSeed() },
  ...buildReferenceAdditions().map(({ migration, seed }) => {
    const file = all.find((name) => name.endsWith(migration))
    if (!file) {
      console.error(`no migration *${migration}: create it with npx drizzle-kit generate --custom`)
      process.exit(1)
    }
    return { file, seed }
  }),
]

let same = true
for (const { file, seed } of targets) {
  const path = join(migrationsFolder, file)
  const sql = renderSeedSql(seed)
  if (process.argv.includes('--check')) {
    const upToDate = readFileSync(path, 'utf8') === sql
    console.log(upToDate ? `${file} is up to date` : `${file} differs from the reference data: regenerate it`)
    same &&= upToDate
    continue
  }
  writeFileSync(path, sql)
  for (const { table, rows } of seed) console.log(`${table.padEnd(28)} ${rows.length}`)
  console.log(`wrote ${path}`)
}
if (!same) process.exit(1)
