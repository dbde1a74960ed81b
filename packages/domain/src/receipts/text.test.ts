import { describe, expect, it } from 'vitest'
import { readReceiptText } from './text'
import { EVERYDAY_RECEIPTS } from './text.fixtures'
import { MORE_EVERYDAY_RECEIPTS } from './text.fixtures-more'

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

  it('reads no date where the year is beyond the business years (a misread 9999), and takes the next date given', () => {
    expect(readReceiptText('Date de facture : 03/11/9999\nTotal TTC 12,00 €').datedAt).toBeNull()
    expect(readReceiptText('Date de facture : 03/11/9999\nPayé le 04/11/2026\nTotal TTC 12,00 €').datedAt).toBe(
      '2026-11-04',
    )
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

describe('everyday receipts', () => {
  it.each([...EVERYDAY_RECEIPTS, ...MORE_EVERYDAY_RECEIPTS])('reads $kind', ({ text, read }) => {
    expect(readReceiptText(text.join('\n'))).toEqual(read)
  })
})

describe("a receipt's amounts", () => {
  const totalOf = (...lines: string[]) => readReceiptText(lines.join('\n')).taxIncluded

  it('reads amounts written with spaces, dots, non-breaking spaces, a glued € or a leading EUR', () => {
    expect(totalOf('Total TTC 1 234,56 €')).toBe('1234.56')
    expect(totalOf('Total TTC 1.234,56')).toBe('1234.56')
    expect(totalOf('Total TTC 1\u00a0234,56\u00a0€')).toBe('1234.56')
    expect(totalOf('Total TTC 1\u202f234,56 €')).toBe('1234.56')
    expect(totalOf('Total TTC 12 345 678,90 €')).toBe('12345678.90')
    expect(totalOf('TOTAL 12,50€')).toBe('12.50')
    expect(totalOf('Total à payer EUR 12,50')).toBe('12.50')
    expect(totalOf('Total TTC 1,234.56 EUR')).toBe('1234.56')
  })

  it('keeps columns apart: a quantity before a price is not a thousands group', () => {
    expect(totalOf('TOTAL       3       45,60')).toBe('45.60')
  })

  it('never takes what was tendered, given back, a subtotal, a discount or a VAT amount for the total', () => {
    expect(totalOf('CB EMV 28,02', 'A RENDRE 0,00')).toBeNull()
    expect(totalOf('ESPECES 50,00', 'RENDU 4,40')).toBeNull()
    expect(totalOf('SOUS-TOTAL 29,02', 'TOTAL REMISES 1,00')).toBeNull()
    expect(totalOf('Total HT 100,00', 'Total TVA 20,00')).toBeNull()
    expect(totalOf('dont TVA 20 % : 3,07 €')).toBeNull()
    expect(totalOf('SOUS-TOTAL 29,02', 'TOTAL 28,02', 'CB 28,02', 'TOTAL ECONOMIES 1,00')).toBe('28.02')
  })

  it('never takes a price of a line, even one said TTC', () => {
    expect(totalOf('Perceuse visseuse 18 V   1   89,90 € TTC   89,90', 'P.U. TTC 89,90 €')).toBeNull()
  })

  it('prefers the total said TTC to a plain "Total", and the last one to the first', () => {
    expect(totalOf('Total 50,00', 'Livraison 4,90', 'Total TTC 54,90')).toBe('54.90')
    expect(totalOf('Total TTC 10,00', 'Frais 2,00', 'Total TTC 12,00')).toBe('12.00')
  })

  it('reads VAT lines as receipts print them and adds up their rates', () => {
    const htOf = (...lines: string[]) => readReceiptText(['Total TTC 120,00 €', ...lines].join('\n')).taxExcluded
    expect(htOf('dont TVA 20 % : 20,00')).toBe('100.00')
    expect(htOf('TVA 20,0 % 20,00 EUR')).toBe('100.00')
    expect(htOf('TVA (20%) 20,00 €')).toBe('100.00')
    expect(htOf('T.V.A. 20 % 20,00')).toBe('100.00')
    expect(htOf('TVA 10 % sur 50,00 : 5,00', 'TVA 20 % sur 54,17 : 10,83')).toBe('104.17')
    expect(htOf('TVA 20 %   100,00   20,00   120,00')).toBe('100.00')
    expect(htOf('TVA 20 % 20,00', 'TVA 20 % 20,00')).toBe('100.00')
  })
})

describe("a receipt's number and supplier", () => {
  it('reads the invoice number however it is introduced, never a word after "Facture"', () => {
    expect(readReceiptText('Facture N°FA-2026-0012').reference).toBe('FA-2026-0012')
    expect(readReceiptText('N° de facture : 2026-118').reference).toBe('2026-118')
    expect(readReceiptText('Facture normale du mois').reference).toBeNull()
  })

  it('names the supplier from its trade name, never from a legal mention, a phone line or a heading', () => {
    const text = ['TICKET DE CAISSE', 'SIRET 451 321 335 00024', 'Tél. 04 78 28 11 00', 'ÉPICERIE DU COIN   Lyon 3e']
    expect(readReceiptText(text.join('\n')).supplierName).toBe('ÉPICERIE DU COIN')
  })
})

describe('layouts left unread on purpose', () => {
  it('labels printed in one column and their amounts in the next one: which goes with which is a guess', () => {
    const text = ['Total HT', 'TVA 20 %', 'Total TTC', '100,00 €', '20,00 €', '120,00 €'].join('\n')
    expect(readReceiptText(text)).toMatchObject({ taxIncluded: null, taxExcluded: null })
  })

  it('a total TTC and an amount to pay that disagree (a deposit paid before): no total', () => {
    const text = ['Total TTC 312,00 €', 'Acompte versé 100,00 €', 'Net à payer 212,00 €'].join('\n')
    expect(readReceiptText(text).taxIncluded).toBeNull()
  })

  it('an invoice already paid keeps its total TTC: a nil amount to pay is no total', () => {
    const text = ['Total TTC 360,00 €', 'Déjà réglé 360,00 €', 'Net à payer 0,00 €'].join('\n')
    expect(readReceiptText(text).taxIncluded).toBe('360.00')
  })

  it('a card slip alone: the amount paid is no total', () => {
    const text = ['CARTE BANCAIRE SANS CONTACT', 'le 15/03/26 a 18:42:10', 'MONTANT = 28,02 EUR', 'DEBIT'].join('\n')
    expect(readReceiptText(text)).toMatchObject({ datedAt: '2026-03-15', taxIncluded: null })
  })

  it('a negative total (a credit note) is not read', () => {
    expect(readReceiptText('Total TTC -12,00 €').taxIncluded).toBeNull()
  })

  it('the VAT in doubt leaves HT empty: two rates on one line, one rate with two amounts, a VAT above 20 %', () => {
    const htOf = (...lines: string[]) => readReceiptText(['Total TTC 28,00 €', ...lines].join('\n')).taxExcluded
    expect(htOf('TVA 5,5 % 1,25   TVA 20 % 0,67')).toBeNull()
    expect(htOf('TVA 20 % 1,00', 'TVA 20 % 2,00')).toBeNull()
    expect(htOf('TVA 20 % 8,00')).toBeNull()
    expect(htOf('TVA 20 % 3,00 28,00')).toBeNull()
  })

  it("an articles' table with a VAT column is no VAT table, and an article's rate is no VAT line", () => {
    const table = [
      'Désignation      Qté    PU HT    TVA    Total TTC',
      'Vis agglo          1    10,00    2,00       12,00',
      'Chevilles          1     5,00    1,00        6,00',
      'TVA 20 % 3,00',
      'Total TTC 18,00 €',
    ]
    expect(readReceiptText(table.join('\n')).taxExcluded).toBe('15.00')
    const rateOfArticle = ['CREME MAINS 50ML   TVA 20%', '7,50', 'Total TTC 7,50 €']
    expect(readReceiptText(rateOfArticle.join('\n')).taxExcluded).toBeNull()
  })

  it('a printed HT that is not the TTC less the VAT: HT is left empty', () => {
    const text = ['Total HT 90,00 €', 'TVA 20 % 20,00 €', 'Total TTC 120,00 €'].join('\n')
    expect(readReceiptText(text).taxExcluded).toBeNull()
  })

  it('a due date, a delivery or an arrival is never the receipt date; a phone number is no date', () => {
    expect(readReceiptText('Échéance le 25/12/2026').datedAt).toBeNull()
    expect(readReceiptText('Livraison prévue le 07/03/2026').datedAt).toBeNull()
    expect(readReceiptText('Arrivée : 10/03/2026\nNote du 12/03/2026').datedAt).toBe('2026-03-12')
    expect(readReceiptText('Tél. 01.23.45.67.89').datedAt).toBeNull()
  })
})
