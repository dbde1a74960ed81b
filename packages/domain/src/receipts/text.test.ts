import { describe, expect, it } from 'vitest'
import { readReceiptText } from './text'

describe("a receipt's text", () => {
  it('gives the date, the totals, the number and the supplier of a French invoice', () => {
    const text = [
      'OVH SAS',
      '2 rue Kellermann',
      '59100 Roubaix',
      'Facture n° FR58412307',
      'Date de facture : 03/11/2026',
      'Hébergement Web Pro 1 100,00 €',
      'Total HT 1 100,00 €',
      'TVA 20 % 220,00 €',
      'Total TTC 1 320,00 €',
    ].join('\n')
    expect(readReceiptText(text)).toEqual({
      datedAt: '2026-11-03',
      taxIncluded: '1320.00',
      taxExcluded: '1100.00',
      reference: 'FR58412307',
      supplierName: 'OVH SAS',
    })
  })

  it('reads a ticket: written date, net to pay, HT from the VAT, no number', () => {
    const text = [
      'BOULANGERIE MARTIN',
      'Le 5 décembre 2026 à 08:12',
      '2 croissants 2,40',
      'TVA 5,5% 0,13',
      'NET A PAYER',
      '2,40 €',
    ].join('\n')
    expect(readReceiptText(text)).toEqual({
      datedAt: '2026-12-05',
      taxIncluded: '2.40',
      taxExcluded: '2.27',
      reference: null,
      supplierName: 'BOULANGERIE MARTIN',
    })
  })

  it("reads Carnet's own invoice PDF layout (pdf.js text of a real one)", () => {
    const text = [
      'Atelier Martin Facture',
      'N° F-2026-0001',
      "Date d'émission 25/11/2026",
      "Date d'échéance 25/12/2026",
      'ÉMETTEUR',
      'Atelier Martin',
      'SAS',
      'Total HT 300,00 €',
      'Total TVA 60,00 €',
      'Net à payer 360,00 €',
      'Paiement à 30 jours · Échéance le 25/12/2026',
    ].join('\n')
    expect(readReceiptText(text)).toEqual({
      datedAt: '2026-11-25',
      taxIncluded: '360.00',
      taxExcluded: '300.00',
      reference: 'F-2026-0001',
      supplierName: 'Atelier Martin',
    })
  })

  it('leaves out what it cannot read without doubt', () => {
    expect(readReceiptText('Total HT 120,00\nTotal TTC 100,00\nle 31/02/2026')).toMatchObject({
      datedAt: null,
      taxIncluded: '100.00',
      taxExcluded: null,
    })
    expect(readReceiptText('')).toEqual({
      datedAt: null,
      taxIncluded: null,
      taxExcluded: null,
      reference: null,
      supplierName: null,
    })
  })
})
