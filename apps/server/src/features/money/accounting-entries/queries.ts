import type { DbOrTx } from '../../../db/client'
import { createAccountingEntryRepo } from './repo'

/** The categories among `ids` an organisation may use (general or its own), with its active state: what a rule names. */
export async function categoriesAmong(db: DbOrTx, organizationId: number, ids: number[]) {
  return createAccountingEntryRepo(db).findMany(organizationId, ids)
}
