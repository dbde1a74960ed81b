import {
  ADDRESS_TYPE_BILLING_ID,
  add,
  type DocumentCustomerDto,
  type DocumentLineBody,
  type DocumentTotals,
  documentTotals,
  type InvoiceBody,
  type LineType,
  messages,
  operationNature,
  TAX_NO_VAT_SALES_ID,
} from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import { systemClock } from '../../../lib/clock'
import { AppError } from '../../../lib/errors'
import { createAddressService } from '../../platform/addresses/service'
import { createDocumentReadRepo } from './repo'

const v = messages.validation
const d = messages.documents

/** The fields quotes and invoices share, as validated by the domain schemas. */
export type DocumentBody = Omit<
  InvoiceBody,
  'paymentLimit' | 'paymentEndOfMonth' | 'deliveredAt' | 'isCreditNote' | 'lines' | 'isRecurring' | 'recurringParams'
> & {
  lines: LineBody[]
}

/** A line as the server writes it: the body's line plus what the server settles (rate, net, deduction link). */
export type LineBody = Omit<DocumentLineBody, 'depositInvoiceId'> & { depositInvoiceId?: number | null }

export type DocumentContext = {
  organizationId: number
  /** Franchise en base: every line at 0 %, no VAT. */
  taxFree: boolean
  /** The setting hasDiscounts: a global discount is refused without it. */
  hasDiscounts: boolean
  /** Generated documents (deposits, credit notes, final invoices) may carry any discount the source had. */
  trusted?: boolean
}

export type PreparedLine = {
  position: number
  name: string
  description: string | null
  reference: string | null
  type: LineType
  quantity: string
  amount: string
  unitId: number
  taxId: number
  ratePercent: string
  itemId: number | null
  discountAmount: string | null
  discountPercentage: string | null
  totalTaxExcluded: string
  depositInvoiceId: number | null
}

export type PreparedDocument = {
  values: {
    name: string
    description: string | null
    terms: string | null
    contactId: number | null
    billingAddressId: number | null
    deliveryAddressId: number | null
    currencyId: number
    datedAt: string
    discountName: string | null
    discountAmount: string | null
    discountPercentage: string | null
    deliveryFees: string | null
    disbursement: string | null
    latePenalties: string | null
    totalTaxExcluded: string
    totalTaxes: string
    totalTaxIncluded: string
    amount: string
    vatBreakdown: DocumentTotals['byRate']
    nature: string
    taxFree: boolean
  }
  lines: PreparedLine[]
  totals: DocumentTotals
}

/** A contact's addresses through the addresses feature, on the caller's transaction (it only reads). */
const addressesOf = (db: DbOrTx, organizationId: number, contactId: number) =>
  createAddressService({ db, clock: systemClock }).listOfContacts(organizationId, [contactId])

const invalid = (errors: Record<string, string[]>) => new AppError(422, 'VALIDATION_FAILED', v.invalidData, errors)

const canonical = (value: string | null) => (value === null ? null : add(value, 0))

/**
 * Checks a document body against the organisation (customer, addresses, taxes, units, discount setting) and
 * computes its totals with the domain, the only place totals are computed. Throws a 422 keyed by field.
 */
