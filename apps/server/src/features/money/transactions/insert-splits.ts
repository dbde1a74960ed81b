import type { DbOrTx } from '../../../db/client'
import { insertSplitRows, type SplitRow } from './splits-repo'

export type { SplitRow } from './splits-repo'

/**
 * The splits of many transactions written at once, in the caller's database transaction: the imports and the rules
 * write thousands of lines' parts in one statement. The repo stays this feature's.
 */
export async function insertSplits(tx: DbOrTx, organizationId: number, rows: readonly SplitRow[]) {
  await insertSplitRows(tx, organizationId, rows)
}
