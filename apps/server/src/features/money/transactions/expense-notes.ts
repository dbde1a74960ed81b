import { type AllocationInput, type JournalTypeCode, messages, type TransactionDto } from '@app/domain'
import type { Db } from '../../../db/client'
import { conflict } from '../../../lib/errors'
import { actorId, type Tenant } from '../../../lib/tenant'
import type { Books } from '../../books/ledger/books'
import { recordExpenseNote } from '../../platform/activities/money'
import type { PartsBuilder } from './parts'
import { type AllocationValues, createTransactionRepo } from './repo'
import { createSourceLinkRepo } from './source-links-repo'

/** What an expense note is made of: its account, its name and date, its lines, the bank line it comes from. */
export type ExpenseNote = {
  journalId: number
  journalTypeCode: JournalTypeCode
  name: string
  datedAt: string
  hasNoReceipt: boolean
  allocations: AllocationInput[]
  sourceTransactionId: number | null
  /** The bank line's name, for the history of both. */
  sourceName?: string
  /** Categories taken even when switched off (the holding category of a note made from a bank line). */
  kept?: ReadonlySet<number>
}

/**
 * Writes an expense note in an associate or operator account (for features/money/expenses), its lines positive and its
 * amount their sum. Made from a bank line, it is the only one: a second is refused (409), the bank line held
 * meanwhile so that two requests at once cannot both make one.
 */
export function createExpenseNotes(deps: {
  db: Db
  books: Books
  partsOf: PartsBuilder
  amountOf: (journalTypeCode: string, amount: string, parts: AllocationValues[]) => string
  read: (tenant: Tenant, id: number) => Promise<TransactionDto>
  now: () => string
}) {
  return async function createExpenseNote(tenant: Tenant, note: ExpenseNote): Promise<TransactionDto> {
    const context = { journalTypeCode: note.journalTypeCode, datedAt: note.datedAt }
    const parts = await deps.partsOf(tenant, note.allocations, note.kept, context)
    const id = await deps.db.transaction(async (tx) => {
      const sourceLinks = createSourceLinkRepo(tx)
      if (note.sourceTransactionId !== null) {
        await sourceLinks.lock(tenant.organizationId, note.sourceTransactionId)
        if ((await sourceLinks.notesOf(tenant.organizationId, [note.sourceTransactionId])).length > 0)
          throw conflict(messages.expenses.alreadyMade, 'EXPENSE_ALREADY_MADE')
      }
      const transactions = createTransactionRepo(tx)
      const id = await transactions.insert(tenant.organizationId, {
        journalId: note.journalId,
        name: note.name,
        rawName: note.name,
        datedAt: note.datedAt,
        amount: deps.amountOf(note.journalTypeCode, '0', parts),
        hasNoReceipt: note.hasNoReceipt,
        origin: 'manual',
        sourceTransactionId: note.sourceTransactionId,
      })
      await transactions.replaceAllocations(tenant.organizationId, id, parts)
      await recordExpenseNote(tx, {
        organizationId: tenant.organizationId,
        userId: actorId(tenant),
        noteId: id,
        noteName: note.name,
        source:
          note.sourceTransactionId === null ? null : { id: note.sourceTransactionId, name: note.sourceName ?? '' },
        now: deps.now(),
      })
      await deps.books.post(tx, { organizationId: tenant.organizationId, transactions: [id] })
      return id
    })
    return deps.read(tenant, id)
  }
}