export async function prepareDocument(db: DbOrTx, ctx: DocumentContext, body: DocumentBody & { lines: LineBody[] }) {
  const repo = createDocumentReadRepo(db)
  const errors: Record<string, string[]> = {}

  let billingAddressId = body.billingAddressId
  let deliveryAddressId = body.deliveryAddressId
  if (body.contactId !== null) {
    const contact = await repo.contact(ctx.organizationId, body.contactId)
    if (!contact) errors.contactId = [v.choiceInvalid]
    else {
      const addresses = await addressesOf(db, ctx.organizationId, body.contactId)
      const owns = (id: number) => addresses.some((address) => address.id === id)
      if (billingAddressId !== null && !owns(billingAddressId)) errors.billingAddressId = [d.addressNotOfContact]
      if (deliveryAddressId !== null && !owns(deliveryAddressId)) errors.deliveryAddressId = [d.addressNotOfContact]
      if (billingAddressId === null) {
        billingAddressId = defaultBillingAddress(addresses)?.id ?? null
      }
    }
  } else {
    billingAddressId = null
    deliveryAddressId = null
  }

  const lines: LineBody[] = body.lines.map((line) => (ctx.taxFree ? { ...line, taxId: TAX_NO_VAT_SALES_ID } : line))
  const taxes = new Map((await repo.taxes([...new Set(lines.map((l) => l.taxId))])).map((tax) => [tax.id, tax]))
  const units = new Set((await repo.units([...new Set(lines.map((l) => l.unitId))])).map((unit) => unit.id))
  lines.forEach((line, index) => {
    const tax = taxes.get(line.taxId)
    if (!tax?.isCollected) errors[`lines.${index}.taxId`] = [tax ? v.taxNotCollected : d.unknownTax]
    if (!units.has(line.unitId)) errors[`lines.${index}.unitId`] = [v.choiceInvalid]
  })
  if (body.discount !== null && !ctx.hasDiscounts && !ctx.trusted) errors.discount = [d.discountsDisabled]
  if (Object.keys(errors).length > 0) throw invalid(errors)

  const rateOf = (taxId: number) => (ctx.taxFree ? '0' : add(taxes.get(taxId)?.amount ?? '0', 0))
  const totals = documentTotals({
    lines: lines.map((line) => ({
      quantity: line.quantity,
      amount: line.amount,
      ratePercent: rateOf(line.taxId),
      discount: line.discount,
    })),
    discount: body.discount,
    deliveryFees: body.deliveryFees,
    disbursement: body.disbursement,
    taxFree: ctx.taxFree,
  })

  const prepared: PreparedDocument = {
    values: {
      name: body.name,
      description: body.description,
      terms: body.terms,
      contactId: body.contactId,
      billingAddressId,
      deliveryAddressId: deliveryAddressId === billingAddressId ? null : deliveryAddressId,
      currencyId: body.currencyId,
      datedAt: body.datedAt,
      discountName: body.discount?.name ?? null,
      discountAmount: canonical(body.discount?.amount ?? null),
      discountPercentage: body.discount?.amount ? null : canonical(body.discount?.percentage ?? null),
      deliveryFees: canonical(body.deliveryFees),
      disbursement: canonical(body.disbursement),
      latePenalties: canonical(body.latePenalties),
      totalTaxExcluded: totals.totalTaxExcluded,
      totalTaxes: totals.totalTaxes,
      totalTaxIncluded: totals.totalTaxIncluded,
      amount: totals.totalTaxIncluded,
      vatBreakdown: totals.byRate,
      nature: operationNature(lines.map((line) => line.type)),
      taxFree: ctx.taxFree,
    },
    lines: lines.map((line, position) => ({
      position,
      name: line.name,
      description: line.description,
      reference: line.reference,
      type: line.type,
      quantity: line.quantity,
      amount: line.amount,
      unitId: line.unitId,
      taxId: line.taxId,
      ratePercent: rateOf(line.taxId),
      itemId: line.itemId,
      discountAmount: canonical(line.discount?.amount ?? null),
      discountPercentage: line.discount?.amount ? null : canonical(line.discount?.percentage ?? null),
      totalTaxExcluded: totals.lines[position]?.totalTaxExcluded ?? '0.00',
      depositInvoiceId: ctx.trusted ? (line.depositInvoiceId ?? null) : null,
    })),
    totals,
  }
  return prepared
}

/** The customer's default billing address, else its first billing address, else its first address. */
function defaultBillingAddress<A extends { addressTypeId: number; isDefault: boolean }>(addresses: readonly A[]) {
  return (
    addresses.find((a) => a.addressTypeId === ADDRESS_TYPE_BILLING_ID && a.isDefault) ??
    addresses.find((a) => a.addressTypeId === ADDRESS_TYPE_BILLING_ID) ??
    addresses[0]
  )
}

/** The customer as printed on the document, frozen at validation. */
export async function customerSnapshot(
  db: DbOrTx,
  organizationId: number,
  document: { contactId: number | null; billingAddressId: number | null; deliveryAddressId: number | null },
): Promise<DocumentCustomerDto | null> {
  if (document.contactId === null) return null
  const repo = createDocumentReadRepo(db)
  const contact = await repo.contact(organizationId, document.contactId)
  if (!contact) return null
  const addresses = await addressesOf(db, organizationId, document.contactId)
  return {
    name: contact.name,
    contactTypeId: contact.contactTypeId,
    registrySiren: contact.registrySiren,
    intracommunityTaxNumber: contact.intracommunityTaxNumber,
    email: contact.email,
    // A draft saved before its customer had an address takes the customer's billing address of today.
    billingAddress:
      document.billingAddressId === null
        ? (defaultBillingAddress(addresses) ?? null)
        : (addresses.find((a) => a.id === document.billingAddressId) ?? null),
    deliveryAddress: addresses.find((a) => a.id === document.deliveryAddressId) ?? null,
  }
}
