import { describe, expect, it } from 'vitest'
import { INVOICE_STATE_IDS } from '../../../reference/ids'
import { book } from '../test-support'
import { entriesDependOnTransfers, invoiceEntriesOf, salesEntryOf } from './invoices'
import { servicesAndGoods, storedInvoice } from './test-support'

describe('the sales entry of a stored invoice', () => {
  it('posts the document as printed: the customer under its printed name, revenue and VAT from its breakdown', () => {
    const entry = salesEntryOf(storedInvoice(servicesAndGoods))
    expect(book(entry)).toEqual(['D 411 C42 720.00', 'C 707 100.00', 'C 706 500.00', 'C 44571 20.00', 'C 44574 100.00'])
    expect(entry?.lines[0]?.auxiliary).toEqual({ code: 'C42', label: 'Atelier Dupont' })
  })

  it('names the customer by the document when its snapshot is missing, and C0 when it has no contact', () => {
    const entry = salesEntryOf(storedInvoice(servicesAndGoods, { customer: null, contactId: null, name: 'Comptoir' }))
    expect(entry?.lines[0]?.auxiliary).toEqual({ code: 'C0', label: 'Comptoir' })
  })

  it('files a sale at 0 % to a business of another member state with its VAT number as an intra-EU supply', () => {
    const goods = storedInvoice(
      { lines: [{ type: 'PRODUCT', amount: '1000', ratePercent: '0' }] },
      {
        customer: { name: 'Bauer GmbH', intracommunityTaxNumber: 'DE123456789' },
        customerCountry: { code: 'DE', isEu: true },
      },
    )
    const revenue = salesEntryOf(goods)?.lines.find((line) => line.accountCode === '707')
    expect(revenue?.vat).toMatchObject({ ratePercent: '0', operation: 'intraCommunitySupply' })
  })
})

describe('an invoice marked paid before payments were recorded', () => {
  const paid = (over: Parameters<typeof storedInvoice>[1] = {}) =>
    storedInvoice(servicesAndGoods, { stateId: INVOICE_STATE_IDS.PAID, paymentDateAt: '2026-04-02', ...over })

  it('makes its pending VAT due in OD on its payment date', () => {
    const [sales, vatMadeDue] = invoiceEntriesOf(paid())
    expect(sales?.journalCode).toBe('VT')
    expect(book(vatMadeDue ?? null)).toEqual(['D 44574 100.00', 'C 44571 100.00'])
    expect(vatMadeDue).toMatchObject({ journalCode: 'OD', date: '2026-04-02' })
  })

  it('makes due only what its transfers left: they made their own shares due', () => {
    const [, vatMadeDue] = invoiceEntriesOf(paid(), '360.00')
    expect(book(vatMadeDue ?? null)).toEqual(['D 44574 50.00', 'C 44571 50.00'])
  })

  it('has its sales entry alone when its transfers paid it all, when it has payments by hand, or when it is not paid', () => {
    expect(invoiceEntriesOf(paid(), '720.00')).toHaveLength(1)
    expect(invoiceEntriesOf(paid({ manualPayments: 1 }))).toHaveLength(1)
    expect(invoiceEntriesOf(storedInvoice(servicesAndGoods))).toHaveLength(1)
  })

  it('needs what its transfers paid only when it is paid, has some, and no payment by hand', () => {
    expect(entriesDependOnTransfers(paid({ paidByTransactions: 1 }))).toBe(true)
    expect(entriesDependOnTransfers(paid())).toBe(false)
    expect(entriesDependOnTransfers(paid({ paidByTransactions: 1, manualPayments: 1 }))).toBe(false)
    expect(entriesDependOnTransfers(storedInvoice(servicesAndGoods, { paidByTransactions: 1 }))).toBe(false)
  })
})
