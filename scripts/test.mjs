#!/usr/bin/env node
// `npm test`: every test. Domain, server (PGlite) and web unit tests; the server suite again on PostgreSQL when
// DATABASE_URL is set, and on a Citus coordinator when CITUS_URL is; then the browser end-to-end tests with the system
// Chromium (required when CI is set).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const { DATABASE_URL, CITUS_URL, ...envWithoutDatabase } = process.env

const started = performance.now()
const minutes = (since) => `${((performance.now() - since) / 60_000).toFixed(1)} min`

/** Runs one part; its time and the run's so far are printed, so that a slow CI says which part grew. */
function run(title, command, args, env) {
  console.log(`\n▶ ${title}`)
  const start = performance.now()
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env })
  if (result.status !== 0) {
    console.error(`\n✖ ${title} : échec après ${minutes(start)}`)
    process.exit(result.status ?? 1)
  }
  console.log(`\n✔ ${title} : ${minutes(start)} (depuis le début : ${minutes(started)})`)
}

run('Tests unitaires et d’intégration (domaine, serveur sur PGlite, web)', 'npx', ['vitest', 'run'], envWithoutDatabase)

if (DATABASE_URL) {
  // The fuzzer checks the HTTP contract, which the engine does not change: it runs on the PGlite pass only (its fixed
  // cost on PostgreSQL was 80 s of CI's 20 minutes for 5 cases per operation).
  run('Tests du serveur sur PostgreSQL', 'npx', ['vitest', 'run', '--project', 'server'], {
    FUZZ_RUNS: '0',
    ...process.env,
    // The files that open a database (vitest.config.ts): the others ran on the PGlite pass, and the engine changes
    // nothing of theirs.
    TEST_DATABASE_FILES_ONLY: '1',
  })
} else {
  console.log('\n(DATABASE_URL absent : la suite serveur sur PostgreSQL est sautée.)')
}

if (CITUS_URL) {
  // A Citus coordinator (decision 0047): the server suite again, the fuzzer with a few runs per operation this time,
  // since a query Citus cannot route fails whatever the engine's contract says.
  run('Tests du serveur sur Citus', 'npx', ['vitest', 'run', '--project', 'server'], {
    ...envWithoutDatabase,
    FUZZ_RUNS: process.env.FUZZ_RUNS ?? '3',
    DATABASE_URL: CITUS_URL,
    TEST_DATABASE_FILES_ONLY: '1',
  })
}

if (existsSync(chromium)) {
  run('Construction de l’application web', 'npm', ['run', 'build', '--workspace', 'apps/web'], envWithoutDatabase)
  // The journeys run on PGlite; the one of two server processes on one database gets a PostgreSQL of its own, made
  // on the server DATABASE_URL points to.
  run('Tests de bout en bout (Chromium)', 'npx', ['playwright', 'test'], {
    ...envWithoutDatabase,
    CHROMIUM_PATH: chromium,
    ...(DATABASE_URL ? { E2E_DATABASE_URL: DATABASE_URL } : {}),
  })
  if (CITUS_URL)
    run('Deux processus serveur sur Citus (Chromium)', 'npx', ['playwright', 'test', '--project', 'two-servers'], {
      ...envWithoutDatabase,
      CHROMIUM_PATH: chromium,
      E2E_DATABASE_URL: CITUS_URL,
    })
} else if (process.env.CI) {
  console.error(`\n✖ Chromium introuvable (${chromium}) : les tests de bout en bout sont obligatoires en CI.`)
  process.exit(1)
} else {
  console.log(
    `\n(Chromium absent de ${chromium} : tests de bout en bout sautés. apt-get install chromium pour les lancer.)`,
  )
}
