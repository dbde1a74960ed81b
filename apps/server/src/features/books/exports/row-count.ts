import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'

/**
 * How many lines an export will write, told before the first one (the X-Export-Rows header) so that the page can say
 * how far a long download is. One count on the lines' date index, a fraction of the export's own time.
 */
export function createExportRowCount(db: DbOrTx) {
  /** Its header, then one row per ledger line dated in [from, to]. */
  async function period(organizationId: number, from: string, to: string): Promise<number> {
    const result = await db.execute<{ n: string }>(sql`
      select count(*)::text as n from ledger_lines
      where organization_id = ${organizationId} and dated_at between ${from} and ${to}`)
    return Number(result.rows[0]?.n ?? 0) + 1
  }

  return {
    /** The accounting CSV of a period. */
    period,
    /** The FEC of a fiscal year: a line is dated in its entry's fiscal year, so the lines' dates say which. */
    fec: (organizationId: number, year: { start: string; end: string }) => period(organizationId, year.start, year.end),
  }
}
