import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from 'vitest/config'

const SERVER_TESTS = ['src/**/*.test.ts', 'test/**/*.test.ts']
/** What a server test file that opens a database writes: a test context, an app, or a database of its own. */
const OPENS_A_DATABASE = /useTestContext|createTestContext|openTestDatabase|openDatabase|buildApp|DATABASE_URL/

/**
 * The server test files that open a database. `npm test` runs the server suite again on PostgreSQL and on Citus
 * (scripts/test.mjs, TEST_DATABASE_FILES_ONLY): there a file without a database (parsers, XML builders, the stand-in
 * plateforme's own tests) would only run the same code a second and a third time.
 */
function databaseTestFiles(root: string) {
  return ['src', 'test'].flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => join(folder, file))
      .filter((file) => OPENS_A_DATABASE.test(readFileSync(join(root, file), 'utf8'))),
  )
}

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: on CI's 2-core machine, one test file at a time while the
    // second core idles (the main process does little). Server files wait on PostgreSQL or PGlite, web files on jsdom.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: process.env.TEST_DATABASE_FILES_ONLY ? databaseTestFiles('./apps/server') : SERVER_TESTS,
          environment: 'node',
          // A slow day of CI's two cores ran the whole suite about twice slower than usual; the longest tests without
          // their own budget took 15–25 s on the Citus cluster then.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          globalSetup: ['./test/global-setup.ts'],
          // A query sent on a pg connection that runs another one fails its test (pg deprecates it).
          setupFiles: ['./test/setup-deprecations.ts'],
          // The app's modules imported once per worker rather than once per file (each file still gets its own
          // database and its own app, built by test/helpers.ts): the suite's import time went from 107 s to 10 s.
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['./src/test-setup.ts'],
          // One jsdom and one import of React, Mantine and the icons for all the files of a worker: the web suite takes
          // half the time (210 s → 113 s); test-setup.ts clears what a test leaves behind.
          isolate: false,
          // Mantine pages in jsdom take seconds on a loaded 2-core machine: room enough not to flake.
          testTimeout: 20_000,
        },
      },
    ],
  },
})
