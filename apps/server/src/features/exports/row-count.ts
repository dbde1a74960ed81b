import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'

const countOf = (rows: { n: string }[]) => Number(rows[0]?.n ?? 0)

/**
 * How many lines an export will write, told before the first one (the X-Export-Rows header) so that the page can say
 * how far a long download is. One count on the index the export itself reads, a fraction of its time.
 */
export function createExportRowCount(db: DbOrTx) {
  return {
    /** The FEC of the fiscal year starting on `fiscalYearStart`: its header, then one row per ledger line. */
    async fec(organizationId: number, fiscalYearStart: string): Promise<number> {
      const result = await db.execute<{ n: string }>(sql`
        select count(*)::text as n from ledger_lines l
        join ledger_entries e on e.organization_id = l.organization_id and e.id = l.entry_id
        where e.organization_id = ${organizationId} and e.fiscal_year_start = ${fiscalYearStart}`)
      return countOf(result.rows) + 1
    },

    /** The accounting CSV of a period: its header, then one row per ledger line dated in it. */
    async period(organizationId: number, from: string, to: string): Promise<number> {
      const result = await db.execute<{ n: string }>(sql`
        select count(*)::text as n from ledger_lines
        where organization_id = ${organizationId} and dated_at between ${from} and ${to}`)
      return countOf(result.rows) + 1
    },
  }
}
