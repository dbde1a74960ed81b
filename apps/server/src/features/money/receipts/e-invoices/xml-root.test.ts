import { describe, expect, it } from 'vitest'
import { documentKind, sniffRoot } from './xml-root'

const kindOf = (text: string) => documentKind(sniffRoot(text).root)

describe('the root element of an XML text', () => {
  it('reads the root name and the namespace of its prefix, or the default one', () => {
    expect(
      sniffRoot('<rsm:CrossIndustryInvoice xmlns:a="x" xmlns:rsm="urn:r"><a/></rsm:CrossIndustryInvoice>'),
    ).toEqual({
      root: { prefix: 'rsm', localName: 'CrossIndustryInvoice', namespace: 'urn:r' },
      doctype: false,
    })
    expect(sniffRoot("<Invoice\n  xmlns='urn:i'\n  xmlns:cbc='urn:c'>").root).toEqual({
      prefix: null,
      localName: 'Invoice',
      namespace: 'urn:i',
    })
    expect(sniffRoot('<Invoice>').root?.namespace).toBeNull()
  })

  it('skips the BOM, the declaration, comments and processing instructions before the root', () => {
    const text =
      '\uFEFF<?xml version="1.0"?>\n<!-- exporté le 02/11 -->\n<?xml-stylesheet href="a.xsl"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>'
    expect(kindOf(text)).toBe('ubl-invoice')
  })

  it('tells a DOCTYPE, skipping its internal subset and quoted ">" to find the root after it', () => {
    const text = `<?xml version="1.0"?>
<!DOCTYPE x [ <!ENTITY a "]>"> <!ENTITY b SYSTEM 'file:///etc/passwd'> ]>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">&b;</rsm:CrossIndustryInvoice>`
    expect(sniffRoot(text)).toEqual({
      root: {
        prefix: 'rsm',
        localName: 'CrossIndustryInvoice',
        namespace: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
      },
      doctype: true,
    })
    expect(sniffRoot('<a><!doctype b></a>').doctype).toBe(true)
  })

  it('knows CII, UBL invoices and credit notes, and ZUGFeRD 1.0, by name and namespace together', () => {
    expect(
      kindOf('<x:CrossIndustryInvoice xmlns:x="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">'),
    ).toBe('cii')
    expect(kindOf('<u:CreditNote xmlns:u="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2">')).toBe(
      'ubl-credit-note',
    )
    expect(kindOf('<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0">')).toBe(
      'zugferd1',
    )
    expect(kindOf('<Invoice xmlns="urn:example:invoice">')).toBeNull()
    expect(kindOf('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">')).toBeNull()
    expect(kindOf('<svg xmlns="http://www.w3.org/2000/svg">')).toBeNull()
  })

  it('finds no root in what is not XML or stops before it', () => {
    expect(sniffRoot('hello').root).toBeNull()
    expect(sniffRoot('<?xml version="1.0"').root).toBeNull()
    expect(sniffRoot('<!-- never closed').root).toBeNull()
    expect(sniffRoot('').root).toBeNull()
  })
})
