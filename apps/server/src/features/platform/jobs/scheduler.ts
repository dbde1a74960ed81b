import { addDays, type IsoDate, parisDayStart, todayInParis } from '@app/domain'
import type { Clock } from '../../../lib/clock'
import type { JobQueue } from './queue'

export type JobsRunSummary = {
  /** The Paris date the run went up to. */
  until: IsoDate
  trialsEnded: number
  /** Invoices made by recurring invoices. */
  occurrences: number
  /** Late-invoice reminders e-mailed. */
  reminders: number
  /** Weekly reports of the members whose day and hour have come, enqueued. */
  reports: number
  /** Invoices found paid by card whose customer never came back to the page (decision 0030). */
  cardPayments: number
  /** Bank connections whose members were told their 90 days are ending (decision 0031). */
  bankRenewals: number
  /** E-reporting periods whose deadline the members were told of (features/documents/e-invoicing/reporting). */
  eReportingDeadlines: number
  jobs: { done: number; failed: number }
}

/**
 * A step of the run, made by the feature it belongs to (wired in src/jobs-wiring.ts): does what is due by that Paris
 * date and says how many it did.
 */
type DueByDate = { runDue(until: IsoDate): Promise<number> }

/** The server's jobs loop: once a minute, and at start-up. */
const INTERVAL_MS = 60_000

/**
 * Everything due, in one call (decision 0016): trials that have ended, occurrences of recurring invoices, the weekly
 * late-invoice reminders and the members' weekly reports (decision 0027), the card payments whose customer did not come
 * back (decision 0030), the bank connections near their 90 days (decision 0031), the e-reporting deadlines (decision 0044), then the queued jobs (the sending of occurrences made just before). `until` (a Paris date, `npm run jobs -- --until`) runs
 * what is due by the end of that day, to catch up after an outage or to move a demo forward without touching the
 * machine's clock; without it, what is due now. Safe from several processes at once.
 */
export function createJobScheduler(deps: {
  clock: Clock
  /** Ends the trials that are over by that instant; says how many. */
  organizations: { endTrials(until: Date): Promise<number> }
  occurrences: DueByDate
  reminders: DueByDate
  reports: { runDue(now: Date): Promise<number> }
  cardPayments: { settlePending(): Promise<number> }
  bankRenewals: { runDue(): Promise<number> }
  eReportingDeadlines: DueByDate
  queue: JobQueue
}) {
  let timer: NodeJS.Timeout | null = null
  let running: Promise<JobsRunSummary> | null = null

  const scheduler = {
    async runDue(options: { until?: IsoDate } = {}): Promise<JobsRunSummary> {
      const now = deps.clock()
      const until = options.until ?? todayInParis(now)
      // The last instant of `until` in Paris, or now.
      const untilInstant = options.until ? new Date(parisDayStart(addDays(options.until, 1)).getTime() - 1) : now
      const trialsEnded = await deps.organizations.endTrials(untilInstant)
      const occurrences = await deps.occurrences.runDue(until)
      // Before the reminders: an invoice paid by card whose customer never came back is not reminded.
      const cardPayments = await deps.cardPayments.settlePending()
      const reminders = await deps.reminders.runDue(until)
      // The members' weekly reports go by the hour they chose: the real time, whatever day `until` reaches.
      const reports = await deps.reports.runDue(now)
      const bankRenewals = await deps.bankRenewals.runDue()
      const eReportingDeadlines = await deps.eReportingDeadlines.runDue(until)
      const jobs = await deps.queue.runQueued()
      return {
        until,
        trialsEnded,
        occurrences,
        reminders,
        reports,
        cardPayments,
        bankRenewals,
        eReportingDeadlines,
        jobs,
      }
    },

    /** Starts the loop in the server process (tests and `npm run jobs` call runDue themselves). */
    start(onError: (error: unknown) => void) {
      if (timer) return
      const tick = () => {
        if (running) return
        running = scheduler.runDue().finally(() => {
          running = null
        })
        running.catch(onError)
      }
      timer = setInterval(tick, INTERVAL_MS)
      timer.unref()
      tick()
    },

    async stop() {
      if (timer) clearInterval(timer)
      timer = null
      await running?.catch(() => undefined)
    },
  }
  return scheduler
}
export type JobScheduler = ReturnType<typeof createJobScheduler>
