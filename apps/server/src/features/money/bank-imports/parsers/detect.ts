import { CFONB_RECORD_LENGTH } from './formats/cfonb'
import { sniffDelimiter } from './formats/csv-sniff'
import { decodeText } from './text'
import type { StatementFormat } from './types'

/**
 * Which parser a file needs, from its first 64 KB: the content decides, never the file name alone (banks name CFONB
 * files .txt, .dat or nothing, and camt files come without extension). The name only tips a file that reads as
 * several columns towards CSV.
 */

const HEAD_BYTES = 64 * 1024
const RECORDS_CHECKED = 20

const headOf = (bytes: Buffer) => decodeText(bytes.subarray(0, HEAD_BYTES))

/** The first records of a fixed-width file: each non-blank line, or 120/240-character slices of a long one. */
function firstRecords(text: string, width: number): string[] {
  const records: string[] = []
  for (const line of text.split(/\r\n|\r|\n/, 200)) {
    if (line.trim() === '') continue
    if (line.length <= width) records.push(line)
    else
      for (let start = 0; start < line.length && records.length < RECORDS_CHECKED; start += width) {
        records.push(line.slice(start, start + width))
      }
    if (records.length >= RECORDS_CHECKED) break
  }
  return records
}

/** Record code, bank code, internal code, branch code, currency (or blanks) and decimal count: columns 1 to 20. */
const CFONB120_RECORD = /^(?:01|04|05|07)\d{5}[0-9A-Z ]{4}[0-9A-Z ]{5}(?:[A-Z]{3}| {3})[0-9 ]/

function isCfonb120(text: string): boolean {
  const records = firstRecords(text, CFONB_RECORD_LENGTH)
  const first = records[0]
  return (
    first !== undefined &&
    (first.startsWith('01') || first.startsWith('04')) &&
    CFONB120_RECORD.test(first) &&
    // The others only need the shape: an unknown record type is then reported by the parser, with its line.
    records.every((record) => /^\d{7}/.test(record) && record.trimEnd().length <= CFONB_RECORD_LENGTH)
  )
}

/** CFONB 240 (transfer and bill listings: records 31 to 39, 240 characters): recognised only to be refused clearly. */
export function isCfonb240(bytes: Buffer): boolean {
  const records = firstRecords(headOf(bytes), 240)
  return records.length > 0 && records.every((record) => /^3\d{7}/.test(record) && record.length > CFONB_RECORD_LENGTH)
}

function looksLikeCsv(text: string, named: boolean): boolean {
  const { columns, rows, share } = sniffDelimiter(text)
  const wide = rows.filter((row) => row.cells.length === columns).length
  return columns >= 2 && (named || (columns >= 3 && wide >= 2 && share >= 0.5))
}

export function detectFormat(bytes: Buffer, fileName?: string): StatementFormat | null {
  if (bytes.length === 0) return null
  const head = headOf(bytes)
  if (head.includes('\u0000')) return null
  const start = head.trimStart()
  const extension = fileName?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? ''
  if (/^OFXHEADER\s*:/i.test(start) || /<\?OFX\b/i.test(head) || /<OFX>/i.test(head)) return 'ofx'
  if (/<(?:\w+:)?(?:BkToCstmrStmt|BkToCstmrDbtCdtNtfctn)\b/.test(head)) return 'camt053'
  if (/^!(?:type|account|option|clear)\b/i.test(start)) return 'qif'
  if (isCfonb120(head)) return 'cfonb120'
  if (start.startsWith('<')) return null
  if (looksLikeCsv(head, extension === 'csv' || extension === 'tsv')) return 'csv'
  return null
}
