import { abs, add, compare, isBusinessDate, subtract, sum } from '@app/domain'
import { cents, rate } from './decimals'
import type { InvoiceFields, VatFields } from './fields'
import { eInvoiceMessages as m, type TotalTerm } from './messages'
import { frenchIds, ibanOf, vatNumberOf } from './parties'
import { addressOf, readingOf } from './readable'
import type { ReceivedInvoice } from './received'

/**
 * What makes a received e-invoice acceptable: the EN 16931 elements the books need, well formed, and totals that add
 * up. Amounts stay decimal strings from the XML to the result; no float ever holds one.
 */

export type Checked = { ok: true; invoice: ReceivedInvoice } | { ok: false; reason: string }

const TYPE_CODE = /^\d{3}$/
const CURRENCY = /^[A-Z]{3}$/
/** UNTDID 5305 codes are one or two capitals (S, Z, E, AE, K, G, O, L, M). */
const CATEGORY = /^[A-Z]{1,2}$/

const ONE_CENT = '0.01'
const withinACent = (a: string, b: string) => compare(abs(subtract(a, b)), ONE_CENT) <= 0

type Failure = { ok: false; reason: string }
const fail = (reason: string): Failure => ({ ok: false, reason })

function total(term: TotalTerm, raw: string | null): string | Failure {
  if (raw === null) return fail(m.missingTotal(term))
  return cents(raw) ?? fail(m.badTotal(term, raw))
}

function vatEntry(entry: VatFields, position: number): ReceivedInvoice['vatBreakdown'][number] | Failure {
  const taxableAmount = entry.taxableAmount === null ? null : cents(entry.taxableAmount)
  if (taxableAmount === null) return fail(m.badVatEntry(position, 'BT-116', entry.taxableAmount))
  const taxAmount = entry.taxAmount === null ? null : cents(entry.taxAmount)
  if (taxAmount === null) return fail(m.badVatEntry(position, 'BT-117', entry.taxAmount))
  const categoryCode = entry.categoryCode?.toUpperCase() ?? null
  if (categoryCode === null || !CATEGORY.test(categoryCode)) {
    return fail(m.badVatEntry(position, 'BT-118', entry.categoryCode))
  }
  // BR-O-05: a "not subject to VAT" breakdown has no rate; a standard rate always has one (BR-S-05).
  if (entry.ratePercent === null && categoryCode === 'S') return fail(m.badVatEntry(position, 'BT-119', null))
  const ratePercent = entry.ratePercent === null ? '0.00' : rate(entry.ratePercent)
  if (ratePercent === null) return fail(m.badVatEntry(position, 'BT-119', entry.ratePercent))
  return { ratePercent, taxableAmount, taxAmount, categoryCode }
}

const failed = (value: unknown): value is Failure =>
  typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false

/** The invoice, or the first reason to refuse it, mandatory elements first, then the arithmetic. */
export function checkInvoice(fields: InvoiceFields): Checked {
  if (!fields.number) return fail(m.missingNumber)
  if (!fields.issueDate) return fail(m.missingIssueDate)
  if (!isBusinessDate(fields.issueDate)) return fail(m.badIssueDate(fields.issueDate))
  if (fields.dueDate !== null && !isBusinessDate(fields.dueDate)) return fail(m.badDueDate(fields.dueDate))
  if (!fields.typeCode) return fail(m.missingTypeCode)
  if (!TYPE_CODE.test(fields.typeCode)) return fail(m.badTypeCode(fields.typeCode))
  if (!fields.currency) return fail(m.missingCurrency)
  if (!CURRENCY.test(fields.currency)) return fail(m.badCurrency(fields.currency))
  if (!fields.seller.name) return fail(m.missingSeller)

  const totalTaxExcluded = total('BT-109', fields.totalTaxExcluded)
  if (failed(totalTaxExcluded)) return totalTaxExcluded
  const totalTax = total('BT-110', fields.totalTax)
  if (failed(totalTax)) return totalTax
  const totalTaxIncluded = total('BT-112', fields.totalTaxIncluded)
  if (failed(totalTaxIncluded)) return totalTaxIncluded
  const amountDue = total('BT-115', fields.amountDue)
  if (failed(amountDue)) return amountDue

  // BR-CO-18: at least one VAT breakdown, even at 0 % or "not subject".
  if (fields.vatBreakdown.length === 0) return fail(m.missingVatBreakdown)
  const vatBreakdown: ReceivedInvoice['vatBreakdown'] = []
  for (const [index, entry] of fields.vatBreakdown.entries()) {
    const checked = vatEntry(entry, index + 1)
    if (failed(checked)) return checked
    vatBreakdown.push(checked)
  }

  // BR-CO-15 exactly; BR-CO-13/14 within a cent, since each breakdown line is rounded on its own.
  if (compare(add(totalTaxExcluded, totalTax), totalTaxIncluded) !== 0) {
    return fail(m.totalsMismatch(totalTaxExcluded, totalTax, totalTaxIncluded))
  }
  const bases = sum(vatBreakdown.map((entry) => entry.taxableAmount))
  if (!withinACent(bases, totalTaxExcluded)) return fail(m.basesMismatch(bases, totalTaxExcluded))
  const taxes = sum(vatBreakdown.map((entry) => entry.taxAmount))
  if (!withinACent(taxes, totalTax)) return fail(m.taxesMismatch(taxes, totalTax))

  const seller = frenchIds(fields.seller)
  return {
    ok: true,
    invoice: {
      number: fields.number,
      issueDate: fields.issueDate,
      dueDate: fields.dueDate,
      typeCode: fields.typeCode,
      currency: fields.currency,
      seller: {
        name: fields.seller.name,
        siren: seller.siren,
        siret: seller.siret,
        vatNumber: vatNumberOf(fields.seller),
        iban: ibanOf(fields.paymentAccount),
        address: addressOf(fields.seller),
      },
      buyer: {
        name: fields.buyer.name ?? '',
        siren: frenchIds(fields.buyer).siren,
        vatNumber: vatNumberOf(fields.buyer),
        address: addressOf(fields.buyer),
      },
      totalTaxExcluded,
      totalTax,
      totalTaxIncluded,
      amountDue,
      vatBreakdown,
      ...readingOf(fields),
    },
  }
}
