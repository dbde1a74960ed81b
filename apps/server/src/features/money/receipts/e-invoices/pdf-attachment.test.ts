import { deflateSync } from 'node:zlib'
import { AFRelationship, PDFDocument, PDFHexString, PDFName, type PDFRef, PDFString } from '@cantoo/pdf-lib'
import { describe, expect, it } from 'vitest'
import { findInvoiceAttachment, MAX_XML_BYTES } from './pdf-attachment'

const XML = '<?xml version="1.0"?><rsm:CrossIndustryInvoice/>'
const decoded = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

async function onePage() {
  const doc = await PDFDocument.create()
  doc.addPage([595, 842]).drawText('Facture', { x: 50, y: 800 })
  return doc
}

/** A PDF with files attached the ordinary way: pdf-lib writes the name tree, /AF and FlateDecode streams. */
async function attached(files: { name: string; data?: string }[]) {
  const doc = await onePage()
  for (const file of files) {
    await doc.attach(new TextEncoder().encode(file.data ?? XML), file.name, {
      mimeType: 'text/xml',
      afRelationship: AFRelationship.Data,
    })
  }
  return doc.save()
}

type Stored = { contents: Uint8Array; filter?: string | string[]; parms?: Record<string, number> }

/** A file specification built by hand, for the layouts writers produce that pdf-lib's attach() does not. */
function fileSpec(doc: PDFDocument, name: string, stored: Stored, nameKey: 'UF' | 'F' | null = 'UF'): PDFRef {
  const { context } = doc
  const streamDict: Record<string, unknown> = { Type: 'EmbeddedFile', Subtype: 'text/xml' }
  if (stored.filter) streamDict.Filter = stored.filter
  if (stored.parms) streamDict.DecodeParms = stored.parms
  const stream = context.register(context.stream(stored.contents, streamDict as never))
  const spec = context.obj({ Type: 'Filespec', EF: { F: stream } })
  if (nameKey) spec.set(PDFName.of(nameKey), nameKey === 'UF' ? PDFHexString.fromText(name) : PDFString.of(name))
  return context.register(spec)
}

const flate = (text: string): Stored => ({ contents: deflateSync(Buffer.from(text)), filter: 'FlateDecode' })

