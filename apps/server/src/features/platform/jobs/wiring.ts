import type { IsoDate } from '@app/domain'
import type { Db } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { auditedJobServices } from '../../account/audit/jobs'
import type { AuditTrail } from '../../account/audit/service'
import type { OrganizationService } from '../../account/organizations/service'
import { createWeeklyReports, WEEKLY_REPORT_JOB } from '../../books/weekly-report/service'
import type { DocumentMailService } from '../../documents/document-mail/service'
import type { PdfService } from '../../documents/pdf/service'
import { createRenewalNotices } from '../../money/bank-connections/renewals'
import { closingsAfter, createCashClosings } from '../../money/cash-journal/closings'
import type { TransactionService } from '../../money/transactions/service'
import type { PublicCardPayment } from '../../sales/card-payment/public'
import type { InvoiceService } from '../../sales/invoices/service'
import { createReminderRunner } from '../../sales/reminders/service'
import {
  createOccurrenceRunner,
  createSendOccurrenceHandler,
  SEND_OCCURRENCE_JOB,
} from '../../sales/subscriptions/occurrences'
import type { MailService } from '../mail/service'
import type { NotificationService } from '../notifications/service'
import { createJobQueue } from './queue'
import { createJobScheduler } from './scheduler'

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
  /** What the jobs do goes to the audit trail as « Carnet » (features/account/audit/jobs.ts). */
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
