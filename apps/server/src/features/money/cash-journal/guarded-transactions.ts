import { cashJournalMessages, messages, type TransactionBulkBody, type TransactionUpdateBody } from '@app/domain'
import type { Db } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { conflict, unprocessable } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import type { Books } from '../../books/ledger/books'
import type { TransactionService } from '../transactions/service'
import { deleteTransaction } from '../transactions/writes'
import { concernOf } from './chain'
import { recordCashEntry } from './record'
import { countCashLines } from './repo'

const CASH_JOURNALS = new Set(['CAI', 'ES'])

/**
 * The transactions service as /transactions serves it, with the unalterable journal's two doors (decision 0038): a
 * cash sale or movement deleted through DELETE /transactions/{id} leaves a CANCELLATION entry written in the same
 * database transaction as the delete; a cash movement of an organisation the law concerns is edited through
 * /cash-operations (its CORRECTION entry), not through PATCH /transactions, which would change it without a trace.
 */
export function withCashJournal(
  transactions: TransactionService,
  deps: { db: Db; books: Books; clock: Clock },
): TransactionService {
  return {
    ...transactions,

    async update(tenant: Tenant, id: number, body: TransactionUpdateBody) {
      const current = await transactions.get(tenant, id)
      if (current.journal.journalTypeCode === 'CAI' && (await concernOf(deps.db, tenant.organizationId)).concerned)
        throw conflict(cashJournalMessages.editViaCash, 'CASH_OPERATION_ROUTE')
      return transactions.update(tenant, id, body)
    },

    /** Categorising a cash movement in bulk would rewrite its line without a trace: refused (422, as the bar's other refusals). */
    async bulk(tenant: Tenant, body: TransactionBulkBody) {
      const categorize = (body as { action?: unknown }).action === 'categorize'
      const ids = Array.isArray((body as { ids?: unknown }).ids) ? (body as { ids: unknown[] }).ids : []
      const numeric = ids.filter((id): id is number => Number.isSafeInteger(id))
      if (categorize && numeric.length > 0 && (await concernOf(deps.db, tenant.organizationId)).concerned) {
        if ((await countCashLines(deps.db, tenant.organizationId, numeric)) > 0)
          throw unprocessable(cashJournalMessages.editViaCash, 'CASH_OPERATION_ROUTE')
      }
      return transactions.bulk(tenant, body)
    },

    async remove(tenant: Tenant, id: number) {
      const current = await transactions.get(tenant, id)
      if (!CASH_JOURNALS.has(current.journal.journalTypeCode)) return transactions.remove(tenant, id)
      if (current.isChecked || current.isValidated) throw conflict(messages.transactions.locked, 'TRANSACTION_LOCKED')
      await deps.db.transaction(async (tx) => {
        // Read before the delete: the cancellation names what it cancels.
        await recordCashEntry(tx, {
          organizationId: tenant.organizationId,
          transactionId: id,
          kind: 'CANCELLATION',
          now: deps.clock(),
        })
        const reached = await deps.books.reach(tx, { organizationId: tenant.organizationId, transactions: [id] })
        await deleteTransaction(tx, tenant.organizationId, id)
        await deps.books.post(tx, reached)
      })
    },
  }
}
