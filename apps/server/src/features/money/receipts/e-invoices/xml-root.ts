/**
 * What kind of XML document a text is, told by its root element and that element's namespace, read by hand before
 * any parser sees the document: a DOCTYPE is found here and the document refused before it could declare anything.
 */

export const CII_NAMESPACE = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100'
export const UBL_INVOICE_NAMESPACE = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2'
export const UBL_CREDIT_NOTE_NAMESPACE = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2'
/** ZUGFeRD 1.0's own CII dialect, replaced by Factur-X / ZUGFeRD 2 in 2017. */
const ZUGFERD1_NAMESPACE = 'urn:ferd:CrossIndustryDocument:invoice:1p0'

export type XmlRoot = { prefix: string | null; localName: string; namespace: string | null }

export type DocumentKind = 'cii' | 'ubl-invoice' | 'ubl-credit-note' | 'zugferd1'

/** Index just after the DOCTYPE declaration starting at `start`: quoted literals and the [internal subset] skipped. */
function skipDoctype(text: string, start: number): number {
  let depth = 0
  let quote: string | null = null
  for (let index = start + 2; index < text.length; index++) {
    const char = text[index]
    if (quote) {
      if (char === quote) quote = null
    } else if (char === '"' || char === "'") quote = char
    else if (char === '[') depth++
    else if (char === ']') depth = Math.max(0, depth - 1)
    else if (char === '>' && depth === 0) return index + 1
  }
  return text.length
}

const NAME = /[^\s/>=]+/y
const ATTRIBUTE = /\s*([^\s/>=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/y

export type Sniffed = { root: XmlRoot | null; doctype: boolean }

/** The root element (name and namespace) and whether a DOCTYPE was declared, or no root when it cannot be found. */
export function sniffRoot(text: string): Sniffed {
  // Anywhere, not only in the prolog: a misplaced declaration must not reach a parser that might honour it.
  const doctype = /<!DOCTYPE/i.test(text)
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0
  for (;;) {
    while (index < text.length && /\s/.test(text[index] as string)) index++
    if (text.startsWith('<?', index)) {
      const end = text.indexOf('?>', index + 2)
      if (end < 0) return { root: null, doctype }
      index = end + 2
    } else if (text.startsWith('<!--', index)) {
      const end = text.indexOf('-->', index + 4)
      if (end < 0) return { root: null, doctype }
      index = end + 3
    } else if (text.startsWith('<!', index)) {
      index = skipDoctype(text, index)
    } else break
  }
  if (text[index] !== '<') return { root: null, doctype }
  NAME.lastIndex = index + 1
  const qualified = NAME.exec(text)?.[0]
  if (!qualified) return { root: null, doctype }
  const colon = qualified.indexOf(':')
  const prefix = colon > 0 ? qualified.slice(0, colon) : null
  const localName = colon > 0 ? qualified.slice(colon + 1) : qualified
  const namespaces = new Map<string, string>()
  ATTRIBUTE.lastIndex = index + 1 + qualified.length
  for (let match = ATTRIBUTE.exec(text); match; match = ATTRIBUTE.exec(text)) {
    const [, name, double, single] = match
    if (name === 'xmlns' || name?.startsWith('xmlns:')) namespaces.set(name, double ?? single ?? '')
  }
  const namespace = namespaces.get(prefix ? `xmlns:${prefix}` : 'xmlns') ?? null
  return { root: { prefix, localName, namespace }, doctype }
}

/** The e-invoice syntax of a root element, or null for any other XML. */
export function documentKind(root: XmlRoot | null): DocumentKind | null {
  if (!root) return null
  if (root.localName === 'CrossIndustryInvoice' && root.namespace === CII_NAMESPACE) return 'cii'
  if (root.localName === 'Invoice' && root.namespace === UBL_INVOICE_NAMESPACE) return 'ubl-invoice'
  if (root.localName === 'CreditNote' && root.namespace === UBL_CREDIT_NOTE_NAMESPACE) return 'ubl-credit-note'
  if (root.localName === 'CrossIndustryDocument' && root.namespace === ZUGFERD1_NAMESPACE) return 'zugferd1'
  return null
}
