import {
  canInvoice,
  canQuote,
  INVOICE_STATE_IDS,
  type InvoiceDto,
  type InvoiceStateCode,
  messages,
  QUOTE_STATE_IDS,
  type QuoteDto,
  type QuoteStateCode,
  resolveVariables,
  type SendEmailBody,
  type SendEmailDefaultsDto,
  type SendEmailResultDto,
} from '@app/domain'
import type { Db, DbOrTx } from '../../../db/client'
import { ACTIVITY_CODES, recordActivity } from '../../../lib/activity-log'
import type { Clock } from '../../../lib/clock'
import { conflict } from '../../../lib/errors'
import { actorId, type Tenant } from '../../../lib/tenant'
import type { UserService } from '../../account/users/service'
import type { MailService } from '../../platform/mail/service'
import type { InvoiceService } from '../../sales/invoices/service'
import type { QuoteService } from '../../sales/quotes/service'
import type { SalesSettingsService } from '../../sales/sales-settings/service'
import type { PdfService } from '../pdf/service'
import type { PrintModelLoader } from '../printing/load'

export type DocumentKind = 'invoice' | 'quote'
type Doc = InvoiceDto | QuoteDto
const s = messages.sending

const codeOf = <T extends string>(ids: Record<T, number>, stateId: number) =>
  (Object.entries(ids).find(([, id]) => id === stateId)?.[0] ?? 'DRAFT') as T

/** The first sending of a validated document, a new sending of a sent one, or none (drafts, cancelled…). */
function sendingOf(kind: DocumentKind, stateId: number, isCreditNote: boolean): 'first' | 'again' | null {
  if (kind === 'invoice') {
    const facts = {
      stateCode: codeOf<InvoiceStateCode>(INVOICE_STATE_IDS, stateId),
      isCreditNote,
      hasContact: true,
      linesCount: 1,
    }
    return canInvoice('sendByEmail', facts) ? 'first' : canInvoice('resend', facts) ? 'again' : null
  }
  const facts = {
    stateCode: codeOf<QuoteStateCode>(QUOTE_STATE_IDS, stateId),
    hasContact: true,
    linesCount: 1,
    hasFinalInvoice: false,
  }
  return canQuote('sendByEmail', facts) ? 'first' : canQuote('resend', facts) ? 'again' : null
}

const refusal = (stateId: number, draftId: number) =>
  stateId === draftId
    ? conflict(s.draftNotSendable, 'DRAFT_NOT_SENDABLE')
    : conflict(s.notSendable, 'ACTION_NOT_ALLOWED')

/** Subjects stay on one line whatever a variable holds (a signature has several). */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim()

/**
 * Sending an invoice or a quote by e-mail (spec/sales.md §4 "Sending by e-mail", §5 "Send-by-email"): the PDF is
 * rendered and stored first, then one transaction writes the outbox row and the mail_sent activity entry, and for a
 * first sending moves the document on (invoice VALIDATED → PENDING through the invoice service's own transition,
 * quote VALIDATED → SENT). The first SMTP attempt happens after commit; a failure leaves the message to the outbox.
 */
