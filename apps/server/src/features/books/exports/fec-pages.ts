import { FEC_LINE_END, type FecLettering, fecRow, letteringOf } from '@app/domain'
import type { Database } from '../../../db/client'
import { createFecPagesRepo, type FecCursor, type Field } from './fec-pages-repo'

export type { FecCursor } from './fec-pages-repo'

/**
 * What every line of the year is written with, read once before the first: the lettering of the settled pieces, and
 * the names the bank, cash and associate accounts have today (a journal by its code, an account by its number: the
 * first journal that holds it). They re-post none of their lines when renamed (ledger/posting.ts bookKey), so the
 * name is not the stored one.
 */
export type FecContext = {
  lettered: FecLettering
  journalNames: ReadonlyMap<string, string>
  accountNames: ReadonlyMap<string, string>
}

const FIELDS = 15

const text = (field: Field): string => (field === null ? '' : String(field))

/** The line of the file: the stored fields, today's names and the year's lettering, written by the domain (ledger/fec). */
function fecLineOf(line: readonly Field[], context: FecContext): string {
  const journalCode = text(line[0] ?? null)
  const accountCode = text(line[4] ?? null)
  const auxiliaryCode = (line[6] ?? null) as string | null
  const pieceRef = text(line[8] ?? null)
  const letter = letteringOf(context.lettered, {
    accountCode,
    auxiliaryCode,
    pieceRef,
    settlesPieceRef: (line[13] ?? null) as string | null,
  })
  return (
    fecRow({
      journalCode,
      journalLabel: context.journalNames.get(journalCode) ?? text(line[1] ?? null),
      entryNumber: Number(line[2]),
      entryDate: text(line[3] ?? null),
      accountCode,
      accountLabel: context.accountNames.get(accountCode) ?? text(line[5] ?? null),
      auxiliaryCode,
      auxiliaryLabel: (line[7] ?? null) as string | null,
      pieceRef,
      pieceDate: text(line[9] ?? null),
      label: text(line[10] ?? null),
      debit: text(line[11] ?? null),
      credit: text(line[12] ?? null),
      letteringCode: letter?.code ?? null,
      letteringDate: letter?.date ?? null,
      validDate: text(line[14] ?? null),
    }) + FEC_LINE_END
  )
}

/**
 * COPY's text format, with 0x1F between fields and 0x1E for a null: a backslash starts an escape (\\, \t, \n, \r,
 * \b, \f, \v, or the escaped separator itself). Most lines hold none and are split as they are.
 */
const SEPARATOR = '\u001f'
const NULL = '\u001e'
const ESCAPES: Record<string, string> = { t: '\t', n: '\n', r: '\r', b: '\b', f: '\f', v: '\v' }

function copiedFields(line: string): string[] {
  if (!line.includes('\\')) return line.split(SEPARATOR)
  const fields: string[] = []
  let field = ''
  for (let at = 0; at < line.length; at++) {
    const char = line[at] as string
    if (char === SEPARATOR) {
      fields.push(field)
      field = ''
    } else if (char === '\\' && at + 1 < line.length) {
      const next = line[++at] as string
      field += ESCAPES[next] ?? next
    } else field += char
  }
  fields.push(field)
  return fields
}

function copiedLine(line: string): Field[] {
  const fields: Field[] = copiedFields(line)
  for (let index = 0; index < FIELDS; index++) {
    const field = fields[index]
    fields[index] = field === undefined || field === NULL ? null : field
  }
  return fields
}

/** The page's lines one at a time: each is written and dropped before the next is read. */
function* copiedLines(copy: string): Generator<Field[]> {
  for (let start = 0; start < copy.length; ) {
    const end = copy.indexOf('\n', start)
    const line = copy.slice(start, end === -1 ? copy.length : end)
    start = end === -1 ? copy.length : end + 1
    if (line) yield copiedLine(line)
  }
}

const cursorOf = (line: readonly Field[]): FecCursor => ({
  journalCode: text(line[0] ?? null),
  number: Number(line[2]),
})

/**
 * Where a page's rows are joined into one text that the stream holds: a text over 128 KB is born in V8's large-object
 * space, which only a full collection frees, so a year written in half-megabyte pages left the heap growing by about
 * the file's size until one came; texts of 32 K characters mostly die young (the page read from PGlite is still one).
 */
const CHUNK_CHARS = 32_768

/** A page written: its texts, flat (they wait in the stream as that, not as a tree of rows), and its last line. */
function written(lines: Iterable<Field[]>, context: FecContext) {
  const texts: string[] = []
  let rows: string[] = []
  let size = 0
  let last: Field[] | null = null
  for (const line of lines) {
    const row = fecLineOf(line, context)
    rows.push(row)
    size += row.length
    if (size >= CHUNK_CHARS) {
      texts.push(rows.join(''))
      rows = []
      size = 0
    }
    last = line
  }
  if (rows.length > 0) texts.push(rows.join(''))
  return { texts, last }
}

/**
 * The year's FEC after its header, read a page at a time and handed over in texts of CHUNK_CHARS. PostgreSQL sends
 * the page's rows (as arrays: no object per row), and is asked for the next page before this one is written, so that
 * it reads while the server writes. The embedded engine runs in this thread, where asking early gains nothing: it
 * writes the whole page as one text (COPY … TO '/dev/blob'), which it makes in half the time it takes to hand over a
 * million rows one by one (issue 16's 10 s for a year). COPY takes no parameters: the values are written into the
 * statement, each a number or a quoted literal.
 */
export function createFecPages(database: Database) {
  const repo = createFecPagesRepo(database)

  async function* onPostgres(organizationId: number, fiscalYearStart: string, context: FecContext, entries: number) {
    let next = repo.rows(organizationId, fiscalYearStart, null, entries)
    for (;;) {
      const page = await next
      const last = page[page.length - 1]
      if (!last) return
      next = repo.rows(organizationId, fiscalYearStart, cursorOf(last), entries)
      // Awaited at the next turn; a download dropped before then must not leave its failure unhandled.
      next.catch(() => {})
      yield* written(page, context).texts
    }
  }

  async function* onPglite(organizationId: number, fiscalYearStart: string, context: FecContext, entries: number) {
    let cursor: FecCursor | null = null
    for (;;) {
      const page = written(copiedLines(await repo.copied(organizationId, fiscalYearStart, cursor, entries)), context)
      if (!page.last) return
      cursor = cursorOf(page.last)
      yield* page.texts
    }
  }

  return (organizationId: number, fiscalYearStart: string, context: FecContext, entries: number) =>
    database.kind === 'postgres'
      ? onPostgres(organizationId, fiscalYearStart, context, entries)
      : onPglite(organizationId, fiscalYearStart, context, entries)
}
