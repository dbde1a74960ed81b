import type { InvoiceDto, QuoteDto } from '../api/documents'

/**
 * Everything a printed document shows, gathered once by the server (features/documents/printing/load.ts) and read by both the
 * PDF layout and the Factur-X CII XML, so that the two can never disagree. Pure data: no I/O, no Buffer.
 */

export type PrintedAddress = {
  name: string | null
  street: string | null
  complement1: string | null
  complement2: string | null
  postcode: string
  city: string
  /** ISO 3166-1 alpha-2 ("FR"). */
  countryCode: string
  countryName: string
}

/** The seller as the law wants it printed (research/anchors-mission.md §c): identity, registration, capital, VAT. */
export type PrintedSeller = {
  /** Legal name (raison sociale, or the entrepreneur's name). */
  name: string
  /** Trade name, printed under the legal name when it differs. */
  brandName: string | null
  /** Legal form code and label ("SAS", "Société par actions simplifiée"); null when unknown. */
  legalForm: { code: string; name: string } | null
  /** Share capital in euros, decimal string, for companies. */
  capital: string | null
  siren: string | null
  siret: string | null
  /** Registration mention, e.g. "RCS Paris" or "RM 75"; null when not registered (micro-entrepreneur "Dispensé…"). */
  registry: string | null
  vatNumber: string | null
  ape: string | null
  address: PrintedAddress | null
  email: string | null
  phone: string | null
  url: string | null
  taxFree: boolean
}

export type PrintedBuyer = {
  name: string
  /** 1 business, 2 individual (late-payment mentions and BR-FR rules only for businesses). */
  contactTypeId: number
  siren: string | null
  vatNumber: string | null
  email: string | null
  billingAddress: PrintedAddress | null
  deliveryAddress: PrintedAddress | null
}

export type PrintedPaymentMode = {
  code: string
  name: string
  /** UNTDID 4461 (58 SEPA credit transfer, 48 card, 20 cheque, 10 cash, 59 direct debit, ZZZ other). */
  untdidCode: string
}

export type PrintedPayment = {
  /** The organisation's active payment modes, bank transfer first. */
  modes: PrintedPaymentMode[]
  /** Printed and written as BT-84/BT-86 when the bank transfer is active and an IBAN is set. */
  iban: string | null
  bic: string | null
  accountName: string | null
}

export type PrintedBranding = {
  /** "#RRGGBB". */
  colorPrimary: string
  /** A key of the fonts reference list ("Inter", "Roboto"…); the PDF renderer embeds its TTF. */
  fontTitle: string
  /** Storage keys of the uploaded files, null when none. The renderer reads and caches them. */
  logoKey: string | null
  iconKey: string | null
  backgroundKey: string | null
  backgroundNextPagesKey: string | null
}

type PrintCommon = {
  seller: PrintedSeller
  /** Null on a draft without customer. Validated documents: the snapshot taken at validation. */
  buyer: PrintedBuyer | null
  payment: PrintedPayment
  branding: PrintedBranding
  /** The mentions of `legalMentions`, in reading order. */
  mentions: string[]
  /** Payment terms sentence ("Paiement à 30 jours", "Paiement comptant", "… fin de mois"). */
  paymentTerms: string | null
}

export type InvoicePrint = PrintCommon & {
  kind: 'invoice'
  document: InvoiceDto
  /** "Facture acquittée": the paid version (GET /invoices/{id}/pdf?paid=true), only for PAID invoices. */
  paid: boolean
  /** Deposit invoices deducted on a final invoice, for the "Acomptes déduits" block. */
  deductedDeposits: { reference: string | null; datedAt: string; totalTaxIncluded: string }[]
  /** A credit note's corrected invoice, with its date (Factur-X BT-25/BT-26); null otherwise. */
  creditedInvoice?: { reference: string | null; datedAt: string } | null
}

export type QuotePrint = PrintCommon & {
  kind: 'quote'
  document: QuoteDto
}

export type DocumentPrint = InvoicePrint | QuotePrint
