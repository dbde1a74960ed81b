import { createHash } from 'node:crypto'
import { type PostingEntry, toCents } from '@app/domain'

/** An amount with at most two decimals, as stored ("-3.40") or as the domain writes it ("12.5", "1200"). */
const PLAIN_AMOUNT = /^-?(0|[1-9]\d*)(\.\d{1,2})?$/

/**
 * toCents without decimal.js for the amounts that need no rounding (all of them, stored or computed to the cent):
 * the comparison of an undo's 40,000 entries spent a second there.
 */
function cents(value: string): string {
  if (!PLAIN_AMOUNT.test(value)) return toCents(value)
  const [whole = '', fraction = ''] = value.split('.')
  const written = `${whole}.${fraction.padEnd(2, '0')}`
  return written === '-0.00' ? '0.00' : written
}

/**
 * An entry reduced to what the books say (amounts to the cent, no database ids), to compare two of them. The names of
 * journals, accounts and auxiliary accounts are left out: they name things, and renaming a bank account or a
 * category must not reverse and re-post every line it ever held; the FEC writes each code under its latest name.
 */
export function bookKey(entry: PostingEntry | null): string {
  if (!entry) return ''
  return JSON.stringify([
    entry.journalCode,
    entry.date,
    entry.label,
    entry.pieceRef,
    entry.pieceDate,
    entry.lines.map((line) => [
      line.accountCode,
      line.auxiliary?.code ?? null,
      line.label,
      cents(line.debit),
      cents(line.credit),
      line.vat
        ? [
            line.vat.ratePercent,
            cents(line.vat.base),
            line.vat.kind,
            line.vat.nature,
            line.vat.dueOn,
            line.vat.operation ?? null,
          ]
        : null,
      line.settles?.pieceRef ?? null,
    ]),
  ])
}

/** Whether the entries posted for a source say what the documents say (in the same order). */
export const sameBooks = (posted: readonly PostingEntry[], expected: readonly PostingEntry[]) =>
  posted.length === expected.length &&
  posted.every((entry, index) => bookKey(entry) === bookKey(expected[index] ?? null))

/**
 * The digest of an entry's bookKey, stored with the entry (ledger_entries.book_key): two entries with the same digest
 * say the same thing, so the posting compares a source's entries with the documents' without reading their lines.
 */
export const fingerprintOf = (entry: PostingEntry) => createHash('sha256').update(bookKey(entry)).digest('base64url')
