import type { FastifyInstance } from 'fastify'
import type { JobScheduler } from './features/jobs/scheduler'
import type { MailService } from './features/mail/service'

declare module 'fastify' {
  interface FastifyInstance {
    /** Everything due up to a date: recurring invoices, their e-mails, trials (tests and `npm run jobs`). */
    jobs: JobScheduler
  }
}

const HOUSEKEEPING_MS = 60 * 60 * 1000

/**
 * What runs beside the requests: the jobs loop (every minute), the e-mail outbox worker (every 15 s) and the hourly
 * housekeeping, whose steps run in the order given. Each is on with `housekeeping` unless said otherwise.
 */
export function runInBackground(
  app: FastifyInstance,
  deps: {
    scheduler: JobScheduler
    mail: Pick<MailService, 'close' | 'startWorker'>
    housekeeping: boolean | undefined
    jobsWorker: boolean | undefined
    mailWorker: boolean | undefined
    /** Idempotent steps: several processes may run them at once without harm. */
    purgeSteps: ReadonlyArray<() => Promise<unknown>>
  },
) {
  const { scheduler, mail } = deps
  app.decorate('jobs', scheduler)
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