describe('finding the e-invoice in a PDF', () => {
  it('finds factur-x.xml attached with /Names /EmbeddedFiles and /AF, and inflates it', async () => {
    const result = await findInvoiceAttachment(await attached([{ name: 'factur-x.xml' }]))
    expect(result.kind).toBe('found')
    if (result.kind === 'found') {
      expect(result.name).toBe('factur-x.xml')
      expect(decoded(result.bytes)).toBe(XML)
    }
  })

  it('knows the ZUGFeRD and XRechnung names, in any case, and prefers factur-x.xml', async () => {
    for (const name of ['zugferd-invoice.xml', 'ZUGFeRD-invoice.xml', 'xrechnung.xml', 'FACTUR-X.XML']) {
      expect(await findInvoiceAttachment(await attached([{ name }]))).toMatchObject({ kind: 'found', name })
    }
    const both = await attached([
      { name: 'zugferd-invoice.xml', data: '<zugferd/>' },
      { name: 'factur-x.xml', data: '<facturx/>' },
    ])
    const result = await findInvoiceAttachment(both)
    expect(result.kind === 'found' && decoded(result.bytes)).toBe('<facturx/>')
  })

  it('answers none for a PDF without attachment, with other attachments, or that is not a PDF', async () => {
    expect(await findInvoiceAttachment(await (await onePage()).save())).toEqual({ kind: 'none' })
    expect(await findInvoiceAttachment(await attached([{ name: 'bon-de-commande.xml' }]))).toEqual({ kind: 'none' })
    expect(await findInvoiceAttachment(new TextEncoder().encode('%PDF-1.7\ngarbage'))).toEqual({ kind: 'none' })
  })

  it('answers none for an encrypted PDF, which PDF/A-3 (hence Factur-X) forbids', async () => {
    const doc = await PDFDocument.create()
    doc.addPage()
    await doc.attach(new TextEncoder().encode(XML), 'factur-x.xml', { mimeType: 'text/xml' })
    doc.encrypt({ userPassword: 'secret', ownerPassword: 'owner' })
    expect(await findInvoiceAttachment(await doc.save())).toEqual({ kind: 'none' })
  })

  it('walks a name tree split into /Kids', async () => {
    const doc = await onePage()
    const spec = fileSpec(doc, 'factur-x.xml', flate(XML))
    const leaf = doc.context.register(
      doc.context.obj({ Limits: [PDFString.of('a'), PDFString.of('z')], Names: [PDFString.of('factur-x.xml'), spec] }),
    )
    const root = doc.context.obj({ Kids: [leaf] })
    doc.catalog.set(PDFName.of('Names'), doc.context.obj({ EmbeddedFiles: root }))
    const result = await findInvoiceAttachment(await doc.save())
    expect(result.kind === 'found' && decoded(result.bytes)).toBe(XML)
  })

  it('survives a name tree whose kids loop back on themselves', async () => {
    const doc = await onePage()
    const node = doc.context.obj({})
    const ref = doc.context.register(node)
    node.set(PDFName.of('Kids'), doc.context.obj([ref]))
    doc.catalog.set(PDFName.of('Names'), doc.context.obj({ EmbeddedFiles: ref }))
    expect(await findInvoiceAttachment(await doc.save())).toEqual({ kind: 'none' })
  })

  it('finds a file listed only in /AF, named by /F, stored without compression', async () => {
    const doc = await onePage()
    const spec = fileSpec(doc, 'factur-x.xml', { contents: new TextEncoder().encode(XML) }, 'F')
    doc.catalog.set(PDFName.of('AF'), doc.context.obj([spec]))
    const result = await findInvoiceAttachment(await doc.save())
    expect(result.kind === 'found' && decoded(result.bytes)).toBe(XML)
  })

  it('names the file by its key in the name tree when the specification has no name', async () => {
    const doc = await onePage()
    const spec = fileSpec(doc, 'factur-x.xml', flate(XML), null)
    doc.catalog.set(
      PDFName.of('Names'),
      doc.context.obj({ EmbeddedFiles: { Names: [PDFString.of('factur-x.xml'), spec] } }),
    )
    expect(await findInvoiceAttachment(await doc.save())).toMatchObject({ kind: 'found', name: 'factur-x.xml' })
  })

  it('refuses a compression bomb without inflating it all', async () => {
    const doc = await onePage()
    const bomb = deflateSync(Buffer.alloc(MAX_XML_BYTES * 3, 0x20))
    expect(bomb.length).toBeLessThan(100_000)
    const spec = fileSpec(doc, 'factur-x.xml', { contents: bomb, filter: 'FlateDecode' })
    doc.catalog.set(PDFName.of('AF'), doc.context.obj([spec]))
    const before = process.memoryUsage().rss
    expect(await findInvoiceAttachment(await doc.save())).toEqual({
      kind: 'unreadable',
      name: 'factur-x.xml',
      problem: 'too-large',
    })
    expect(process.memoryUsage().rss - before).toBeLessThan(MAX_XML_BYTES * 3)
  })

  it('says which files it cannot read: another compression, a predictor, a damaged stream', async () => {
    const cases: [Stored, string][] = [
      [{ contents: new TextEncoder().encode('3C613E'), filter: 'ASCIIHexDecode' }, 'compression'],
      [{ contents: deflateSync(Buffer.from(XML)), filter: ['ASCII85Decode', 'FlateDecode'] }, 'compression'],
      [{ ...flate(XML), parms: { Predictor: 12, Columns: 4 } }, 'compression'],
      [{ contents: new TextEncoder().encode('not deflated at all'), filter: 'FlateDecode' }, 'corrupt'],
    ]
    for (const [stored, problem] of cases) {
      const doc = await onePage()
      doc.catalog.set(PDFName.of('AF'), doc.context.obj([fileSpec(doc, 'factur-x.xml', stored)]))
      expect(await findInvoiceAttachment(await doc.save()), problem).toEqual({
        kind: 'unreadable',
        name: 'factur-x.xml',
        problem,
      })
    }
  })

  it('reads what a stream cut short still holds, leaving the XML parser to say what is missing', async () => {
    const doc = await onePage()
    const whole = deflateSync(Buffer.from(XML.repeat(20)))
    const spec = fileSpec(doc, 'factur-x.xml', { contents: whole.subarray(0, whole.length - 8), filter: 'FlateDecode' })
    doc.catalog.set(PDFName.of('AF'), doc.context.obj([spec]))
    const result = await findInvoiceAttachment(await doc.save())
    expect(result.kind).toBe('found')
    if (result.kind === 'found') expect(XML.repeat(20).startsWith(decoded(result.bytes))).toBe(true)
  })
})
