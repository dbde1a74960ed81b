import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AFRelationship, PDFDocument } from '@cantoo/pdf-lib'
import { afterAll, describe, expect, it } from 'vitest'
import { readEInvoice } from './index'
import { CII_INVOICE, edit, encode, UBL_INVOICE } from './samples.test-helper'
import { CII_INVOICE_READ } from './samples-read.test-helper'

const require = createRequire(import.meta.url)
/** A real 476×266 PNG shipped with the Inter package. */
const PNG = new Uint8Array(readFileSync(require.resolve('@expo-google-fonts/inter/font-family.png')))

async function pdf(attachments: { name: string; data: string | Uint8Array }[] = []) {
  const doc = await PDFDocument.create()
  doc.addPage([595, 842]).drawText('Facture FA-2026-0457', { x: 50, y: 800 })
  for (const { name, data } of attachments) {
    await doc.attach(typeof data === 'string' ? encode(data) : data, name, {
      mimeType: 'text/xml',
      afRelationship: AFRelationship.Data,
    })
  }
  return doc.save()
}

const CII_NS = 'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"'

describe('files that are not e-invoices', () => {
  it('answers none for images, a plain PDF, text and empty files', async () => {
    expect(await readEInvoice(PNG, 'logo.png')).toEqual({ kind: 'none' })
    expect(await readEInvoice(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]), 'scan.jpg')).toEqual({
      kind: 'none',
    })
    expect(await readEInvoice(await pdf(), 'ticket.pdf')).toEqual({ kind: 'none' })
    expect(await readEInvoice(encode('Facture n° 12 : 120,00 €'), 'facture.txt')).toEqual({ kind: 'none' })
    expect(await readEInvoice(new Uint8Array(), 'vide.xml')).toEqual({ kind: 'none' })
  })

  it('answers none for XML of another kind, even when named like an invoice', async () => {
    const svg = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><text>Facture</text></svg>'
    expect(await readEInvoice(encode(svg), 'facture.xml')).toEqual({ kind: 'none' })
    const order = '<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"><ID>1</ID></Order>'
    expect(await readEInvoice(encode(order), 'commande.xml')).toEqual({ kind: 'none' })
    const lookalike = '<Invoice><ID>1</ID></Invoice>'
    expect(await readEInvoice(encode(lookalike), 'invoice.xml')).toEqual({ kind: 'none' })
  })

  it('answers none for a PDF whose attachments are not named as an e-invoice', async () => {
    expect(await readEInvoice(await pdf([{ name: 'annexe.xml', data: CII_INVOICE }]), 'facture.pdf')).toEqual({
      kind: 'none',
    })
  })

  it('tells by the bytes, not the name: XML named .pdf is read, a PDF named .xml too', async () => {
    expect(await readEInvoice(encode(CII_INVOICE), 'facture.pdf')).toMatchObject({ kind: 'invoice', format: 'cii' })
    expect(await readEInvoice(await pdf(), 'facture.xml')).toEqual({ kind: 'none' })
  })
})

describe('Factur-X / ZUGFeRD PDFs', () => {
  it('reads the CII embedded as factur-x.xml', async () => {
    expect(await readEInvoice(await pdf([{ name: 'factur-x.xml', data: CII_INVOICE }]), 'facture.pdf')).toEqual({
      kind: 'invoice',
      format: 'factur-x',
      invoice: CII_INVOICE_READ,
    })
  })

  it('reads a UBL embedded as xrechnung.xml, still a factur-x format for the user', async () => {
    const result = await readEInvoice(await pdf([{ name: 'xrechnung.xml', data: UBL_INVOICE }]), 'rechnung.pdf')
    expect(result).toMatchObject({ kind: 'invoice', format: 'factur-x', invoice: { number: 'FA-2026-0457' } })
  })

  it('refuses an embedded factur-x.xml that is not an invoice, or is not well formed', async () => {
    expect(await readEInvoice(await pdf([{ name: 'factur-x.xml', data: '<note>bonjour</note>' }]), 'f.pdf')).toEqual({
      kind: 'invalid',
      format: 'factur-x',
      reason:
        "Le fichier factur-x.xml joint à ce PDF n'est pas une facture au format CII ou UBL : Carnet ne peut pas le lire.",
    })
    const truncated = CII_INVOICE.slice(0, CII_INVOICE.indexOf('<ram:ApplicableHeaderTradeSettlement>'))
    expect(await readEInvoice(await pdf([{ name: 'factur-x.xml', data: truncated }]), 'f.pdf')).toEqual({
      kind: 'invalid',
      format: 'factur-x',
      reason: expect.stringMatching(/^Le fichier XML de cette facture électronique est mal formé ou incomplet/),
    })
  })

  it('checks the embedded invoice like any other: incoherent totals', async () => {
    const wrong = edit(CII_INVOICE, '<ram:GrandTotalAmount>1365.00', '<ram:GrandTotalAmount>1356.00')
    expect(await readEInvoice(await pdf([{ name: 'factur-x.xml', data: wrong }]), 'facture.pdf')).toEqual({
      kind: 'invalid',
      format: 'factur-x',
      reason:
        'Les totaux de cette facture ne concordent pas : 1\u202F150,00 + 215,00 ≠ 1\u202F356,00 (BT-109 + BT-110 ≠ BT-112).',
    })
  })
})

