import type { AuditCategory } from '@app/domain'
import type { DbOrTx } from './db/client'
import type { AuditTrail } from './features/account/audit/service'
import type { DocumentMailService } from './features/documents/document-mail/service'
import type { MailService } from './features/platform/mail/service'
import type { InvoiceService } from './features/sales/invoices/service'

type JobEvent = { organizationId: number; summary: string; route: string; targetId: number; category: AuditCategory }

/**
 * What the jobs do, on the audit trail as « Carnet » (decision 0037): the services the jobs are given, each wrapped so
 * that an invoice made by a recurring invoice, validated or e-mailed for it, or a late-invoice reminder leaves an
 * event. Inside the job's transaction when there is one (the event commits with the work); never the job's failure.
 */
export function auditedJobServices(deps: {
  audit: AuditTrail
  onError: (error: unknown) => void
  invoices: InvoiceService
  documentMail: DocumentMailService
  mail: MailService
}) {
  const { audit, onError } = deps
  const entry = (event: JobEvent) => ({
    organizationId: event.organizationId,
    actor: { kind: 'jobs' as const },
    summary: event.summary,
    method: 'JOB',
    route: event.route,
    status: 200,
    targetId: String(event.targetId),
    category: event.category,
  })
  const inTx = (tx: DbOrTx, event: JobEvent) => audit.recordIn(tx, entry(event), onError)
  const alone = (event: JobEvent) => audit.record(entry(event)).catch(onError)

  const invoices: InvoiceService = {
    ...deps.invoices,
    async insert(tx, tenant, ctx, given) {
      const id = await deps.invoices.insert(tx, tenant, ctx, given)
      await inTx(tx, {
        organizationId: tenant.organizationId,
        summary: "Crée la facture d'une échéance de facture récurrente",
        route: '/jobs/recurring-occurrence',
        targetId: id,
        category: 'documents',
      })
      return id
    },
    async validate(tenant, id, options) {
      const invoice = await deps.invoices.validate(tenant, id, options)
      await alone({
        organizationId: tenant.organizationId,
        summary: "Valide la facture d'une échéance de facture récurrente",
        route: '/jobs/recurring-occurrence/validate',
        targetId: invoice.id,
        category: 'documents',
      })
      return invoice
    },
  }
  const documentMail: DocumentMailService = {
    ...deps.documentMail,
    async send(tenant, kind, id, body) {
      const sent = await deps.documentMail.send(tenant, kind, id, body)
      await alone({
        organizationId: tenant.organizationId,
        summary: "Envoie par e-mail la facture d'une échéance de facture récurrente",
        route: '/jobs/recurring-occurrence/send',
        targetId: id,
        category: 'documents',
      })
      return sent
    },
  }
  const mail: MailService = {
    ...deps.mail,
    async enqueue(tx, message) {
      const mailId = await deps.mail.enqueue(tx, message)
      await inTx(tx, {
        organizationId: message.organizationId,
        summary: 'Envoie la relance par e-mail d’une facture en retard',
        route: '/jobs/reminders',
        targetId: message.subjectId,
        category: 'documents',
      })
      return mailId
    },
  }
  return { invoices, documentMail, mail }
}
