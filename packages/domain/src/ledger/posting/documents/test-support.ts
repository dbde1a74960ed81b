import { INVOICE_STATE_IDS } from '../../../reference/ids'
import { storedDocument, type TestDocument } from '../test-support'
import type { StoredInvoice } from './invoices'

/** Test support: a validated invoice as the server reads it, its totals from the real documentTotals. */
export function storedInvoice(
  doc: TestDocument,
  over: Partial<StoredInvoice['invoice']> & Partial<Omit<StoredInvoice, 'invoice'>> = {},
): StoredInvoice {
  const posted = storedDocument(doc)
  const { customerCountry = null, manualPayments = 0, paidByTransactions = 0, lines, ...invoice } = over
  return {
    invoice: {
      reference: posted.reference,
      datedAt: posted.date,
      contactId: posted.customer.id,
      customer: { name: posted.customer.name, intracommunityTaxNumber: null },
      name: 'Facture',
      isCreditNote: posted.isCreditNote,
      isDeposit: posted.isDeposit,
      vatOnDebits: posted.vatOnDebits,
      taxFree: posted.taxFree,
      deliveryFees: posted.deliveryFees,
      disbursement: posted.disbursement,
      totalTaxIncluded: posted.totalTaxIncluded,
      vatBreakdown: posted.vatBreakdown,
      stateId: INVOICE_STATE_IDS.VALIDATED,
      paymentDateAt: null,
      amount: posted.totalTaxIncluded,
      ...invoice,
    },
    lines: lines ?? posted.lines.map((line) => ({ ...line, depositInvoiceId: line.depositInvoiceId ?? null })),
    customerCountry,
    manualPayments,
    paidByTransactions,
  }
}

/** 500 € of services and 100 € of goods at 20 %: 720 € TTC, 100 € of VAT pending until paid (44574). */
export const servicesAndGoods: TestDocument = {
  reference: 'F-2026-0007',
  lines: [
    { type: 'SERVICE', amount: '500', ratePercent: '20' },
    { type: 'PRODUCT', amount: '100', ratePercent: '20' },
  ],
}