export function createDocumentMailService(deps: {
  db: Db
  clock: Clock
  mail: MailService
  invoices: InvoiceService
  quotes: QuoteService
  pdfs: Pick<PdfService, 'invoicePdf' | 'quotePdf'>
  printModels: PrintModelLoader
  users: UserService
  salesSettings: SalesSettingsService
}) {
  const load = (tenant: Tenant, kind: DocumentKind, id: number): Promise<Doc> =>
    kind === 'invoice' ? deps.invoices.detail(tenant, id) : deps.quotes.detail(tenant, id)

  async function variablesOf(tenant: Tenant, kind: DocumentKind, doc: Doc) {
    const settings = await deps.salesSettings.settings(tenant.organizationId)
    const organization = await deps.printModels.organization({ organizationId: tenant.organizationId })
    const context = {
      date: doc.datedAt,
      reference: doc.reference,
      client: doc.customer?.name ?? doc.contact?.name ?? null,
      signature: settings.emailSignature || organization.seller.brandName || organization.seller.name,
    }
    const sender = organization.seller.brandName || organization.seller.name
    const noun =
      kind === 'quote' ? s.quoteNoun : 'isCreditNote' in doc && doc.isCreditNote ? s.creditNoteNoun : s.invoiceNoun
    // « Facture F-2026-0001 de Camille Martin Studio »: the document and its sender, when no template says otherwise.
    const defaultSubject = s.documentSubject(noun, doc.reference, sender)
    const template =
      kind === 'invoice'
        ? { subject: settings.invoiceEmailSubject, body: settings.invoiceEmail }
        : { subject: settings.quoteEmailSubject, body: settings.quoteEmail }
    return { context, template, defaultSubject }
  }

  const what = (kind: DocumentKind, doc: Doc) =>
    kind === 'quote' ? s.quoteWhat : 'isCreditNote' in doc && doc.isCreditNote ? s.creditNoteWhat : s.invoiceWhat

  const service = {
    /** The drawer's defaults: the customer's address, the organisation's templates (or ours), variables resolved. */
    async defaults(tenant: Tenant, kind: DocumentKind, id: number): Promise<SendEmailDefaultsDto> {
      const doc = await load(tenant, kind, id)
      const { context, template, defaultSubject } = await variablesOf(tenant, kind, doc)
      const last = await deps.mail.latestAbout(tenant.organizationId, kind, id)
      return {
        emailRecipient: doc.customer?.email ?? '',
        subject: oneLine(template.subject ? resolveVariables(template.subject, context) : defaultSubject),
        contentMail: resolveVariables(template.body || s.invoiceBody(what(kind, doc)), context),
        meInCopy: true,
        lastSending: last
          ? {
              status: last.status as 'sent' | 'queued' | 'stored' | 'failed',
              to: last.to.split(',').join(', '),
              createdAt: last.createdAt,
            }
          : null,
      }
    },

    async send(tenant: Tenant, kind: DocumentKind, id: number, body: SendEmailBody): Promise<SendEmailResultDto> {
      const doc = await load(tenant, kind, id)
      const isCreditNote = 'isCreditNote' in doc && doc.isCreditNote
      const draftId = kind === 'invoice' ? INVOICE_STATE_IDS.DRAFT : QUOTE_STATE_IDS.DRAFT
      const sending = sendingOf(kind, doc.stateId, isCreditNote)
      if (!sending) throw refusal(doc.stateId, draftId)

      const user = await deps.users.getById(tenant.userId)
      const { context } = await variablesOf(tenant, kind, doc)
      const cc = [...new Set([...(body.ccMails ?? []), ...(body.meInCopy ? [user.email.toLowerCase()] : [])])]
      const scope = { organizationId: tenant.organizationId }
      const pdf = kind === 'invoice' ? await deps.pdfs.invoicePdf(scope, id) : await deps.pdfs.quotePdf(scope, id)
      const attachment = await deps.mail.storeAttachment(tenant.organizationId, {
        filename: pdf.filename,
        contentType: 'application/pdf',
        body: pdf.body,
      })

      let mailId = 0
      const enqueue = async (tx: DbOrTx) => {
        mailId = await deps.mail.enqueue(tx, {
          organizationId: tenant.organizationId,
          subjectType: kind,
          subjectId: id,
          to: body.emailRecipient,
          cc,
          bcc: body.bccMails,
          replyTo: user.email,
          subject: oneLine(resolveVariables(body.subject, context)),
          text: resolveVariables(body.contentMail, context),
          attachments: [attachment],
        })
        await recordActivity(
          tx,
          {
            organizationId: tenant.organizationId,
            subjectType: kind,
            subjectId: id,
            code: kind === 'invoice' ? ACTIVITY_CODES.invoiceMailSent : ACTIVITY_CODES.quoteMailSent,
            userId: actorId(tenant),
            payload: { to: body.emailRecipient },
          },
          deps.clock().toISOString(),
        )
      }

      try {
        if (kind === 'invoice' && sending === 'first' && !isCreditNote) {
          // The invoice service's own transition: state table, PENDING (or LATE), its state activity entry.
          await deps.invoices.markAsSent(tenant, id, (tx) => enqueue(tx))
        } else if (kind === 'quote' && sending === 'first') {
          await deps.quotes.changeState(tenant, id, QUOTE_STATE_IDS.SENT, (tx) => enqueue(tx))
        } else {
          await deps.db.transaction(async (tx) => {
            const row =
              kind === 'invoice'
                ? await deps.invoices.lockOrThrow(tx, tenant, id)
                : await deps.quotes.lockOrThrow(tx, tenant, id)
            // Checked again on the locked row: the state may have changed since it was read.
            if (!sendingOf(kind, row.stateId, isCreditNote)) throw refusal(row.stateId, draftId)
            await enqueue(tx)
          })
        }
      } catch (error) {
        await deps.mail.discardAttachments([attachment])
        throw error
      }
      const status = await deps.mail.deliver(mailId)
      return { status: status === 'failed' ? 'queued' : status }
    },
  }
  return service
}
export type DocumentMailService = ReturnType<typeof createDocumentMailService>
