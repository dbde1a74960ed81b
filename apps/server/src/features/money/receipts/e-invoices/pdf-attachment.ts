import { constants, inflateSync } from 'node:zlib'
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFString,
} from '@cantoo/pdf-lib'

/**
 * The XML of a Factur-X / ZUGFeRD PDF (PDF/A-3 with an embedded file): found by name in the catalog's
 * /Names /EmbeddedFiles tree and its /AF array, then inflated.
 */

/** The names the standards give the embedded invoice, by preference: Factur-X, ZUGFeRD 2, XRechnung (lower case). */
export const INVOICE_ATTACHMENT_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml']

/** An invoice's XML is a few hundred kilobytes at most: beyond this, a small compressed stream is a bomb. */
export const MAX_XML_BYTES = 10_000_000

/** Name trees are shallow; a deep or cyclic one is hostile. */
const MAX_TREE_DEPTH = 16

export type PdfAttachment =
  | { kind: 'none' }
  | { kind: 'found'; name: string; bytes: Uint8Array }
  | { kind: 'unreadable'; name: string; problem: 'compression' | 'corrupt' | 'too-large' }

const key = (name: string) => PDFName.of(name)

function textOf(value: PDFObject | undefined): string | null {
  if (value instanceof PDFString || value instanceof PDFHexString) return value.decodeText()
  return null
}

/** The file specifications of a name tree (ISO 32000-1 §7.9.6), leaves and kids, with the names they are filed under. */
function nameTreeSpecs(
  node: PDFDict,
  found: { spec: PDFDict; treeName: string | null }[],
  seen: Set<PDFDict>,
  depth = 0,
) {
  if (depth > MAX_TREE_DEPTH || seen.has(node)) return
  seen.add(node)
  const names = node.lookup(key('Names'))
  if (names instanceof PDFArray) {
    for (let index = 0; index + 1 < names.size(); index += 2) {
      const spec = names.lookup(index + 1)
      if (spec instanceof PDFDict) found.push({ spec, treeName: textOf(names.lookup(index)) })
    }
  }
  const kids = node.lookup(key('Kids'))
  if (kids instanceof PDFArray) {
    for (let index = 0; index < kids.size(); index++) {
      const kid = kids.lookup(index)
      if (kid instanceof PDFDict) nameTreeSpecs(kid, found, seen, depth + 1)
    }
  }
}

/** Every file specification the document declares, from the name tree then /AF (PDF/A-3's associated files). */
function fileSpecs(doc: PDFDocument): { spec: PDFDict; name: string }[] {
  const found: { spec: PDFDict; treeName: string | null }[] = []
  const names = doc.catalog.lookup(key('Names'))
  const tree = names instanceof PDFDict ? names.lookup(key('EmbeddedFiles')) : undefined
  if (tree instanceof PDFDict) nameTreeSpecs(tree, found, new Set())
  const associated = doc.catalog.lookup(key('AF'))
  if (associated instanceof PDFArray) {
    for (let index = 0; index < associated.size(); index++) {
      const spec = associated.lookup(index)
      if (spec instanceof PDFDict) found.push({ spec, treeName: null })
    }
  }
  const unique = new Map<PDFDict, string>()
  for (const { spec, treeName } of found) {
    // /UF is the Unicode name PDF/A-3 wants; /F the older one; the tree's key when a writer set neither.
    const name = textOf(spec.lookup(key('UF'))) ?? textOf(spec.lookup(key('F'))) ?? treeName
    if (name && !unique.has(spec)) unique.set(spec, name)
  }
  return [...unique].map(([spec, name]) => ({ spec, name }))
}

const baseName = (name: string) => (name.split(/[\\/]/).pop() ?? name).trim().toLowerCase()

function filters(stream: PDFRawStream): PDFObject[] {
  const filter = stream.dict.lookup(key('Filter'))
  if (filter instanceof PDFArray) return filter.asArray().map((item) => stream.dict.context.lookup(item) ?? item)
  return filter ? [filter] : []
}

/** A predictor (ISO 32000-1 §7.4.4.4) changes the bytes after inflating; no Factur-X writer uses one. */
function hasPredictor(stream: PDFRawStream): boolean {
  const parms = stream.dict.lookup(key('DecodeParms'))
  const first = parms instanceof PDFArray ? parms.lookup(0) : parms
  if (!(first instanceof PDFDict)) return false
  const predictor = first.lookup(key('Predictor'))
  return predictor instanceof PDFNumber && predictor.asNumber() > 1
}

type Decoded = { ok: true; bytes: Uint8Array } | { ok: false; problem: 'compression' | 'corrupt' | 'too-large' }

/**
 * Stored or FlateDecode, the two ways Factur-X writers store the XML. Inflated with zlib's own output cap rather than
 * pdf-lib's decoders, which have none: a 5 MB stream can inflate to gigabytes.
 */
function decode(stream: PDFRawStream): Decoded {
  const chain = filters(stream)
  if (chain.length === 0) {
    return stream.contents.length > MAX_XML_BYTES
      ? { ok: false, problem: 'too-large' }
      : { ok: true, bytes: stream.contents }
  }
  if (chain.length !== 1 || chain[0] !== key('FlateDecode') || hasPredictor(stream)) {
    return { ok: false, problem: 'compression' }
  }
  try {
    // Sync flush: a stream cut short still gives what it has, and the XML parser says what is missing.
    const bytes = inflateSync(stream.contents, { maxOutputLength: MAX_XML_BYTES, finishFlush: constants.Z_SYNC_FLUSH })
    return { ok: true, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) }
  } catch (error) {
    const code = (error as { code?: string }).code
    return { ok: false, problem: code === 'ERR_BUFFER_TOO_LARGE' ? 'too-large' : 'corrupt' }
  }
}

/**
 * The embedded e-invoice XML of a PDF. 'none' for a PDF without one, and for bytes pdf-lib cannot open (damaged or
 * encrypted: PDF/A-3 forbids encryption, so such a file is no Factur-X).
 */
export async function findInvoiceAttachment(bytes: Uint8Array): Promise<PdfAttachment> {
  let specs: { spec: PDFDict; name: string }[]
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false })
    // A damaged file may load without a catalog, or with objects of the wrong type where dictionaries belong.
    specs = fileSpecs(doc)
  } catch {
    return { kind: 'none' }
  }
  for (const wanted of INVOICE_ATTACHMENT_NAMES) {
    const match = specs.find(({ name }) => baseName(name) === wanted)
    if (!match) continue
    const embedded = match.spec.lookup(key('EF'))
    const stream = embedded instanceof PDFDict ? (embedded.lookup(key('UF')) ?? embedded.lookup(key('F'))) : undefined
    if (!(stream instanceof PDFRawStream)) return { kind: 'unreadable', name: match.name, problem: 'corrupt' }
    let decoded: Decoded
    // The stream's dictionary comes from the same untrusted file: a malformed filter entry must not escape as a throw.
    try {
      decoded = decode(stream)
    } catch {
      decoded = { ok: false, problem: 'corrupt' }
    }
    return decoded.ok
      ? { kind: 'found', name: match.name, bytes: decoded.bytes }
      : { kind: 'unreadable', name: match.name, problem: decoded.problem }
  }
  return { kind: 'none' }
}
