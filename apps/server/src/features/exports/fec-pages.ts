import { FEC_LINE_END } from '@app/domain'
import type { PGlite } from '@electric-sql/pglite'
import { type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/client'

export type FecCursor = { journalCode: string; number: number }
/** The lettering of the year's settled pieces, by "auxiliary piece" key: its code (EcritureLet) and date (DateLet). */
export type FecLettering = ReadonlyMap<string, { code: string; date: string }>
/** A page of the file: its lines as written, and where the next page starts (null: the year is done). */
export type FecPage = { text: string; last: FecCursor | null }

/**
 * A text field of the FEC as the domain's fecRow writes it (ledger/fec/format.ts fecControlsAsSpaces): a tab, CR or LF
 * would shift the columns or cut the row, 0x1E and 0x1F are the page's quote and separator below; each becomes a
 * space, and the spaces around go. Written by the database: a year's file is a million rows, and decoding fifteen
 * columns a row was most of its time on the embedded engine. Five characters only: translate's cost grows with its
 * list, and all 31 control characters made the year's file twice as slow.
 */
const CONTROL_CHARACTERS = '\t\r\n\u001e\u001f'
const SPACES = ' '.repeat(CONTROL_CHARACTERS.length)
const spaced = (column: SQL) =>
  sql`translate(${column}, ${sql.raw(literal(CONTROL_CHARACTERS))}, ${sql.raw(literal(SPACES))})`
const fecText = (column: SQL) => sql`btrim(${spaced(sql`coalesce(${column}, '')`)})`

function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`
}

type Values = { organizationId: SQL; fiscalYearStart: SQL; journalCode: SQL | null; number: SQL | null; entries: SQL }

/**
 * The lines of a page of the fiscal year's entries in the FEC's order (journal, number, line), after a cursor: the
 * entries are a range of the numbering's unique index, their lines a range of the lines' primary key, so each page
 * costs the same whatever the year holds. AN sorts before every other journal code (BQ, CAI, CC, ES, EX, HA, OD, VT),
 * so the à-nouveaux open the file as the FEC wants. `head` is the first 13 columns (JournalCode to Credit) already in
 * the file's notation; the lettering key names the piece a 411 / 401 line may be lettered with.
 */
function pageQuery(values: Values) {
  const after = values.journalCode ? sql`and (journal_code, number) > (${values.journalCode}, ${values.number})` : sql``
  return sql`
    select e.journal_code as "journalCode", e.number, l.position,
           concat_ws(E'\t', ${fecText(sql`e.journal_code`)}, ${fecText(sql`coalesce(jn.name, e.journal_label)`)},
             e.number, to_char(e.dated_at, 'YYYYMMDD'), ${fecText(sql`l.account_code`)},
             ${fecText(sql`coalesce(an.name, l.account_label)`)}, ${fecText(sql`l.auxiliary_code`)},
             ${fecText(sql`l.auxiliary_label`)}, ${fecText(sql`e.piece_ref`)}, to_char(e.piece_date, 'YYYYMMDD'),
             ${fecText(sql`l.label`)}, replace(l.debit::text, '.', ','), replace(l.credit::text, '.', ',')) as head,
           case when l.account_code in ('411', '401') and l.auxiliary_code is not null
             then ${spaced(sql`l.auxiliary_code || ' ' || coalesce(l.settles_piece_ref, e.piece_ref)`)} end as "letteringKey",
           to_char(e.posted_on, 'YYYYMMDD') as "validDate"
    from (select * from ledger_entries
          where organization_id = ${values.organizationId} and fiscal_year_start = ${values.fiscalYearStart} ${after}
          order by journal_code, number limit ${values.entries}) e
    -- Lateral: each entry's lines by the primary key. A plain join let the planner hash the whole ledger for every
    -- page (a sequential scan of a million lines, 167 times for a year).
    cross join lateral (select * from ledger_lines
          where organization_id = e.organization_id and entry_id = e.id order by position) l
    -- A bank, cash or associate account is written under the name it has today on every line (it re-posts none of
    -- its lines when renamed: ledger/posting.ts bookKey). A few rows, joined by hash: a lookup per line was two
    -- million subqueries for a year.
    left join (select code, name from journals where organization_id = ${values.organizationId}) jn
      on jn.code = e.journal_code
    left join (select distinct on (account_code) account_code, name from journals
          where organization_id = ${values.organizationId} order by account_code, id) an
      on an.account_code = l.account_code`
}

/** The last four columns: EcritureLet and DateLet from the year's lettering, ValidDate, and the two currency ones. */
const tail = (lettered: FecLettering, key: string | null, validDate: string) => {
  const letter = key ? lettered.get(key) : undefined
  return `\t${letter?.code ?? ''}\t${letter?.date ?? ''}\t${validDate}\t\t${FEC_LINE_END}`
}

/**
 * The pages of a year's FEC. PostgreSQL sends the page's rows; the embedded engine writes the whole page as one text
 * (COPY … TO '/dev/blob'), which it makes in half the time it takes to hand over a million rows one by one (issue
 * 16's 10 s for a year). COPY takes no parameters: the values are written into the statement, each a number or a
 * quoted literal. The CSV format with separator and quote characters no field can hold (fecText turns them into
 * spaces) writes each line as it is: one column, never quoted, never escaped.
 */
export function createFecPages(database: Database) {
  const dialect = new PgDialect()

  async function rows(organizationId: number, fiscalYearStart: string, cursor: FecCursor | null, entries: number) {
    const result = await database.db.execute<{
      journalCode: string
      number: number
      head: string
      letteringKey: string | null
      validDate: string
    }>(
      sql`${pageQuery({
        organizationId: sql`${organizationId}`,
        fiscalYearStart: sql`${fiscalYearStart}`,
        journalCode: cursor ? sql`${cursor.journalCode}` : null,
        number: cursor ? sql`${cursor.number}` : null,
        entries: sql`${entries}`,
      })} order by e.journal_code, e.number, l.position`,
    )
    return result.rows
  }

  async function copied(organizationId: number, fiscalYearStart: string, cursor: FecCursor | null, entries: number) {
    if (!Number.isSafeInteger(organizationId) || !Number.isSafeInteger(entries)) throw new Error('FEC: bad page')
    if (!/^\d{4}-\d{2}-\d{2}$/.test(fiscalYearStart)) throw new Error('FEC: bad fiscal year')
    const query = pageQuery({
      organizationId: sql.raw(String(organizationId)),
      fiscalYearStart: sql.raw(literal(fiscalYearStart)),
      journalCode: cursor ? sql.raw(literal(cursor.journalCode)) : null,
      number: cursor ? sql.raw(String(Math.trunc(cursor.number))) : null,
      entries: sql.raw(String(entries)),
    })
    const statement = dialect.sqlToQuery(sql`
      copy (select concat_ws(E'\t', q.head, coalesce(q."letteringKey", ''), q."validDate") from (${query}) q
        order by q."journalCode", q.number, q.position)
      to '/dev/blob' with (format csv, delimiter E'\x1f', quote E'\x1e')`)
    if (statement.params.length > 0) throw new Error('FEC: a value left as a parameter')
    const client = (database.db as unknown as { $client: PGlite }).$client
    const [result] = await client.exec(statement.sql)
    return result?.blob ? await result.blob.text() : ''
  }

  return async function page(
    organizationId: number,
    fiscalYearStart: string,
    lettered: FecLettering,
    cursor: FecCursor | null,
    entries: number,
  ): Promise<FecPage> {
    if (database.kind === 'postgres') {
      const page = await rows(organizationId, fiscalYearStart, cursor, entries)
      let text = ''
      for (const line of page) text += line.head + tail(lettered, line.letteringKey, line.validDate)
      const last = page[page.length - 1]
      return { text, last: last ? { journalCode: last.journalCode, number: Number(last.number) } : null }
    }
    const copy = await copied(organizationId, fiscalYearStart, cursor, entries)
    let text = ''
    let lastLine = ''
    for (const line of copy.split('\n')) {
      if (!line) continue
      const validTab = line.lastIndexOf('\t')
      const keyTab = line.lastIndexOf('\t', validTab - 1)
      const key = line.slice(keyTab + 1, validTab)
      text += line.slice(0, keyTab) + tail(lettered, key || null, line.slice(validTab + 1))
      lastLine = line
    }
    if (!lastLine) return { text, last: null }
    const [journalCode = '', , number = ''] = lastLine.split('\t', 3)
    return { text, last: { journalCode, number: Number(number) } }
  }
}
