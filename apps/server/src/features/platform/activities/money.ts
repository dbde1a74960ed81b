import { ACTIVITY_CODES, DEFAULT_ACCOUNTING_ENTRY_IDS, isBigTransaction } from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import { type ActivityEntry, recordActivity } from '../../../lib/activity-log'
import { createActivityRepo } from './repo'

/**
 * The money side's history (spec/money.md "Activity codes", issue 31): expense notes made, transactions categorised
 * and uncategorised, receipts attached and detached, big bank lines. Each is written with the transaction that makes
 * the change, like the sales side's (decision 0012); the sentences are the domain's.
 */

/** The categories that categorise a split: the holding account (471000) only parks a line until it is sorted out. */
const categorising = (ids: readonly number[]) => [
  ...new Set(ids.filter((id) => id !== DEFAULT_ACCOUNTING_ENTRY_IDS.HOLDING)),
]

/**
 * A split written by a person: "categorised" when it now has categories it did not have (the first, or others),
 * "uncategorised" when none is left; nothing when its categories stay the same (amounts or VAT edited).
 */
export async function recordSplitChange(
  tx: DbOrTx,
  change: {
    organizationId: number
    userId: number | null
    transactionId: number
    before: readonly number[]
    after: readonly number[]
    now: string
  },
) {
  const was = categorising(change.before)
  const is = categorising(change.after)
  if (was.length === is.length && was.every((id) => is.includes(id))) return
  const entry = {
    organizationId: change.organizationId,
    subjectType: 'transaction' as const,
    subjectId: change.transactionId,
    userId: change.userId,
  }
  if (is.length === 0) {
    await recordActivity(tx, { ...entry, code: ACTIVITY_CODES.transactionUncategorized }, change.now)
    return
  }
  const named = new Map((await createActivityRepo(tx).categories(is)).map((row) => [row.id, row]))
  const categories = is.flatMap((id) => named.get(id) ?? [])
  await recordActivity(
    tx,
    { ...entry, code: ACTIVITY_CODES.transactionCategorized, payload: { categories } },
    change.now,
  )
}

/** Receipts attached to (or detached from) a transaction: an entry on the transaction and one on each receipt. */
export async function recordReceiptLinks(
  tx: DbOrTx,
  link: {
    organizationId: number
    userId: number | null
    transactionId: number
    receiptIds: readonly number[]
    attached: boolean
    now: string
  },
) {
  if (link.receiptIds.length === 0) return
  const repo = createActivityRepo(tx)
  const transactionName = await repo.transactionName(link.organizationId, link.transactionId)
  const receiptNames = await repo.receiptNames(link.organizationId, [...link.receiptIds])
  const base = { organizationId: link.organizationId, userId: link.userId }
  const entries: ActivityEntry[] = link.receiptIds.flatMap((receiptId) => [
    {
      ...base,
      subjectType: 'transaction' as const,
      subjectId: link.transactionId,
      code: link.attached ? ACTIVITY_CODES.transactionAttachReceipt : ACTIVITY_CODES.transactionDetachReceipt,
      payload: { receiptId, receiptName: receiptNames.get(receiptId) ?? null },
    },
    {
      ...base,
      subjectType: 'receipt' as const,
      subjectId: receiptId,
      code: link.attached ? ACTIVITY_CODES.receiptAttached : ACTIVITY_CODES.receiptDetached,
      payload: { transactionId: link.transactionId, transactionName },
    },
  ])
  await recordActivity(tx, entries, link.now)
}

/** An expense note made: on the note, and on the bank line it was made from (if any). */
export async function recordExpenseNote(
  tx: DbOrTx,
  note: {
    organizationId: number
    userId: number | null
    noteId: number
    noteName: string
    source: { id: number; name: string } | null
    now: string
  },
) {
  const base = {
    organizationId: note.organizationId,
    userId: note.userId,
    code: ACTIVITY_CODES.transactionCreateExpense,
  }
  const entries: ActivityEntry[] = [
    {
      ...base,
      subjectType: 'transaction',
      subjectId: note.noteId,
      payload: note.source ? { sourceTransactionId: note.source.id, sourceName: note.source.name } : {},
    },
  ]
  if (note.source)
    entries.push({
      ...base,
      subjectType: 'transaction',
      subjectId: note.source.id,
      payload: { expenseNoteId: note.noteId, expenseName: note.noteName },
    })
  await recordActivity(tx, entries, note.now)
}

/** New bank lines (typed, imported, synchronised): the platform marks the big ones (BIG_TRANSACTION_AMOUNT). */
export async function recordBigTransactions(
  tx: DbOrTx,
  organizationId: number,
  lines: readonly { id: number; amount: string }[],
  now: string,
) {
  const entries: ActivityEntry[] = lines
    .filter((line) => isBigTransaction(line.amount))
    .map((line) => ({
      organizationId,
      subjectType: 'transaction',
      subjectId: line.id,
      code: ACTIVITY_CODES.transactionBig,
      userId: null,
      payload: { amount: line.amount },
    }))
  await recordActivity(tx, entries, now)
}
