import type { DbOrTx } from '../../../db/client'
import { type AllocationValues, createTransactionRepo, type TransactionValues } from './repo'
import { createSourceLinkRepo } from './source-links-repo'

export type { AllocationValues, TransactionValues } from './repo'

/*
 * What other features write to a transaction inside their own database transaction (a cash movement or sale, the
 * unalterable journal's entry): it must commit with their other writes, so they cannot go through the service, which
 * opens its own. The repo stays this feature's.
 */

/** A new transaction with its split; answers its id. */
export async function insertTransaction(
  tx: DbOrTx,
  organizationId: number,
  values: TransactionValues,
  parts: AllocationValues[],
) {
  const transactions = createTransactionRepo(tx)
  const id = await transactions.insert(organizationId, values)
  await transactions.replaceAllocations(organizationId, id, parts)
  return id
}

/** The stored transaction as this database transaction sees it (its locks read again before a change). */
export async function storedTransaction(tx: DbOrTx, organizationId: number, id: number) {
  return (await createTransactionRepo(tx).find(organizationId, id))?.transaction
}

/** Some fields of a transaction changed and its split replaced whole. */
export async function rewriteTransaction(
  tx: DbOrTx,
  organizationId: number,
  id: number,
  values: Partial<TransactionValues>,
  parts: AllocationValues[],
) {
  const transactions = createTransactionRepo(tx)
  await transactions.update(organizationId, id, values)
  await transactions.replaceAllocations(organizationId, id, parts)
}

/** The transaction deleted; a bank line's expense note stays, no longer linked to it. */
export async function deleteTransaction(tx: DbOrTx, organizationId: number, id: number) {
  await createTransactionRepo(tx).delete(organizationId, id)
  await createSourceLinkRepo(tx).unlinkNotesOf(organizationId, id)
}
