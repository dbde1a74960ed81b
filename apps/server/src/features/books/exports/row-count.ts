import type { DbOrTx } from '../../../db/client'
import { createExportRepo } from './repo'

/**
 * How many lines an export will write, told before the first one (the X-Export-Rows header) so that the page can say
 * how far a long download is. One count on the lines' date index, a fraction of the export's own time.
 */
export function createExportRowCount(db: DbOrTx) {
  /** Its header, then one row per ledger line dated in [from, to]. */
  async function period(organizationId: number, from: string, to: string): Promise<number> {
    return (await createExportRepo(db).linesDatedBetween(organizationId, from, to)) + 1
  }

  return {
    /** The accounting CSV of a period. */
    period,
    /** The FEC of a fiscal year: a line is dated in its entry's fiscal year, so the lines' dates say which. */
    fec: (organizationId: number, year: { start: string; end: string }) => period(organizationId, year.start, year.end),
  }
}
