import type { FastifyInstance } from 'fastify'
import type { Database } from './db/client'
import { vacuumTables } from './db/maintenance'
import type { EInvoicing } from './features/documents/e-invoicing/wiring'
import type { JobScheduler } from './features/platform/jobs/scheduler'
import type { MailService } from './features/platform/mail/service'
import type { Clock } from './lib/clock'
import type { Storage } from './lib/storage'

declare module 'fastify' {
  interface FastifyInstance {
    /** Everything due up to a date: recurring invoices, their e-mails, trials (tests and `npm run jobs`). */
    jobs: JobScheduler
    /** The e-invoicing outbox and intake, driven by hand in tests (features/documents/e-invoicing). */
    eInvoicing: EInvoicing
  }
}

const HOUSEKEEPING_MS = 60 * 60 * 1000
const E_INVOICE_OUTBOX_MS = 15 * 1000
const E_INVOICE_POLL_MS = 5 * 60 * 1000

/**
 * What runs beside the requests: the jobs loop (every minute), the e-mail outbox worker (every 15 s) and the hourly
 * housekeeping, whose steps run in the order given. Each is on with `housekeeping` unless said otherwise.
 */
export function runInBackground(
  app: FastifyInstance,
  deps: {
    scheduler: JobScheduler
    mail: Pick<MailService, 'close' | 'startWorker'>
    eInvoicing: EInvoicing
    housekeeping: boolean | undefined
    jobsWorker: boolean | undefined
    mailWorker: boolean | undefined
    /** Idempotent steps: several processes may run them at once without harm. */
    purgeSteps: ReadonlyArray<() => Promise<unknown>>
  },
) {
  const { scheduler, mail } = deps
  app.decorate('jobs', scheduler)
  app.decorate('eInvoicing', deps.eInvoicing)
  app.addHook('onClose', async () => scheduler.stop())
  if (deps.jobsWorker ?? deps.housekeeping) {
    app.addHook('onReady', async () => scheduler.start((error) => app.log.warn({ err: error }, 'jobs failed')))
  }
  app.addHook('onClose', async () => mail.close())
  if (deps.mailWorker ?? deps.housekeeping) {
    app.addHook('onReady', async () =>
      mail.startWorker((error) => app.log.warn({ err: error }, 'mail outbox worker failed')),
    )
  }
  if (deps.mailWorker ?? deps.housekeeping) {
    // With the mail worker: both are outboxes. A PA outage delays the flows, never loses them (features/documents/e-invoicing).
    const { outbox, intake } = deps.eInvoicing
    const every = (ms: number, run: () => Promise<unknown>, what: string) => {
      const timer = setInterval(() => void run().catch((error) => app.log.warn({ err: error }, what)), ms)
      timer.unref()
      app.addHook('onClose', async () => clearInterval(timer))
    }
    app.addHook('onReady', async () => {
      every(E_INVOICE_OUTBOX_MS, () => outbox.sendDue(), 'e-invoicing outbox failed')
      every(E_INVOICE_POLL_MS, () => intake.pollDue(), 'e-invoicing polling failed')
    })
  }
  if (!deps.housekeeping) return
  const purge = () =>
    deps.purgeSteps
      .reduce<Promise<unknown>>((previous, step) => previous.then(step), Promise.resolve())
      .catch((error) => app.log.warn({ err: error }, 'housekeeping failed'))
  const timer = setInterval(purge, HOUSEKEEPING_MS)
  timer.unref()
  app.addHook('onReady', async () => void purge())
  app.addHook('onClose', async () => clearInterval(timer))
}

/** The hourly housekeeping's steps, in order: each idempotent, so several processes may run them at once. */
export function housekeepingSteps(deps: {
  sessions: { purgeExpired(): Promise<unknown> }
  twoFactor: { purgeExpired(): Promise<unknown> }
  throttle: { purge(): Promise<unknown> }
  storage: Pick<Storage, 'purgeDeleted'>
  clock: Clock
  invoices: { refreshLate(): Promise<unknown> }
  database: Database
}): ReadonlyArray<() => Promise<unknown>> {
  return [
    () => deps.sessions.purgeExpired(),
    () => deps.twoFactor.purgeExpired(),
    () => deps.throttle.purge(),
    // A deleted file is kept a day for the backups whose snapshot still points at it (lib/storage.ts).
    async () => deps.storage.purgeDeleted?.(new Date(deps.clock().getTime() - 24 * 60 * 60 * 1000)),
    // PENDING invoices past their due date become LATE even when nobody opens the list.
    () => deps.invoices.refreshLate(),
    // PGlite has no autovacuum: refresh the planner's statistics here (db/maintenance.ts).
    () => (deps.database.kind === 'pglite' ? vacuumTables(deps.database) : Promise.resolve()),
  ]
}
