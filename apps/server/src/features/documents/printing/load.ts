import {
  type AddressDto,
  type DocumentPrint,
  type InvoiceDto,
  type InvoicePrint,
  legalMentions,
  type PrintedAddress,
  type PrintedBuyer,
  type PrintedPayment,
  type PrintedSeller,
  paymentTermLabel,
  type QuoteDto,
  type QuotePrint,
} from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import { notFound } from '../../../lib/errors'
import type { JournalService } from '../../money/journals/service'
import { customerSnapshot } from '../../sales/documents/prepare'
import type { InvoiceService } from '../../sales/invoices/service'
import { paymentModesOf } from '../../sales/payment-modes/queries'
import type { QuoteService } from '../../sales/quotes/service'
import { allCountries, findBranding, findSeller, organizationAddresses } from './repo'

/** Only the organisation matters to the document readers: a share link has no user. */
type Scope = { organizationId: number }
type Tenantish = Parameters<InvoiceService['detail']>[0]
const asTenant = (scope: Scope) => scope as Tenantish

type CountryRow = { id: number; code: string; name: string }

/**
 * Gathers a document's print model (packages/domain printing/model.ts): the document as the API shows it, the seller's
 * legal identity, the buyer (snapshot of a validated document), payment modes with the IBAN, branding, mentions.
 * The PDF and the Factur-X XML are both made from it.
 */
