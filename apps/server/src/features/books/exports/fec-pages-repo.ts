import type { PGlite } from '@electric-sql/pglite'
import { type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type pg from 'pg'
import type { Database } from '../../../db/client'

export type FecCursor = { journalCode: string; number: number }

/**
 * A ledger line as the page reads it, every field as stored, in this order: journal code and label, entry number,
 * date, account code and label, auxiliary code and label, piece and its date, label, debit, credit, the piece it
 * settles, the day it was posted. PostgreSQL's driver reads the entry's number as a number, COPY as a text.
 */
export type Field = string | number | null

function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`
}

type Values = { organizationId: SQL; fiscalYearStart: SQL; journalCode: SQL | null; number: SQL | null; entries: SQL }

/**
 * The lines of a page of the fiscal year's entries in the FEC's order (journal, number, line), after a cursor: the
 * entries are a range of the numbering's unique index, their lines a range of the lines' primary key, so each page
 * costs the same whatever the year holds. AN sorts before every other journal code (BQ, CAI, CC, ES, EX, HA, OD, VT),
 * so the à-nouveaux open the file as the FEC wants. The journals' names are not joined here: merging them into every
 * page cost more than reading the page itself; they come once, in the context.
 */
function pageQuery(values: Values) {
  const after = values.journalCode ? sql`and (journal_code, number) > (${values.journalCode}, ${values.number})` : sql``
  return sql`
    select e.journal_code, e.journal_label, e.number, e.dated_at::text, l.account_code, l.account_label,
           l.auxiliary_code, l.auxiliary_label, e.piece_ref, e.piece_date::text, l.label, l.debit::text,
           l.credit::text, l.settles_piece_ref, e.posted_on::text
    from (select * from ledger_entries
          where organization_id = ${values.organizationId} and fiscal_year_start = ${values.fiscalYearStart} ${after}
          order by journal_code, number limit ${values.entries}) e
    -- Lateral: each entry's lines by the primary key. A plain join let the planner hash the whole ledger for every
    -- page (a sequential scan of a million lines, 167 times for a year).
    cross join lateral (select * from ledger_lines
          where organization_id = e.organization_id and entry_id = e.id order by position) l
    order by e.journal_code, e.number, l.position`
}

/**
 * A page of the FEC as each engine reads it fastest (fec-pages.ts says why): PostgreSQL's rows as arrays, the
 * embedded engine's COPY as one text.
 */
export function createFecPagesRepo(database: Database) {
  const dialect = new PgDialect()

  return {
    async rows(organizationId: number, fiscalYearStart: string, cursor: FecCursor | null, entries: number) {
      const query = dialect.sqlToQuery(
        pageQuery({
          organizationId: sql`${organizationId}`,
          fiscalYearStart: sql`${fiscalYearStart}`,
          journalCode: cursor ? sql`${cursor.journalCode}` : null,
          number: cursor ? sql`${cursor.number}` : null,
          entries: sql`${entries}`,
        }),
      )
      const pool = (database.db as unknown as { $client: pg.Pool }).$client
      const result = await pool.query<Field[]>({ text: query.sql, values: query.params, rowMode: 'array' })
      return result.rows
    },

    async copied(organizationId: number, fiscalYearStart: string, cursor: FecCursor | null, entries: number) {
      if (!Number.isSafeInteger(organizationId) || !Number.isSafeInteger(entries)) throw new Error('FEC: bad page')
      if (!/^\d{4}-\d{2}-\d{2}$/.test(fiscalYearStart)) throw new Error('FEC: bad fiscal year')
      const query = pageQuery({
        organizationId: sql.raw(String(organizationId)),
        fiscalYearStart: sql.raw(literal(fiscalYearStart)),
        journalCode: cursor ? sql.raw(literal(cursor.journalCode)) : null,
        number: cursor ? sql.raw(String(Math.trunc(cursor.number))) : null,
        entries: sql.raw(String(entries)),
      })
      const statement = dialect.sqlToQuery(
        sql`copy (${query}) to '/dev/blob' with (format text, delimiter E'\x1f', null E'\x1e')`,
      )
      if (statement.params.length > 0) throw new Error('FEC: a value left as a parameter')
      const client = (database.db as unknown as { $client: PGlite }).$client
      const [result] = await client.exec(statement.sql)
      return result?.blob ? await result.blob.text() : ''
    },
  }
}
