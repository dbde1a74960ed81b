import { compare, negate, toCents } from '@app/domain'

/** Small helpers shared by the CII builders: signs, amounts, dates and text as the Factur-X XSD wants them. */

/** A CII element as fast-xml-parser's XMLBuilder reads it: child elements by name, attributes as "@_name". */
export type Node = { [name: string]: Node | Node[] | string | undefined }

/**
 * Credit notes are stored with negative amounts; a 381 credit note carries positive ones (EN 16931: the type code
 * says it is a credit). `sign` turns a stored amount into the amount the XML shows.
 */
export type Sign = (amount: string) => string
export const signFor = (isCreditNote: boolean): Sign => (isCreditNote ? (amount) => negate(amount) : (amount) => amount)

/** Amounts with exactly two decimals ("1200.00", "-3.50"): BR-DEC-*, BR-FR-DEC-01. */
export const money = (value: string): string => toCents(value)

/** Unit prices keep their decimals (at most 6 in our data, BR-FR-DEC-03), never an exponent. */
export const price = (value: string): string =>
  value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value

/** A VAT rate with two decimals ("20.00", "5.50"), BR-FR-DEC-04. */
export const rate = (value: string): string => toCents(value)

export const isNegativeAmount = (value: string) => compare(value, 0) < 0
export const isZeroAmount = (value: string) => compare(value, 0) === 0

/** YYYY-MM-DD → the "102" format YYYYMMDD. */
export const date102 = (iso: string) => ({
  'udt:DateTimeString': { '@_format': '102', '#text': iso.replace(/-/g, '') },
})

/**
 * User text, made safe for XML 1.0: characters XML cannot carry at all (C0 controls but tab and newlines, lone
 * surrogates, U+FFFE/U+FFFF) are dropped; &, <, >, quotes are escaped by XMLBuilder. Null for blank text.
 */
export function text(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null
  let clean = ''
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0
    const allowed =
      code === 0x9 ||
      code === 0xa ||
      code === 0xd ||
      (code >= 0x20 && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd) ||
      code >= 0x10000
    if (allowed) clean += char
  }
  clean = clean.trim()
  return clean === '' ? null : clean
}

/** Drops the keys whose value is null or undefined, so optional elements are simply absent. */
export function compact(node: Record<string, Node | Node[] | string | null | undefined>): Node {
  const out: Node = {}
  for (const [key, value] of Object.entries(node)) {
    if (value === null || value === undefined) continue
    if (Array.isArray(value) && value.length === 0) continue
    out[key] = value
  }
  return out
}
