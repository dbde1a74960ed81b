import type { DbOrTx } from '../../../db/client'
import { createPaymentModesRepo } from './repo'

/** What other features read of the payment modes: the printed document's modes, in the caller's transaction. */

/** Every mode of the reference list with the organisation's row, when it has made one. */
export async function paymentModesOf(db: DbOrTx, organizationId: number) {
  return createPaymentModesRepo(db).list(organizationId)
}
