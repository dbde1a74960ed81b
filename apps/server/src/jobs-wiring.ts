import type { IsoDate } from '@app/domain'
import { auditedJobServices } from './audited-jobs'
import type { Db } from './db/client'
import type { AuditTrail } from './features/account/audit/service'
import type { OrganizationService } from './features/account/organizations/service'
import { createWeeklyReports, WEEKLY_REPORT_JOB } from './features/books/weekly-report/service'
import type { DocumentMailService } from './features/documents/document-mail/service'
import type { PdfService } from './features/documents/pdf/service'
import { createRenewalNotices } from './features/money/bank-connections/renewals'
import { closingsAfter, createCashClosings } from './features/money/cash-journal/closings'
import type { TransactionService } from './features/money/transactions/service'
import { createJobQueue } from './features/platform/jobs/queue'
import { createJobScheduler } from './features/platform/jobs/scheduler'
import type { MailService } from './features/platform/mail/service'
import type { NotificationService } from './features/platform/notifications/service'
import type { PublicCardPayment } from './features/sales/card-payment/public'
import type { InvoiceService } from './features/sales/invoices/service'
import { createReminderRunner } from './features/sales/reminders/service'
import {
  createOccurrenceRunner,
  createSendOccurrenceHandler,
  SEND_OCCURRENCE_JOB,
} from './features/sales/subscriptions/occurrences'
import type { Clock } from './lib/clock'

/**
 * The jobs loop and what it runs (decision 0016): the queue with its two handlers (sending an occurrence, a member's
 * weekly report) and the steps the scheduler calls in order. The services it needs come from app.ts.
 */
export function createJobs(deps: {
  db: Db
  clock: Clock
  appUrl: string
  mail: MailService
  organizations: OrganizationService
  invoices: InvoiceService
  documentMail: DocumentMailService
  pdfs: Pick<PdfService, 'invoicePdf'>
  transactions: TransactionService
  notifications: NotificationService
  cardPayments: Pick<PublicCardPayment, 'settlePending'>
  /** E-reporting periods due within days and not transmitted, announced to the members (decision 0044). */
  eReportingDeadlines: { runDue(until: IsoDate): Promise<number> }
  /** What the jobs do goes to the audit trail as « Carnet » (audited-jobs.ts). */
  audit?: AuditTrail
  onAuditError?: (error: unknown) => void
}) {
  const { db, clock, organizations } = deps
  const audited = deps.audit
    ? auditedJobServices({ ...deps, audit: deps.audit, onError: deps.onAuditError ?? (() => undefined) })
    : deps
  const { invoices } = audited
  const queue = createJobQueue({ db, clock })
  queue.register(
    SEND_OCCURRENCE_JOB,
    createSendOccurrenceHandler({ db, clock, organizations, invoices, documentMail: audited.documentMail }),
  )
  const reports = createWeeklyReports({
    db,
    mail: deps.mail,
    organizations,
    transactions: deps.transactions,
    jobs: queue,
    appUrl: deps.appUrl,
  })
  queue.register(WEEKLY_REPORT_JOB, (job) => reports.handle(job))
  return createJobScheduler({
    clock,
    organizations,
    occurrences: createOccurrenceRunner({ db, clock, organizations, invoices, jobs: queue }),
    // The cash journal's closings (Z) of the periods over by `until` run with the reminders, which get that date.
    reminders: closingsAfter(
      createReminderRunner({ db, clock, mail: audited.mail, organizations, pdfs: deps.pdfs }),
      createCashClosings({ db, clock }),
    ),
    reports,
    cardPayments: deps.cardPayments,
    bankRenewals: createRenewalNotices({ db, clock, notifications: deps.notifications }),
    eReportingDeadlines: deps.eReportingDeadlines,
    queue,
  })
}
