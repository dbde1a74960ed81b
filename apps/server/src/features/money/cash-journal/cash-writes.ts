import { messages, type TransactionDto } from '@app/domain'
import type { Db, Tx } from '../../../db/client'
import { conflict, notFound } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import type { Books } from '../../books/ledger/books'
import { journalForOperations } from '../journals/default-journal'
import type { TransactionService } from '../transactions/service'
import { type AllocationValues, insertTransaction, rewriteTransaction, storedTransaction } from '../transactions/writes'
import { recordCashEntry } from './record'

type CashJournalType = 'CAI' | 'ES'

/**
 * A cash movement (/cash-operations) or a cash sale (/cash-sales) of one journal type; one of another journal is
 * absent from that resource (404), as another tenant's is.
 */
export async function cashTransactionOf(
  transactions: TransactionService,
  tenant: Tenant,
  id: number,
  typeCode: CashJournalType,
): Promise<TransactionDto> {
  const transaction = await transactions.get(tenant, id)
  if (transaction.journal.journalTypeCode !== typeCode) throw notFound()
  return transaction
}

/** A cash line checked or validated is no longer changed (409). */
export function assertUnlocked(row: { isChecked: boolean; isValidated: boolean }) {
  if (row.isChecked || row.isValidated) throw conflict(messages.transactions.locked, 'TRANSACTION_LOCKED')
}

/**
 * The two writes of a cash movement or sale besides its deletion (guarded-transactions.ts): the transaction, its
 * entry in the unalterable journal and its posting commit together or not at all (decision 0038).
 */
export function createCashWrites(deps: { db: Db; books: Books; now: () => Date }) {
  return {
    /** A new one, in the journal named or else the type's journal (made on first use); answers its id. */
    async record(
      organizationId: number,
      journal: { typeCode: CashJournalType; defaultName: string; id?: number },
      values: { name: string; datedAt: string; amount: string },
      parts: AllocationValues[],
    ): Promise<number> {
      return deps.db.transaction(async (tx) => {
        const journalId =
          journal.id ?? (await journalForOperations(tx, organizationId, journal.typeCode, journal.defaultName))
        const id = await insertTransaction(
          tx,
          organizationId,
          {
            journalId,
            name: values.name,
            rawName: values.name,
            datedAt: values.datedAt,
            amount: values.amount,
            origin: 'manual',
          },
          parts,
        )
        await recordCashEntry(tx, { organizationId, transactionId: id, kind: 'RECORD', now: deps.now() })
        await deps.books.post(tx, { organizationId, transactions: [id] })
        return id
      })
    },

    /**
     * Its fields and lines rewritten, the lock read again inside the database transaction (a check or a validation
     * may have come since the caller's); `alongside` writes what the caller's change adds before the correction entry.
     */
    async correct(
      organizationId: number,
      id: number,
      values: { name: string; datedAt: string; amount: string },
      parts: AllocationValues[],
      alongside?: (tx: Tx) => Promise<void>,
    ): Promise<void> {
      await deps.db.transaction(async (tx) => {
        const row = await storedTransaction(tx, organizationId, id)
        if (!row) throw notFound()
        assertUnlocked(row)
        const { name, datedAt, amount } = values
        await rewriteTransaction(tx, organizationId, id, { name, datedAt, amount }, parts)
        await alongside?.(tx)
        await recordCashEntry(tx, { organizationId, transactionId: id, kind: 'CORRECTION', now: deps.now() })
        await deps.books.post(tx, { organizationId, transactions: [id] })
      })
    },
  }
}
