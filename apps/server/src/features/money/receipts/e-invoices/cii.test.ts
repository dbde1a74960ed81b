import { describe, expect, it } from 'vitest'
import { readEInvoice } from './index'
import { CII_INVOICE, edit, encode } from './samples.test-helper'
import { CII_INVOICE_READ } from './samples-read.test-helper'

const read = (xml: string) => readEInvoice(encode(xml), 'facture.xml')

describe('CII (UN/CEFACT Cross Industry Invoice)', () => {
  it('reads an invoice with its SIRET, IBAN, due date and two VAT rates', async () => {
    expect(await read(CII_INVOICE)).toEqual({ kind: 'invoice', format: 'cii', invoice: CII_INVOICE_READ })
  })

  it('reads the elements whatever their prefixes: other ones, or the default namespace', async () => {
    const renamed = CII_INVOICE.replaceAll('rsm:', '')
      .replace('xmlns:rsm=', 'xmlns=')
      .replaceAll('ram:', 'a:')
      .replace('xmlns:ram=', 'xmlns:a=')
      .replaceAll('udt:', 'u:')
      .replace('xmlns:udt=', 'xmlns:u=')
    expect(renamed).toContain('<CrossIndustryInvoice xmlns="urn:un:unece')
    expect(renamed).toContain('<a:SellerTradeParty>')
    expect(await read(renamed)).toEqual({ kind: 'invoice', format: 'cii', invoice: CII_INVOICE_READ })
  })

  it('takes the VAT total of the invoice currency when the accounting currency one comes first (BT-111)', async () => {
    const xml = edit(
      CII_INVOICE,
      '<ram:TaxTotalAmount currencyID="EUR">215.00</ram:TaxTotalAmount>',
      '<ram:TaxTotalAmount currencyID="XPF">25656.32</ram:TaxTotalAmount><ram:TaxTotalAmount currencyID="EUR">215.00</ram:TaxTotalAmount>',
    )
    const result = await read(xml)
    expect(result.kind === 'invoice' && result.invoice.totalTax).toBe('215.00')
  })

  it('reads a SIRET given as the legal registration (0002) and finds its SIREN', async () => {
    const xml = edit(
      edit(CII_INVOICE, '<ram:GlobalID schemeID="0009">41234567000019</ram:GlobalID>', ''),
      '<ram:ID schemeID="0002">412345670</ram:ID>',
      '<ram:ID schemeID="0002">41234567000019</ram:ID>',
    )
    const result = await read(xml)
    expect(result.kind === 'invoice' && result.invoice.seller).toMatchObject({
      siren: '412345670',
      siret: '41234567000019',
    })
  })

  it('refuses a date in another format than 102 (YYYYMMDD), and an impossible one', async () => {
    const other = edit(
      CII_INVOICE,
      '<udt:DateTimeString format="102">20261115',
      '<udt:DateTimeString format="610">202611',
    )
    expect(await read(other)).toEqual({
      kind: 'invalid',
      format: 'cii',
      reason: "La date d'émission de cette facture électronique n'est pas une date valide : « 202611 » (BT-2).",
    })
    const impossible = edit(CII_INVOICE, '>20261231<', '>20261232<')
    expect(await read(impossible)).toMatchObject({
      kind: 'invalid',
      reason: expect.stringContaining('« 2026-12-32 » (BT-9)'),
    })
  })

  it('refuses a breakdown that does not match the totals', async () => {
    const xml = edit(
      CII_INVOICE,
      '<ram:CalculatedAmount>15.00</ram:CalculatedAmount>',
      '<ram:CalculatedAmount>16.50</ram:CalculatedAmount>',
    )
    expect(await read(xml)).toEqual({
      kind: 'invalid',
      format: 'cii',
      reason:
        'La ventilation de TVA ne concorde pas avec le montant total de TVA : 216,50 ≠ 215,00 (somme des BT-117 ≠ BT-110).',
    })
  })

  it('refuses ZUGFeRD 1.0, an older dialect', async () => {
    const old =
      '<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0"></rsm:CrossIndustryDocument>'
    expect(await read(old)).toEqual({
      kind: 'invalid',
      format: 'cii',
      reason: 'Cette facture suit le format ZUGFeRD 1.0, abandonné en 2017 : Carnet lit Factur-X et ZUGFeRD 2.',
    })
  })
})