export function createPrintModelLoader(deps: {
  db: DbOrTx
  invoices: InvoiceService
  quotes: QuoteService
  journals: Pick<JournalService, 'bankDetails'>
}) {
  const { db } = deps
  let countryCache: Map<number, CountryRow> | null = null

  async function countriesById() {
    if (!countryCache) {
      const rows = await allCountries(db)
      countryCache = new Map(rows.map((row) => [row.id, row]))
    }
    return countryCache
  }

  async function printedAddress(address: AddressDto | null): Promise<PrintedAddress | null> {
    if (!address) return null
    const country = (await countriesById()).get(address.countryId)
    return {
      name: address.name,
      street: address.street,
      complement1: address.complement1,
      complement2: address.complement2,
      postcode: address.postcode,
      city: address.city,
      countryCode: country?.code ?? 'FR',
      countryName: country?.name ?? 'France',
    }
  }

  async function seller(organizationId: number): Promise<PrintedSeller> {
    const row = await findSeller(db, organizationId)
    if (!row) throw notFound()
    const rows = await organizationAddresses(db, organizationId)
    const main = rows.find((address) => address.isDefault) ?? rows[0] ?? null
    const org = row.organization
    const siren = org.registrySiren?.replace(/\s/g, '') ?? null
    return {
      name: org.name,
      brandName: org.brandName,
      legalForm: { code: row.legalForm.code, name: row.legalForm.name },
      capital: row.legalForm.type === 'SO' ? org.registryCapital : null,
      siren: siren && siren.length >= 9 ? siren.slice(0, 9) : siren,
      siret: siren && siren.length === 14 ? siren : null,
      registry: org.registryName,
      vatNumber: org.registryIntra?.replace(/\s/g, '') ?? null,
      ape: org.registryApe,
      address: main
        ? await printedAddress({ ...main, addressTypeCode: '', addressableType: 'organization' } as AddressDto)
        : null,
      email: org.email,
      phone: org.phone,
      url: org.url,
      taxFree: row.taxRegimeCode === 'FREE',
    }
  }

  async function buyer(organizationId: number, doc: InvoiceDto | QuoteDto): Promise<PrintedBuyer | null> {
    // A validated document prints its snapshot; a draft has none yet and prints the customer as it is today.
    const customer = doc.customer ?? (await customerSnapshot(db, organizationId, doc))
    if (!customer) return null
    return {
      name: customer.name,
      contactTypeId: customer.contactTypeId,
      siren: customer.registrySiren?.replace(/\s/g, '') || null,
      vatNumber: customer.intracommunityTaxNumber?.replace(/\s/g, '') || null,
      email: customer.email,
      billingAddress: await printedAddress(customer.billingAddress),
      deliveryAddress: await printedAddress(customer.deliveryAddress),
    }
  }

  /** Active modes (the reference's defaults until the organisation chose), bank transfer first. */
  async function payment(organizationId: number): Promise<PrintedPayment> {
    const rows = await paymentModesOf(db, organizationId)
    const active = rows.filter((row) => row.chosen?.isActive ?? row.mode.isActiveByDefault)
    const transferMode = active.find((row) => row.mode.code === 'TRANSFERT')
    const transfer = transferMode?.chosen ?? null
    // "Virement bancaire" is never printed without where to send it: the bank account's IBAN when the mode has none.
    const bank = transferMode && !transfer?.iban?.trim() ? await deps.journals.bankDetails(organizationId) : null
    return {
      modes: active.map((row) => ({ code: row.mode.code, name: row.mode.name, untdidCode: row.mode.untdidCode })),
      iban: bank?.iban ?? transfer?.iban ?? null,
      bic: bank ? (bank.bic ?? null) : (transfer?.bic ?? null),
      accountName: transfer?.accountName ?? null,
    }
  }

  async function branding(organizationId: number) {
    const row = await findBranding(db, organizationId)
    return {
      colorPrimary: row?.settings.colorPrimary ?? '#000000',
      fontTitle: row?.fontKey ?? 'Inter',
      logoKey: row?.settings.logoPath ?? null,
      iconKey: row?.settings.iconPath ?? null,
      backgroundKey: row?.settings.backgroundPath ?? null,
      backgroundNextPagesKey: row?.settings.backgroundNextPagesPath ?? null,
    }
  }

  async function common(scope: Scope, doc: InvoiceDto | QuoteDto) {
    const [printedSeller, printedBuyer, printedPayment, printedBranding] = await Promise.all([
      seller(scope.organizationId),
      buyer(scope.organizationId, doc),
      payment(scope.organizationId),
      branding(scope.organizationId),
    ])
    return { seller: printedSeller, buyer: printedBuyer, payment: printedPayment, branding: printedBranding }
  }

  return {
    /** The organisation's side alone (seller, payment modes, branding): the branding page's sample document. */
    async organization(scope: Scope) {
      const [printedSeller, printedPayment, printedBranding] = await Promise.all([
        seller(scope.organizationId),
        payment(scope.organizationId),
        branding(scope.organizationId),
      ])
      return { seller: printedSeller, payment: printedPayment, branding: printedBranding }
    },

    async invoice(scope: Scope, id: number, options: { paid?: boolean } = {}): Promise<InvoicePrint> {
      const document = await deps.invoices.detail(asTenant(scope), id)
      const parts = await common(scope, document)
      const deductedDeposits = document.isFinal
        ? await Promise.all(
            [
              ...new Set(document.lines.map((line) => line.depositInvoiceId).filter((v): v is number => v !== null)),
            ].map(async (depositId) => {
              const deposit = await deps.invoices.detail(asTenant(scope), depositId)
              return {
                reference: deposit.reference,
                datedAt: deposit.datedAt,
                totalTaxIncluded: deposit.totalTaxIncluded,
              }
            }),
          )
        : []
      const credited =
        document.creditedInvoiceId !== null
          ? await deps.invoices.detail(asTenant(scope), document.creditedInvoiceId).catch(() => null)
          : null
      return {
        kind: 'invoice',
        document,
        ...parts,
        paid: Boolean(options.paid) && document.state.code === 'PAID',
        deductedDeposits,
        creditedInvoice: credited ? { reference: credited.reference, datedAt: credited.datedAt } : null,
        mentions: legalMentions({
          kind: 'invoice',
          isCreditNote: document.isCreditNote,
          taxFree: document.taxFree,
          vatOnDebits: document.vatOnDebits,
          nature: document.nature,
          customerContactTypeId: document.customer?.contactTypeId ?? document.contact?.contactTypeId ?? null,
          latePenalties: document.latePenalties,
        }),
        paymentTerms: document.isCreditNote
          ? null
          : paymentTermLabel(document.paymentLimit, document.paymentEndOfMonth),
      }
    },

    async quote(scope: Scope, id: number): Promise<QuotePrint> {
      const document = await deps.quotes.detail(asTenant(scope), id)
      const parts = await common(scope, document)
      return {
        kind: 'quote',
        document,
        ...parts,
        mentions: legalMentions({
          kind: 'quote',
          taxFree: document.taxFree,
          vatOnDebits: document.vatOnDebits,
          nature: document.nature,
          customerContactTypeId: document.customer?.contactTypeId ?? document.contact?.contactTypeId ?? null,
          latePenalties: document.latePenalties,
        }),
        paymentTerms: null,
      }
    },
  }
}
export type PrintModelLoader = ReturnType<typeof createPrintModelLoader>
export type { DocumentPrint }
