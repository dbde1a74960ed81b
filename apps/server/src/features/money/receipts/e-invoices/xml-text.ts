/** Turning the bytes of an XML file into text, in the encoding it declares (XML 1.0 §4.3.3, appendix F). */

export type XmlText = {
  text: string
  /** False when the bytes are not valid in the declared encoding or the encoding is unknown; `text` is then lossy. */
  wellEncoded: boolean
  encoding: string
}

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte)

const UTF8_BOM = [0xef, 0xbb, 0xbf]
const UTF16LE_BOM = [0xff, 0xfe]
const UTF16BE_BOM = [0xfe, 0xff]

/**
 * Whether the bytes can be an XML document at all: a byte order mark or "<" after blanks. Cheap, so that images
 * and PDFs are never decoded as text.
 */
export function looksLikeXml(bytes: Uint8Array): boolean {
  if (startsWith(bytes, UTF16LE_BOM) || startsWith(bytes, UTF16BE_BOM)) return true
  let index = startsWith(bytes, UTF8_BOM) ? 3 : 0
  while (index < bytes.length && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[index] as number)) index++
  return bytes[index] === 0x3c
}

/** The encoding named in the XML declaration ("ISO-8859-1"), read on the first bytes, which are ASCII in any case. */
function declaredEncoding(bytes: Uint8Array): string | null {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 256))
  return /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z][A-Za-z0-9._-]*)["']/.exec(head)?.[1] ?? null
}

function decode(bytes: Uint8Array, encoding: string): XmlText {
  try {
    return {
      text: new TextDecoder(encoding, { fatal: true, ignoreBOM: false }).decode(bytes),
      wellEncoded: true,
      encoding,
    }
  } catch {
    let lossy: string
    try {
      lossy = new TextDecoder(encoding).decode(bytes)
    } catch {
      lossy = new TextDecoder('utf-8').decode(bytes)
    }
    return { text: lossy, wellEncoded: false, encoding }
  }
}

/** A byte order mark wins over the declaration, which wins over UTF-8, the default. */
export function xmlText(bytes: Uint8Array): XmlText {
  if (startsWith(bytes, UTF8_BOM)) return decode(bytes, 'utf-8')
  if (startsWith(bytes, UTF16LE_BOM)) return decode(bytes, 'utf-16le')
  if (startsWith(bytes, UTF16BE_BOM)) return decode(bytes, 'utf-16be')
  return decode(bytes, declaredEncoding(bytes) ?? 'utf-8')
}
