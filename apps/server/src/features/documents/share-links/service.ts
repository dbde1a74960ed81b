import { type InvoiceDto, messages, type PublicAddressDto, type PublicDocumentDto, type QuoteDto } from '@app/domain'
import type { Db } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { newSecret } from '../../../lib/crypto'
import { AppError, conflict, notFound } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import type { InvoiceService } from '../../sales/invoices/service'
import type { QuoteService } from '../../sales/quotes/service'
import type { PdfService, RenderedPdf } from '../pdf/service'
import type { PrintModelLoader } from '../printing/load'
import { createShareLinkRepo, type ShareSubject } from './repo'

const s = messages.sending
/** Unknown and revoked tokens get this very answer: a token cannot be probed. */
const invalidLink = () => notFound(s.linkInvalid)

/**
 * Public share links (spec/sales.md §1 "share a public link"): 32 random bytes in base64url, one live link per
 * document (asked again, the same one), revocable. The public view shows the document and nothing else.
 */
export function createShareLinkService(deps: {
  db: Db
  clock: Clock
  appUrl: string
  invoices: InvoiceService
  quotes: QuoteService
  printModels: PrintModelLoader
  pdfs: Pick<PdfService, 'invoicePdf' | 'quotePdf'>
}) {
  const urlOf = (token: string) => `${deps.appUrl}/p/${token}`
  const load = (tenant: Tenant, kind: ShareSubject, id: number): Promise<InvoiceDto | QuoteDto> =>
    kind === 'invoice' ? deps.invoices.detail(tenant, id) : deps.quotes.detail(tenant, id)

  /** The document behind a live token; a document gone back to draft (or deleted) is no longer shown. */
  async function resolve(token: string) {
    if (token.length < 20 || token.length > 100) throw invalidLink()
    const link = await createShareLinkRepo(deps.db).byToken(token)
    if (!link) throw invalidLink()
    const scope = { organizationId: link.organizationId }
    try {
      const print =
        link.subjectType === 'invoice'
          ? await deps.printModels.invoice(scope, link.subjectId)
          : await deps.printModels.quote(scope, link.subjectId)
      if (print.document.state.code === 'DRAFT') throw invalidLink()
      return { link, scope, print }
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) throw invalidLink()
      throw error
    }
  }

  return {
    /** The live link and its document, for what a shared invoice offers besides its view (features/sales/card-payment). */
    document: resolve,

    async current(tenant: Tenant, kind: ShareSubject, id: number) {
      await load(tenant, kind, id)
      const token = await createShareLinkRepo(deps.db).active(tenant.organizationId, kind, id)
      return { url: token ? urlOf(token) : null }
    },

    async create(tenant: Tenant, kind: ShareSubject, id: number) {
      const doc = await load(tenant, kind, id)
      if (doc.state.code === 'DRAFT') throw conflict(s.draftNotShareable, 'DRAFT_NOT_SHAREABLE')
      const token = await deps.db.transaction(async (tx) => {
        // The document's row lock makes two simultaneous requests share one link.
        if (kind === 'invoice') await deps.invoices.lockOrThrow(tx, tenant, id)
        else await deps.quotes.lockOrThrow(tx, tenant, id)
        const repo = createShareLinkRepo(tx)
        const existing = await repo.active(tenant.organizationId, kind, id)
        if (existing) return existing
        const fresh = newSecret()
        await repo.insert({
          organizationId: tenant.organizationId,
          subjectType: kind,
          subjectId: id,
          token: fresh,
          createdBy: tenant.userId,
          createdAt: deps.clock().toISOString(),
        })
        return fresh
      })
      return { url: urlOf(token) }
    },

    async revoke(tenant: Tenant, kind: ShareSubject, id: number) {
      await load(tenant, kind, id)
      await createShareLinkRepo(deps.db).revoke(tenant.organizationId, kind, id, deps.clock().toISOString())
    },

    async publicView(token: string): Promise<PublicDocumentDto> {
      const { print } = await resolve(token)
      const doc = print.document
      const isInvoice = print.kind === 'invoice'
      const invoice = isInvoice ? (doc as InvoiceDto) : null
      const address = print.seller.address
      const sellerAddress: PublicAddressDto | null = address
        ? {
            street: address.street,
            complement1: address.complement1,
            complement2: address.complement2,
            postcode: address.postcode,
            city: address.city,
            countryName: address.countryName,
          }
        : null
      return {
        kind: print.kind,
        title: !invoice
          ? 'Devis'
          : invoice.isCreditNote
            ? 'Avoir'
            : invoice.isDeposit
              ? "Facture d'acompte"
              : 'Facture',
        reference: doc.reference,
        name: doc.name,
        description: doc.description,
        datedAt: doc.datedAt,
        dueAt: invoice?.isCreditNote ? null : doc.paymentLimitAt,
        stateLabel: doc.state.name,
        taxFree: doc.taxFree,
        seller: { name: print.seller.brandName || print.seller.name, address: sellerAddress },
        buyer: print.buyer ? { name: print.buyer.name } : null,
        lines: doc.lines.map((line) => ({
          name: line.name,
          description: line.description,
          quantity: line.quantity,
          unit: line.unit.name,
          unitPrice: line.amount,
          vatRate: line.tax.amount,
          totalTaxExcluded: line.totalTaxExcluded,
        })),
        totalTaxExcluded: doc.totalTaxExcluded,
        totalTaxes: doc.totalTaxes,
        totalTaxIncluded: doc.totalTaxIncluded,
        vatBreakdown: doc.vatBreakdown.map((rate) => ({
          ratePercent: rate.ratePercent,
          taxExcluded: rate.taxExcluded,
          taxAmount: rate.taxAmount,
        })),
      }
    },

    async publicPdf(token: string): Promise<RenderedPdf> {
      const { link, scope } = await resolve(token)
      return link.subjectType === 'invoice'
        ? deps.pdfs.invoicePdf(scope, link.subjectId)
        : deps.pdfs.quotePdf(scope, link.subjectId)
    },
  }
}
export type ShareLinkService = ReturnType<typeof createShareLinkService>
