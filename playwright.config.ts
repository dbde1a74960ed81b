import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test'

// One free port per run, found by the runner and inherited by its workers, so that two runs on one machine do not collide.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  fileURLToPath(new URL('./e2e/free-port.mjs', import.meta.url)),
])
  .toString()
  .trim()
const port = Number(process.env.E2E_PORT)
const companyApiPort = port + 1
const bridgeApiPort = port + 2
const stripeApiPort = port + 3
// The stand-in plateforme agréée (e2e/fake-pa-api.mjs); journeys register their companies through its controls.
const paPort = port + 6
process.env.E2E_PA_ORIGIN ??= `http://127.0.0.1:${paPort}`
// Two server processes on one PostgreSQL database (e2e/two-servers.spec.ts), when the run has a PostgreSQL: the runner
// makes the database once, its workers inherit its URL.
const twoServersPorts = [port + 4, port + 5]
if (process.env.E2E_DATABASE_URL && !process.env.E2E_PG_URL) {
  process.env.E2E_PG_URL = execFileSync(process.execPath, [
    '--import',
    'tsx',
    fileURLToPath(new URL('./e2e/pg-database.ts', import.meta.url)),
    process.env.E2E_DATABASE_URL,
  ])
    .toString()
    .trim()
}
const pgUrl = process.env.E2E_PG_URL
// Made once by the runner and inherited by its workers: journeys run `npm run jobs` against this server's data folder.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'carnet-e2e-'))
const dataDir = process.env.E2E_DATA_DIR

type TraceMode = NonNullable<NonNullable<PlaywrightTestConfig['use']>['trace']>

/** What every app server of the run is given: the stand-ins' addresses, its own port and URL. */
/** Kept in step with e2e/support-access.spec.ts. */
const SUPPORT_OPERATOR_EMAILS = ['support.e2e@carnet.local', 'support.e2e.retry@carnet.local']

function serverEnv(serverPort: number, storage: { DATA_DIR: string; DATABASE_URL: string }) {
  return {
    PORT: String(serverPort),
    HOST: '127.0.0.1',
    ...storage,
    APP_URL: `http://127.0.0.1:${serverPort}`,
    LOG_LEVEL: 'warn',
    SMTP_URL: '',
    COMPANY_LOOKUP_URL: `http://127.0.0.1:${companyApiPort}`,
    BRIDGE_CLIENT_ID: 'carnet-e2e',
    BRIDGE_CLIENT_SECRET: 'carnet-e2e-secret',
    BRIDGE_API_URL: `http://127.0.0.1:${bridgeApiPort}`,
    STRIPE_SECRET_KEY: 'sk_test_carnet_e2e',
    STRIPE_WEBHOOK_SECRET: 'whsec_carnet_e2e',
    STRIPE_API_URL: `http://127.0.0.1:${stripeApiPort}`,
    // The support journey's operators (e2e/support-access.spec.ts): each run's data folder is new.
    SUPPORT_OPERATORS: SUPPORT_OPERATOR_EMAILS.join(','),
  }
}

/** The built app on a fresh PGlite folder, driven by the system Chromium (no browser download). */
export default defineConfig({
  testDir: './e2e',
  globalTeardown: pgUrl ? './e2e/pg-teardown.ts' : undefined,
  // Two journeys at a time: each signs up its own organisation, so they do not see each other; the browser waits on
  // the server half the time, which a second journey fills (E2E_WORKERS=1 to watch one at a time).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  projects: [
    { name: 'journeys', testIgnore: /(sales-recurring|two-servers)\.spec\.ts/ },
    { name: 'two-servers', testMatch: /two-servers\.spec\.ts/ },
    // The recurring journey moves the server's time forward with the jobs command, which ends every trial past that
    // date: it runs alone, after the others.
    { name: 'time-travel', testMatch: /sales-recurring\.spec\.ts/, dependencies: ['journeys'] },
  ],
  // A journey is a whole user flow (sign-up, several pages, the server's answers): on a busy 2-core machine the
  // longest take a minute, so the budget is two, and an expectation may wait 15 s for its page.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // A trace records every journey (a screencast and the page's snapshots) to keep those that fail: on a 2-core
    // machine that doubled the journeys' time (9 journeys: 4.5 min with, 2.4 min without). CI keeps no file of its run,
    // so it records none there; E2E_TRACE=retain-on-failure (or on) brings them back.
    trace: (process.env.E2E_TRACE ?? (process.env.CI ? 'off' : 'retain-on-failure')) as TraceMode,
    // As a user who asked for less motion: the news ticker stands still instead of keeping a software-rendered
    // Chromium busy at every frame, which slowed every journey beside it.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: `node e2e/fake-company-api.mjs ${companyApiPort}`,
      url: `http://127.0.0.1:${companyApiPort}/health`,
      reuseExistingServer: false,
    },
    {
      command: `node e2e/fake-bridge-api.mjs ${bridgeApiPort} carnet-e2e carnet-e2e-secret`,
      url: `http://127.0.0.1:${bridgeApiPort}/health`,
      reuseExistingServer: false,
    },
    {
      command: `node e2e/fake-stripe-api.mjs ${stripeApiPort} sk_test_carnet_e2e http://127.0.0.1:${port}/api/v1/webhooks/stripe whsec_carnet_e2e`,
      url: `http://127.0.0.1:${stripeApiPort}/health`,
      reuseExistingServer: false,
    },
    {
      command: `node e2e/fake-pa-api.mjs ${paPort}`,
      url: `http://127.0.0.1:${paPort}/flow-service/v1/healthcheck`,
      reuseExistingServer: false,
    },
    {
      command: 'node scripts/start.mjs',
      url: `http://127.0.0.1:${port}/api/v1/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: serverEnv(port, { DATA_DIR: dataDir, DATABASE_URL: '' }),
    },
    // The server itself, without start.mjs's build check: the build is done by then, and three checks at once would
    // each start one.
    ...(pgUrl
      ? twoServersPorts.map((serverPort) => ({
          command: 'node --import tsx apps/server/src/main.ts',
          url: `http://127.0.0.1:${serverPort}/api/v1/health`,
          reuseExistingServer: false,
          timeout: 120_000,
          env: serverEnv(serverPort, { DATA_DIR: join(dataDir, `pg-${serverPort}`), DATABASE_URL: pgUrl }),
        }))
      : []),
  ],
})
