import { isUtf8 } from 'node:buffer'
import iconv from 'iconv-lite'
import { StatementError } from './types'

export type TextEncoding = 'utf-8' | 'windows-1252'

const hasUtf8Bom = (bytes: Buffer) => bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf
const utf16Bom = (bytes: Buffer): 'utf-16le' | 'utf-16be' | null => {
  if (bytes.length < 2) return null
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le'
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be'
  return null
}

/**
 * UTF-8 when the bytes say so (a BOM, or valid UTF-8), else Windows-1252. A Windows-1252 text that happens to be valid
 * UTF-8 needs sequences like "Ã©", which no bank writes; the reverse mistake (a declared 1252 file that is really
 * UTF-8) is common, so the bytes are trusted over any charset a header declares. Pure ASCII is both: either answer
 * decodes it the same.
 */
export function sniffEncoding(bytes: Buffer): TextEncoding {
  if (hasUtf8Bom(bytes) || utf16Bom(bytes)) return 'utf-8'
  return isUtf8(bytes) ? 'utf-8' : 'windows-1252'
}

/**
 * Decodes the file, dropping any byte-order mark. A UTF-16 BOM wins over `encoding`, since it cannot be mistaken.
 * Windows-1252 is a superset of ISO-8859-1 for the printable characters, so Latin-1 files read correctly too.
 */
export function decodeText(bytes: Buffer, encoding: TextEncoding = sniffEncoding(bytes)): string {
  const wide = utf16Bom(bytes)
  if (wide) return iconv.decode(bytes.subarray(2), wide)
  if (encoding === 'utf-8') return (hasUtf8Bom(bytes) ? bytes.subarray(3) : bytes).toString('utf8')
  return iconv.decode(bytes, 'windows-1252')
}

/**
 * The text of a statement, refused when it holds NUL characters: that is a binary file, not a statement (and
 * PostgreSQL cannot store U+0000). Trailing NUL padding, which some export tools add, is dropped first.
 */
export function readStatementText(bytes: Buffer, encoding?: TextEncoding): string {
  let text = decodeText(bytes, encoding)
  let end = text.length
  while (end > 0 && text.charCodeAt(end - 1) === 0) end--
  if (end < text.length) text = text.slice(0, end)
  if (text.includes('\u0000')) {
    throw new StatementError("Ce fichier contient des octets nuls : c'est un fichier binaire, pas un relevé bancaire.")
  }
  return text
}

/** Every run of spaces, tabs, line breaks and control characters becomes one space; ends trimmed. */
export const collapseSpaces = (text: string): string => text.replace(/[\s\p{Cc}]+/gu, ' ').trim()

/** Empty or blank → null, else the collapsed text. */
export const textOrNull = (text: string | null | undefined): string | null => {
  if (text == null) return null
  const collapsed = collapseSpaces(text)
  return collapsed === '' ? null : collapsed
}

/**
 * Longest label kept. Banks never write more than a few hundred characters; the cap keeps a hostile file (one movement
 * followed by thousands of complement records) from building megabyte labels in quadratic time.
 */
export const MAX_LABEL_LENGTH = 1000

/**
 * Joins the pieces of a label (OFX NAME and MEMO, CFONB complements, CSV columns) with single spaces. A piece the
 * label already contains is skipped and a piece that extends it replaces it: banks often repeat the short label at the
 * start of the long one ("PRLV SEPA FREE" then "PRLV SEPA FREE MOBILE FM123"), and writing it twice helps nobody.
 */
export function joinLabelParts(parts: readonly (string | null | undefined)[]): string {
  let label = ''
  for (const part of parts) {
    if (label.length >= MAX_LABEL_LENGTH) break
    const piece = textOrNull(part)
    if (piece === null || label.includes(piece)) continue
    label = piece.startsWith(label) ? piece : `${label} ${piece}`
  }
  return label.length > MAX_LABEL_LENGTH ? label.slice(0, MAX_LABEL_LENGTH).trimEnd() : label
}

/** 1-based line number of `offset`, counting from a known (offset, line) pair so a scan stays linear. */
export class LineCounter {
  private offset = 0
  private line = 1

  constructor(private readonly text: string) {}

  lineAt(offset: number): number {
    if (offset < this.offset) {
      this.offset = 0
      this.line = 1
    }
    let index = this.text.indexOf('\n', this.offset)
    while (index !== -1 && index < offset) {
      this.line++
      index = this.text.indexOf('\n', index + 1)
    }
    this.offset = offset
    return this.line
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

/** Decodes the XML entities and character references; a raw `&` (common in OFX 1.x) stays as it is. */
export const decodeEntities = (text: string): string =>
  text.includes('&')
    ? text.replace(/&(#\d{1,7}|#x[0-9a-fA-F]{1,6}|[a-z]{2,4});/g, (whole, entity: string) => {
        if (entity.startsWith('#')) {
          const code = entity[1] === 'x' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1))
          return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole
        }
        return ENTITIES[entity] ?? whole
      })
    : text

/**
 * An XML file that declares a DOCTYPE or entities is refused before any parsing: entity expansion is how "billion
 * laughs" files exhaust memory and how external entities read local files or call URLs. No bank statement needs one.
 */
export const ENTITY_REFUSAL = 'Ce fichier XML déclare des entités : refusé pour ta sécurité.'

export const declaresEntities = (text: string): boolean => /<!\s*(?:DOCTYPE|ENTITY)/i.test(text)
