import { XMLParser, XMLValidator } from 'fast-xml-parser'

/** A parsed element as fast-xml-parser gives it: child elements by local name, attributes as "@_name", text as "#text". */
export type XmlElement = { [name: string]: unknown }

const BUILT_IN: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
const REFERENCE = /&(?:#x([0-9a-fA-F]{1,6})|#(\d{1,7})|(amp|lt|gt|quot|apos));/g

const isXmlChar = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff)

/**
 * The only entities a received invoice may use: the five of XML and character references. Entities a DTD declares
 * are ignored rather than expanded (documents with a DOCTYPE are refused before parsing anyway), so neither an
 * external entity nor an exponential expansion can ever be resolved here.
 */
const xmlEntities = {
  setExternalEntities: () => {},
  addInputEntities: () => {},
  reset: () => {},
  setXmlVersion: () => {},
  decode: (text: string) =>
    text.includes('&')
      ? text.replace(REFERENCE, (match, hex: string | undefined, decimal: string | undefined, name?: string) => {
          if (name) return BUILT_IN[name] ?? match
          const code = Number.parseInt(hex ?? decimal ?? '', hex ? 16 : 10)
          return isXmlChar(code) ? String.fromCodePoint(code) : match
        })
      : text,
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  // CII and UBL documents are read by local name: the root's namespace was checked before (xml-root.ts).
  removeNSPrefix: true,
  // Amounts, codes and identifiers stay text: "0002" and "100.10" must not become numbers.
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  entityDecoder: xmlEntities,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: 64,
})

export type ParsedXml = { ok: true; document: XmlElement } | { ok: false; line: number | null }

/** Parses a document already known to have no DOCTYPE; a malformed or truncated one answers its first bad line. */
export function parseXml(text: string): ParsedXml {
  const validation = XMLValidator.validate(text)
  if (validation !== true) return { ok: false, line: validation.err.line ?? null }
  let document: XmlElement
  try {
    document = parser.parse(text) as XmlElement
  } catch {
    // fast-xml-parser throws on what its validator lets through: nesting too deep, reserved names ("__proto__").
    return { ok: false, line: null }
  }
  // The validator accepts several root elements; XML does not.
  return Object.keys(document).length === 1 ? { ok: true, document } : { ok: false, line: null }
}

export const isElement = (value: unknown): value is XmlElement =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Every child named `name` (own properties only: an element called "constructor" is just an element). */
export function all(node: unknown, name: string): unknown[] {
  if (!isElement(node) || !Object.hasOwn(node, name)) return []
  const value = node[name]
  return Array.isArray(value) ? value : [value]
}

/** The first element down a path of child names, or undefined. */
export const first = (node: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((current, name) => all(current, name)[0], node)

/** The trimmed text of an element; null when absent or blank. */
export function text(node: unknown): string | null {
  const value = isElement(node) ? (Object.hasOwn(node, '#text') ? node['#text'] : undefined) : node
  if (typeof value !== 'string' && typeof value !== 'number') return null
  const trimmed = String(value).trim()
  return trimmed === '' ? null : trimmed
}

/** The trimmed value of an attribute; null when absent or blank. */
export function attribute(node: unknown, name: string): string | null {
  return isElement(node) ? text(node[`@_${name}`]) : null
}
