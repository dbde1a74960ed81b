import { describe, expect, it } from 'vitest'
import { readEInvoice } from './index'
import { edit, encode, UBL_CREDIT_NOTE, UBL_INVOICE } from './samples.test-helper'
import { UBL_CREDIT_NOTE_READ, UBL_INVOICE_READ } from './samples-read.test-helper'

const read = (xml: string) => readEInvoice(encode(xml), 'facture.xml')

describe('UBL 2.1', () => {
  it('reads an invoice of a French supplier with two VAT rates and a prepaid amount', async () => {
    expect(await read(UBL_INVOICE)).toEqual({ kind: 'invoice', format: 'ubl', invoice: UBL_INVOICE_READ })
  })

  it('reads a credit note: type 381, positive amounts, its due date on the payment means, SIRENs from VAT and unschemed ids', async () => {
    expect(await read(UBL_CREDIT_NOTE)).toEqual({ kind: 'invoice', format: 'ubl', invoice: UBL_CREDIT_NOTE_READ })
  })

  it('takes the VAT total in the document currency when a second one gives it in the tax currency (BT-111)', async () => {
    const xml = edit(
      edit(
        UBL_INVOICE,
        '<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>',
        '<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode><cbc:TaxCurrencyCode>XPF</cbc:TaxCurrencyCode>',
      ),
      '<cac:TaxTotal>',
      '<cac:TaxTotal><cbc:TaxAmount currencyID="XPF">6491.65</cbc:TaxAmount></cac:TaxTotal><cac:TaxTotal>',
    )
    const result = await read(xml)
    expect(result.kind === 'invoice' && [result.invoice.totalTax, result.invoice.vatBreakdown.length]).toEqual([
      '54.40',
      2,
    ])
  })

  it('falls back on the trading name when the legal name is missing', async () => {
    const xml = edit(UBL_INVOICE, '<cbc:RegistrationName>Papeterie Lefèvre &amp; Fils SARL</cbc:RegistrationName>', '')
    const result = await read(xml)
    expect(result.kind === 'invoice' && result.invoice.seller.name).toBe('Papeterie Lefèvre')
  })

  it('refuses an invoice without number, or whose totals do not add up', async () => {
    expect(await read(edit(UBL_INVOICE, '<cbc:ID>FA-2026-0457</cbc:ID>', ''))).toEqual({
      kind: 'invalid',
      format: 'ubl',
      reason: "Cette facture électronique n'a pas de numéro (BT-1).",
    })
    const wrong = edit(
      UBL_INVOICE,
      '<cbc:TaxInclusiveAmount currencyID="EUR">384.40',
      '<cbc:TaxInclusiveAmount currencyID="EUR">385.40',
    )
    expect(await read(wrong)).toEqual({
      kind: 'invalid',
      format: 'ubl',
      reason: 'Les totaux de cette facture ne concordent pas : 330,00 + 54,40 ≠ 385,40 (BT-109 + BT-110 ≠ BT-112).',
    })
  })
})
