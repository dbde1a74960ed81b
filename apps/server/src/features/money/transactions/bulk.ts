import {
  ALLOCATION_NAME_MAX,
  type AllocationInput,
  messages,
  type TransactionBulkBody,
  transactionBulkSchema,
} from '@app/domain'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../../db/client'
import {
  receiptTransactions,
  transactionAllocations,
  transactionInvoices,
  transactions,
} from '../../../db/schema/index'
import { conflict, fieldError, unprocessable } from '../../../lib/errors'
import { actorId, type Tenant } from '../../../lib/tenant'
import type { Books } from '../../books/ledger/books'
import { recordSplitChange } from '../../platform/activities/money'
import { type AllocationValues, createTransactionRepo } from './repo'

const m = messages.transactions

type Selected = {
  id: number
  name: string
  amount: string
  isChecked: boolean
  isValidated: boolean
  parts: number
  documents: number
}

/**
 * The bulk bar (spec/money.md §4 "Grouped actions", §5): validate, one category for all, or without receipt. All or
 * nothing: the selection is read under row locks and checked whole before anything changes, so a refusal leaves every
 * transaction as it was.
 */
export function createTransactionBulk(deps: {
  db: Db
  books: Books
  partsOf: (tenant: Tenant, parts: AllocationInput[]) => Promise<AllocationValues[]>
  /** The history's time (the clock's, as an ISO string). */
  now: () => string
}) {
  async function selection(tx: DbOrTx, organizationId: number, ids: number[], lock: boolean): Promise<Selected[]> {
    const query = tx
      .select({
        id: transactions.id,
        name: transactions.name,
        amount: transactions.amount,
        isChecked: transactions.isChecked,
        isValidated: transactions.isValidated,
      })
      .from(transactions)
      .where(and(eq(transactions.organizationId, organizationId), inArray(transactions.id, ids)))
    const rows = lock ? await query.for('update') : await query
    const counted = (table: typeof transactionAllocations | typeof transactionInvoices | typeof receiptTransactions) =>
      tx
        .select({ id: table.transactionId, total: sql<number>`count(*)::int` })
        .from(table)
        .where(and(eq(table.organizationId, organizationId), inArray(table.transactionId, ids)))
        .groupBy(table.transactionId)
    const [parts, invoicesPaid, receiptsAttached] = await Promise.all([
      counted(transactionAllocations),
      counted(transactionInvoices),
      counted(receiptTransactions),
    ])
    return rows.map((row) => ({
      ...row,
      parts: parts.find((p) => p.id === row.id)?.total ?? 0,
      documents:
        (invoicesPaid.find((d) => d.id === row.id)?.total ?? 0) +
        (receiptsAttached.find((d) => d.id === row.id)?.total ?? 0),
    }))
  }

  /**
   * The parts of a category given to every transaction of the selection, computed before the locks are taken (the
   * category's tax is looked up once; on PGlite the one connection is the transaction's while it is open).
   */
  async function categoryParts(tenant: Tenant, rows: { id: number; name: string; amount: string }[], entryId: number) {
    const repo = createTransactionRepo(deps.db)
    const [entry] = await repo.entriesByIds(tenant.organizationId, [entryId])
    if (!entry) throw fieldError('accountingEntryId', messages.validation.choiceInvalid)
    if (entry.code === '0') throw fieldError('accountingEntryId', m.folderNotCategory)
    if (!entry.isActive) throw fieldError('accountingEntryId', messages.accountingEntries.inactive)
    const parts = await deps.partsOf(
      tenant,
      rows.map((row) => ({
        name: row.name.slice(0, ALLOCATION_NAME_MAX),
        amount: row.amount,
        accountingEntryId: entryId,
        taxManual: false,
      })),
    )
    return new Map(rows.map((row, index) => [row.id, { amount: row.amount, part: parts[index] as AllocationValues }]))
  }

  return async function bulk(tenant: Tenant, body: TransactionBulkBody) {
    const input = transactionBulkSchema.parse(body)
    const ids = [...new Set(input.ids)]
    const prepared =
      input.action === 'categorize'
        ? await categoryParts(
            tenant,
            await selection(deps.db, tenant.organizationId, ids, false),
            input.accountingEntryId as number,
          )
        : null
    return deps.db.transaction(async (tx) => {
      const rows = await selection(tx, tenant.organizationId, ids, true)
      if (rows.length !== ids.length) throw fieldError('ids', messages.validation.choiceInvalid)
      const repo = createTransactionRepo(tx)
      if (input.action === 'validate') {
        if (rows.some((row) => row.parts === 0)) throw unprocessable(m.bulkNotCategorized, 'BULK_NOT_CATEGORIZED')
        await tx
          .update(transactions)
          .set({ isValidated: true, isChecked: false, updatedAt: sql`now()` })
          .where(and(eq(transactions.organizationId, tenant.organizationId), inArray(transactions.id, ids)))
      } else if (input.action === 'no-receipt') {
        if (rows.some((row) => row.documents > 0)) throw unprocessable(m.bulkHasReceipt, 'BULK_HAS_RECEIPT')
        await tx
          .update(transactions)
          .set({ hasNoReceipt: true, updatedAt: sql`now()` })
          .where(and(eq(transactions.organizationId, tenant.organizationId), inArray(transactions.id, ids)))
      } else {
        if (rows.some((row) => row.isChecked || row.isValidated)) throw unprocessable(m.bulkLocked, 'BULK_LOCKED')
        if (rows.some((row) => row.parts > 1)) throw unprocessable(m.bulkAlreadySplit, 'BULK_ALREADY_SPLIT')
        const negatives = rows.filter((row) => row.amount.startsWith('-')).length
        if (negatives > 0 && negatives < rows.length) throw unprocessable(m.bulkMixedSigns, 'BULK_MIXED_SIGNS')
        const before = await repo.allocationsOf(tenant.organizationId, ids)
        for (const row of rows) {
          const ready = prepared?.get(row.id)
          // Changed by someone else between the two reads: the whole selection is refused, nothing is half-done.
          if (!ready || ready.amount !== row.amount) throw conflict()
          await repo.replaceAllocations(tenant.organizationId, row.id, [{ ...ready.part, position: 0 }])
          await repo.update(tenant.organizationId, row.id, {})
          await recordSplitChange(tx, {
            organizationId: tenant.organizationId,
            userId: actorId(tenant),
            transactionId: row.id,
            before: before
              .filter(({ allocation }) => allocation.transactionId === row.id)
              .map(({ allocation }) => allocation.accountingEntryId),
            after: [ready.part.accountingEntryId],
            now: deps.now(),
          })
        }
      }
      await deps.books.post(tx, { organizationId: tenant.organizationId, transactions: ids })
      return { updated: rows.length }
    })
  }
}
