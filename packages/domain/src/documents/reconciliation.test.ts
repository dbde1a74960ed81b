import { describe, expect, it } from 'vitest'
import { labelCitesReference, labelNamesCustomer, type OpenInvoice, suggestInvoicesForLine } from './reconciliation'

const open = (over: Partial<OpenInvoice> = {}): OpenInvoice => ({
  id: 1,
  reference: 'F-2026-0007',
  customerId: 10,
  customerName: 'Atelier Dupont SARL',
  datedAt: '2026-05-02',
  leftToPay: '1200.00',
  waiting: [],
  ...over,
})
const line = (label: string, amount = '1200.00') => ({ label, amount, datedAt: '2026-05-20' })

describe('what a bank label says', () => {
  it('cites an invoice however the bank wrote its number', () => {
    expect(labelCitesReference('VIR SEPA ATELIER DUPONT F20260007', 'F-2026-0007')).toBe(true)
    expect(labelCitesReference('VIR FACT F 2026 0007', 'F-2026-0007')).toBe(true)
    expect(labelCitesReference('VIR FACT F-2026-0070', 'F-2026-0007')).toBe(false)
  })

  it('names a customer by its words, legal forms left out', () => {
    expect(labelNamesCustomer('VIR SEPA ATELIER DUPONT', 'Atelier Dupont SARL')).toBe(true)
    expect(labelNamesCustomer('VIR SEPA DUPONT', 'Atelier Dupont SARL')).toBe(false)
    expect(labelNamesCustomer('PRLV DANONE', 'Danone')).toBe(true)
    expect(labelNamesCustomer('VIR M ET MME DURAND', 'Société Générale des Eaux de Paris')).toBe(false)
  })
})

describe('the invoices an incoming line pays', () => {
  it('asks first to reconcile a payment recorded by hand of the same amount, saying when and how it was paid', () => {
    const [first] = suggestInvoicesForLine(line('VIR ATELIER DUPONT'), [
      open({ id: 1, waiting: [{ amount: '1200.00', paidAt: '2026-05-18', method: 'TRANSFER' }], leftToPay: '0.00' }),
      open({ id: 2, reference: 'F-2026-0008' }),
    ])
    expect(first).toMatchObject({ kind: 'reconcile', invoiceIds: [1] })
    expect(first?.reasons[0]).toMatch(/^Paiement de 1\s200,00\s€ enregistré le 18\/05\/2026 \(virement\)$/)
    expect(first?.reasons[1]).toBe('Le libellé nomme le client Atelier Dupont SARL')
  })

  it('offers the invoice the label cites, then the one of the same amount, then several of one customer', () => {
    const invoices = [
      open({ id: 1, reference: 'F-2026-0001', leftToPay: '300.00' }),
      open({ id: 2, reference: 'F-2026-0002', leftToPay: '900.00' }),
      open({
        id: 3,
        reference: 'F-2026-0003',
        leftToPay: '1200.00',
        customerId: 11,
        customerName: 'Boulangerie Martin',
      }),
    ]
    const cited = suggestInvoicesForLine(line('VIR REGLEMENT F-2026-0002', '900.00'), invoices)
    expect(cited[0]).toMatchObject({ kind: 'pay', invoiceIds: [2] })
    expect(cited[0]?.reasons[0]).toBe('Le libellé cite la facture F-2026-0002')
    const both = suggestInvoicesForLine(line('VIR ATELIER DUPONT', '1200.00'), invoices)
    expect(both.map((s) => s.invoiceIds)).toEqual([[1, 2], [3]])
    expect(both[0]?.reasons[0]).toBe('Même montant que 2 factures de Atelier Dupont SARL (F-2026-0001, F-2026-0002)')
  })

  it('suggests nothing for money out, nor for a name alone with another amount', () => {
    expect(suggestInvoicesForLine(line('VIR ATELIER DUPONT', '-1200.00'), [open()])).toEqual([])
    expect(suggestInvoicesForLine(line('VIR ATELIER DUPONT', '55.00'), [open()])).toEqual([])
    expect(suggestInvoicesForLine(line('CB CARREFOUR', '12.30'), [open()])).toEqual([])
  })
})
