import {
  formatDateFr,
  formatEuro,
  hasFeature,
  type IsoDate,
  isEmail,
  messages,
  REMINDER_INTERVAL_DAYS,
} from '@app/domain'
import type { Db } from '../../../db/client'
import type { MailAttachmentRef } from '../../../db/schema/index'
import { ACTIVITY_CODES, recordActivity } from '../../../lib/activity-log'
import type { Clock } from '../../../lib/clock'
import type { OrganizationService } from '../../account/organizations/service'
import type { MailService } from '../../platform/mail/service'
import { createReminderRepo, type ReminderCandidate } from './repo'

const r = messages.reminders

function mailOf(invoice: ReminderCandidate & { customerEmail: string }, attachments: MailAttachmentRef[]) {
  const reference = invoice.reference ?? ''
  const copy = invoice.senderEmail && invoice.senderEmail !== invoice.customerEmail ? [invoice.senderEmail] : []
  return {
    organizationId: invoice.organizationId,
    subjectType: 'invoice' as const,
    subjectId: invoice.id,
    to: [invoice.customerEmail],
    cc: copy,
    replyTo: invoice.senderEmail,
    subject: r.subject(reference),
    text: r.body({
      reference,
      datedAt: formatDateFr(invoice.datedAt),
      amount: formatEuro(invoice.amount),
      dueAt: formatDateFr(invoice.paymentLimitAt),
      signature: invoice.signature || invoice.brandName || invoice.organizationName,
      attached: attachments.length > 0,
    }),
    attachments,
  }
}

/**
 * Late-invoice reminders (spec/sales.md "Reminders": late invoices, one e-mail per week, sender copied; free formula
 * disables them). Run by the jobs loop with the day it runs up to: each invoice late that day, in an organisation
 * whose plan has reminders and whose setting keeps them on, is claimed (its last reminder day set, under its lock)
 * and its e-mail written to the outbox in one transaction, so two processes never send one twice and a crash sends
 * nothing; the first SMTP attempt follows the commit. The same invoice waits 7 days for the next one. The invoice's
 * PDF goes with it, rendered before the claim (a PDF is not rendered under a lock); a claim lost to another process
 * discards it, and a PDF that cannot be rendered leaves the reminder without it rather than the customer unreminded.
 */
export function createReminderRunner(deps: {
  db: Db
  clock: Clock
  mail: MailService
  organizations: Pick<OrganizationService, 'access'>
  /** The invoice's PDF, attached to the reminder (made by the documents wing, wired in app.ts). */
  pdfs: { invoicePdf(scope: { organizationId: number }, id: number): Promise<{ filename: string; body: Buffer }> }
}) {
  async function attachmentOf(invoice: ReminderCandidate): Promise<MailAttachmentRef[]> {
    try {
      const pdf = await deps.pdfs.invoicePdf({ organizationId: invoice.organizationId }, invoice.id)
      const stored = await deps.mail.storeAttachment(invoice.organizationId, {
        filename: pdf.filename,
        contentType: 'application/pdf',
        body: pdf.body,
      })
      return [stored]
    } catch {
      return []
    }
  }

  return {
    async runDue(until: IsoDate): Promise<number> {
      const candidates = await createReminderRepo(deps.db).candidates(until, REMINDER_INTERVAL_DAYS)
      const allowed = new Map<number, boolean>()
      let sent = 0
      for (const invoice of candidates) {
        const { customerEmail } = invoice
        if (!customerEmail || !isEmail(customerEmail)) continue
        if (!allowed.has(invoice.organizationId))
          allowed.set(
            invoice.organizationId,
            hasFeature(await deps.organizations.access(invoice.organizationId), 'reminders'),
          )
        if (!allowed.get(invoice.organizationId)) continue
        const attachments = await attachmentOf(invoice)
        const mailId = await deps.db.transaction(async (tx) => {
          const claimed = await createReminderRepo(tx).claim(
            invoice.organizationId,
            invoice.id,
            until,
            REMINDER_INTERVAL_DAYS,
          )
          if (!claimed) return null
          // The invoice's history says it was reminded, and to whom: the platform did it.
          await recordActivity(
            tx,
            {
              organizationId: invoice.organizationId,
              subjectType: 'invoice',
              subjectId: invoice.id,
              code: ACTIVITY_CODES.invoiceReminderSent,
              userId: null,
              payload: { to: [customerEmail] },
            },
            deps.clock().toISOString(),
          )
          return deps.mail.enqueue(tx, mailOf({ ...invoice, customerEmail }, attachments))
        })
        if (mailId === null) {
          await deps.mail.discardAttachments(attachments)
          continue
        }
        await deps.mail.deliver(mailId)
        sent++
      }
      return sent
    },
  }
}

export type ReminderRunner = ReturnType<typeof createReminderRunner>
