import type { Config } from './config'
import type { Database } from './db/client'
import type { Clock } from './lib/clock'
import type { Storage } from './lib/storage'

/** What `buildApp` is given: the configuration, the database, and the parts a test or a CLI replaces or turns off. */
export type AppDeps = {
  config: Config
  database: Database
  clock?: Clock
  logger?: boolean
  /** Where uploaded files go; a folder at `config.filesDir` by default. */
  storage?: Storage
  /** Hourly clean-up of expired sessions and old rate-limit windows (off in tests). */
  housekeeping?: boolean
  /** The e-mail outbox worker, every 15 s (features/platform/mail); on with housekeeping unless said otherwise. */
  mailWorker?: boolean
  /** The jobs loop, every minute (features/platform/jobs: recurring invoices, trials); on with housekeeping unless said otherwise. */
  jobsWorker?: boolean
  /** Enables POST /operator/jobs for `npm run jobs` with this token (main.ts, embedded database only). */
  operatorToken?: string
}
