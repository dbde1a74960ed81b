import {
  ACTIVITY_CODES,
  ALLOCATION_NAME_MAX,
  type AllocationInput,
  DEFAULT_ACCOUNTING_ENTRY_IDS,
  messages,
  type TransactionBulkBody,
  transactionBulkSchema,
} from '@app/domain'
import type { Db } from '../../../db/client'
import { type ActivityEntry, recordActivity } from '../../../lib/activity-log'
import { conflict, fieldError, unprocessable } from '../../../lib/errors'
import { actorId, type Tenant } from '../../../lib/tenant'
import type { Books } from '../../books/ledger/books'
import { type BulkSelected, createBulkRepo } from './bulk-repo'
import { type AllocationValues, createTransactionRepo } from './repo'

const m = messages.transactions

type Category = { id: number; name: string; code: string }

/** The categories that categorise a split: the holding account (471000) only parks a line until it is sorted out. */
const categorising = (ids: readonly number[]) => [
  ...new Set(ids.filter((id) => id !== DEFAULT_ACCOUNTING_ENTRY_IDS.HOLDING)),
]

/**
 * The history of a category given to many transactions, as recordSplitChange (platform/activities/money.ts) tells
 * one split written by a person, in one insert: "categorised" where the category is new to the split, "uncategorised"
 * where the holding account replaces categories, nothing where they stay the same.
 */
function splitChanges(
  rows: readonly BulkSelected[],
  before: ReadonlyMap<number, number[]>,
  category: Category,
  entry: Pick<ActivityEntry, 'organizationId' | 'userId'>,
): ActivityEntry[] {
  const is = categorising([category.id])
  return rows.flatMap((row): ActivityEntry[] => {
    const was = categorising(before.get(row.id) ?? [])
    if (was.length === is.length && was.every((id) => is.includes(id))) return []
    const subject = { ...entry, subjectType: 'transaction' as const, subjectId: row.id }
    if (is.length === 0) return [{ ...subject, code: ACTIVITY_CODES.transactionUncategorized }]
    return [{ ...subject, code: ACTIVITY_CODES.transactionCategorized, payload: { categories: [category] } }]
  })
}

/**
 * The bulk bar (spec/money.md §4 "Grouped actions", §5): validate, one category for all, or without receipt. All or
 * nothing: the selection is read under row locks and checked whole before anything changes, so a refusal leaves every
 * transaction as it was. Each action is a few statements for the whole selection.
 */
export function createTransactionBulk(deps: {
  db: Db
  books: Books
  partsOf: (tenant: Tenant, parts: AllocationInput[]) => Promise<AllocationValues[]>
  /** The history's time (the clock's, as an ISO string). */
  now: () => string
}) {
  /**
   * The parts of a category given to every transaction of the selection, computed before the locks are taken (on
   * PGlite the one connection is the transaction's while it is open). The category's tax depends on the sign of the
   * amount alone: it is looked up for one transaction of each sign, then named in every part, which spares two
   * queries a transaction.
   */
  async function categoryParts(tenant: Tenant, rows: { id: number; name: string; amount: string }[], entryId: number) {
    const repo = createTransactionRepo(deps.db)
    const [entry] = await repo.entriesByIds(tenant.organizationId, [entryId])
    if (!entry) throw fieldError('accountingEntryId', messages.validation.choiceInvalid)
    if (entry.code === '0') throw fieldError('accountingEntryId', m.folderNotCategory)
    if (!entry.isActive) throw fieldError('accountingEntryId', messages.accountingEntries.inactive)
    const inputOf = (row: { name: string; amount: string }, taxId?: number): AllocationInput => ({
      name: row.name.slice(0, ALLOCATION_NAME_MAX),
      amount: row.amount,
      accountingEntryId: entryId,
      taxManual: false,
      ...(taxId === undefined ? {} : { taxId }),
    })
    const taxBySign = new Map<boolean, number>()
    for (const row of rows) {
      const sign = row.amount.startsWith('-')
      if (taxBySign.has(sign)) continue
      const [part] = await deps.partsOf(tenant, [inputOf(row)]).catch(() => [])
      // No tax fits: the whole selection is read again, and refused with the transaction's own position.
      if (!part) return { entry, parts: await partsByRow(tenant, rows, inputOf) }
      taxBySign.set(sign, part.taxId)
    }
    const parts = await deps.partsOf(
      tenant,
      rows.map((row) => inputOf(row, taxBySign.get(row.amount.startsWith('-')))),
    )
    return { entry, parts: new Map(rows.map((row, index) => [row.id, { amount: row.amount, part: parts[index] }])) }
  }

  async function partsByRow(
    tenant: Tenant,
    rows: { id: number; name: string; amount: string }[],
    inputOf: (row: { name: string; amount: string }) => AllocationInput,
  ) {
    const parts = await deps.partsOf(tenant, rows.map(inputOf))
    return new Map(rows.map((row, index) => [row.id, { amount: row.amount, part: parts[index] }]))
  }

  return async function bulk(tenant: Tenant, body: TransactionBulkBody) {
    const input = transactionBulkSchema.parse(body)
    const ids = [...new Set(input.ids)]
    const prepared =
      input.action === 'categorize'
        ? await categoryParts(
            tenant,
            await createBulkRepo(deps.db).labelsAndAmounts(tenant.organizationId, ids),
            input.accountingEntryId as number,
          )
        : null
    return deps.db.transaction(async (tx) => {
      const repo = createBulkRepo(tx)
      const rows = await repo.selection(tenant.organizationId, ids)
      if (rows.length !== ids.length) throw fieldError('ids', messages.validation.choiceInvalid)
      if (input.action === 'validate') {
        if (rows.some((row) => row.parts === 0)) throw unprocessable(m.bulkNotCategorized, 'BULK_NOT_CATEGORIZED')
        await repo.markValidated(tenant.organizationId, ids)
      } else if (input.action === 'no-receipt') {
        if (rows.some((row) => row.documents > 0)) throw unprocessable(m.bulkHasReceipt, 'BULK_HAS_RECEIPT')
        await repo.markNoReceipt(tenant.organizationId, ids)
      } else {
        if (rows.some((row) => row.isChecked || row.isValidated)) throw unprocessable(m.bulkLocked, 'BULK_LOCKED')
        if (rows.some((row) => row.parts > 1)) throw unprocessable(m.bulkAlreadySplit, 'BULK_ALREADY_SPLIT')
        const negatives = rows.filter((row) => row.amount.startsWith('-')).length
        if (negatives > 0 && negatives < rows.length) throw unprocessable(m.bulkMixedSigns, 'BULK_MIXED_SIGNS')
        const parts = rows.map((row) => {
          const ready = prepared?.parts.get(row.id)
          // Changed by someone else between the two reads: the whole selection is refused, nothing is half-done.
          if (!ready?.part || ready.amount !== row.amount) throw conflict()
          return { ...ready.part, position: 0, transactionId: row.id }
        })
        const before = await repo.categoriesOf(tenant.organizationId, ids)
        await repo.replaceSplits(tenant.organizationId, ids, parts)
        const { entry } = prepared as NonNullable<typeof prepared>
        const category = { id: entry.id, name: entry.name, code: entry.code }
        const organization = { organizationId: tenant.organizationId, userId: actorId(tenant) }
        await recordActivity(tx, splitChanges(rows, before, category, organization), deps.now())
      }
      await deps.books.post(tx, { organizationId: tenant.organizationId, transactions: ids })
      return { updated: rows.length }
    })
  }
}