describe('malformed XML', () => {
  it('refuses a truncated invoice, naming the line', async () => {
    const truncated = UBL_INVOICE.slice(0, UBL_INVOICE.indexOf('<cac:TaxTotal>') + 40)
    expect(await readEInvoice(encode(truncated), 'facture.xml')).toEqual({
      kind: 'invalid',
      format: 'ubl',
      reason: expect.stringMatching(
        /^Le fichier XML de cette facture électronique est mal formé ou incomplet \(ligne \d+\)\.$/,
      ),
    })
  })

  it('refuses crossed tags and bytes that are not in the declared encoding', async () => {
    const crossed = edit(CII_INVOICE, '<ram:TypeCode>380</ram:TypeCode>', '<ram:TypeCode>380</ram:ID>')
    expect(await readEInvoice(encode(crossed), 'f.xml')).toMatchObject({ kind: 'invalid', format: 'cii' })
    // A lone "é" in ISO-8859-1 inside a document that declares UTF-8.
    const mixed = Uint8Array.from(encode(CII_INVOICE))
    mixed[mixed.indexOf(0x3e, 200) + 1] = 0xe9
    expect(await readEInvoice(mixed, 'f.xml')).toEqual({
      kind: 'invalid',
      format: 'cii',
      reason: "Le fichier XML de cette facture électronique n'est pas lisible dans l'encodage qu'il annonce (UTF-8).",
    })
  })

  it('reads an invoice in the ISO-8859-1 it declares', async () => {
    const xml = UBL_INVOICE.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"').replace(/[«»]/g, '"')
    const bytes = Uint8Array.from([...xml].map((char) => char.charCodeAt(0)))
    const result = await readEInvoice(bytes, 'facture.xml')
    expect(result.kind === 'invoice' && result.invoice.seller.name).toBe('Papeterie Lefèvre & Fils SARL')
  })
})

describe('hostile XML', () => {
  const dir = mkdtempSync(join(tmpdir(), 'carnet-xxe-'))
  const secretFile = join(dir, 'secret.txt')
  writeFileSync(secretFile, 'SECRET-7f3a9c')
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  const DOCTYPE_REASON =
    'Cette facture électronique déclare un DOCTYPE, refusé par sécurité : demande à ton fournisseur un fichier sans DOCTYPE.'

  it('refuses an external entity (XXE) without reading the file', async () => {
    const xxe = edit(
      CII_INVOICE,
      '<rsm:CrossIndustryInvoice',
      `<!DOCTYPE rsm:CrossIndustryInvoice [<!ENTITY xxe SYSTEM "file://${secretFile}">]>\n<rsm:CrossIndustryInvoice`,
    ).replace('<ram:ID>2026/IB/0931</ram:ID>', '<ram:ID>&xxe;</ram:ID>')
    const result = await readEInvoice(encode(xxe), 'facture.xml')
    expect(result).toEqual({ kind: 'invalid', format: 'cii', reason: DOCTYPE_REASON })
    expect(JSON.stringify(result)).not.toContain('SECRET')
    const passwd = `<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><rsm:CrossIndustryInvoice ${CII_NS}><a>&e;</a></rsm:CrossIndustryInvoice>`
    expect(await readEInvoice(encode(passwd), 'facture.xml')).toEqual({
      kind: 'invalid',
      format: 'cii',
      reason: DOCTYPE_REASON,
    })
  })

  it('refuses a billion laughs at once, in memory and time', async () => {
    const levels = Array.from(
      { length: 9 },
      (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level};`.repeat(10)}">`,
    ).join('\n')
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE Invoice [
  <!ENTITY lol0 "lol">
  ${levels}
]>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>&lol9;</ID></Invoice>`
    const started = performance.now()
    const before = process.memoryUsage().heapUsed
    expect(await readEInvoice(encode(laughs), 'facture.xml')).toEqual({
      kind: 'invalid',
      format: 'ubl',
      reason: DOCTYPE_REASON,
    })
    expect(performance.now() - started).toBeLessThan(500)
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(50_000_000)
  })

  it('refuses a DOCTYPE hidden after the root, and one in a Factur-X PDF', async () => {
    const inside = edit(UBL_INVOICE, '<cbc:ID>FA', '<!DOCTYPE x [<!ENTITY a "b">]><cbc:ID>FA')
    expect(await readEInvoice(encode(inside), 'facture.xml')).toEqual({
      kind: 'invalid',
      format: 'ubl',
      reason: DOCTYPE_REASON,
    })
    const embedded = `<!DOCTYPE x [<!ENTITY e SYSTEM "file://${secretFile}">]><rsm:CrossIndustryInvoice ${CII_NS}>&e;</rsm:CrossIndustryInvoice>`
    const result = await readEInvoice(await pdf([{ name: 'factur-x.xml', data: embedded }]), 'facture.pdf')
    expect(result).toEqual({ kind: 'invalid', format: 'factur-x', reason: DOCTYPE_REASON })
  })

  it('refuses elements nested thousands deep, and prototype-polluting names, without throwing', async () => {
    const deep = `<rsm:CrossIndustryInvoice ${CII_NS}>${'<a>'.repeat(20_000)}${'</a>'.repeat(20_000)}</rsm:CrossIndustryInvoice>`
    expect(await readEInvoice(encode(deep), 'f.xml')).toMatchObject({ kind: 'invalid', format: 'cii' })
    const proto = `<rsm:CrossIndustryInvoice ${CII_NS}><__proto__><polluted>yes</polluted></__proto__></rsm:CrossIndustryInvoice>`
    expect(await readEInvoice(encode(proto), 'f.xml')).toMatchObject({ kind: 'invalid', format: 'cii' })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('leaves an undeclared entity as text instead of resolving it', async () => {
    const xml = edit(
      CII_INVOICE,
      '<ram:Name>Imprimerie Beaulieu SAS</ram:Name>',
      '<ram:Name>Imprimerie &xxe; Beaulieu</ram:Name>',
    )
    const result = await readEInvoice(encode(xml), 'f.xml')
    expect(result.kind === 'invoice' && result.invoice.seller.name).toBe('Imprimerie &xxe; Beaulieu')
  })
})
