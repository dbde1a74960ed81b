import {
  abs,
  type CashOperationCreateBody,
  type CashOperationList,
  type CashOperationListQuery,
  type CashOperationSaved,
  type CashOperationUpdateBody,
  cashOperationAmount,
  cashOperationCreateSchema,
  cashOperationMergedSchema,
  isCashExit,
  isZero,
  messages,
  moneyMessages,
  negate,
  negativeCashWarning,
  signedCashAmounts,
  type TransactionDto,
  toCents,
} from '@app/domain'
import type { Db } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { fieldError } from '../../../lib/errors'
import { mergePatch } from '../../../lib/patch'
import { actorId, type Tenant } from '../../../lib/tenant'
import type { Books } from '../../books/ledger/books'
import { recordSplitChange } from '../../platform/activities/money'
import { assertUnlocked, cashTransactionOf, createCashWrites } from '../cash-journal/cash-writes'
import { allocationBodiesOf } from '../transactions/allocation-bodies'
import type { TransactionService } from '../transactions/service'
import { createCashRepo } from './repo'

const m = messages.cash

type CashLine = {
  name: string
  amount: string
  accountingEntryId: number
  taxId?: number | null
  taxManual: boolean
  taxAmount?: string | null
}

/**
 * The lines as the books keep them (spec/money.md §5): an exit negative and an entry positive whatever was typed,
 * and a VAT typed by hand with the sign of its line.
 */
function signedLines(lines: readonly CashLine[]) {
  const amounts = signedCashAmounts(lines)
  return lines.map((line, index) => {
    const amount = amounts[index] as string
    const taxAmount =
      line.taxAmount === null || line.taxAmount === undefined
        ? line.taxAmount
        : toCents(isCashExit(line.name) ? negate(abs(line.taxAmount)) : abs(line.taxAmount))
    return { ...line, amount, taxAmount }
  })
}

/** A movement that adds up to nothing moves no money: the books would hold an empty line (and /transactions refuses it). */
function amountOf(lines: readonly CashLine[]) {
  const amount = cashOperationAmount(lines)
  if (isZero(amount)) throw fieldError('allocations', moneyMessages.notZero)
  return amount
}

/**
 * Cash operations (spec/money.md §2 /app/financial/cash, §3, §5): transactions of the organisation's cash journal
 * (CAI), each line an "Entrée" or a "Sortie". Listing and editing go through the transactions service; creation writes
 * the journal (on first use), the transaction and its split in one database transaction.
 *
 * A balance that goes below zero is never silent: the answer carries a warning. It is saved anyway, because a cash book
 * is the record of what happened: refusing an exit that really took place would push people to leave it out or to
 * backdate an entry, while an entry forgotten earlier (the float, a withdrawal from the bank) is the usual cause and is
 * corrected by adding it. The warning keeps showing on the list while the balance stays negative.
 */
export function createCashService(deps: { db: Db; books: Books; transactions: TransactionService; clock?: Clock }) {
  const repo = createCashRepo(deps.db)
  const now = () => deps.clock?.() ?? new Date()
  const writes = createCashWrites({ db: deps.db, books: deps.books, now })
  const load = (tenant: Tenant, id: number) => cashTransactionOf(deps.transactions, tenant, id, 'CAI')

  /** The answer to a write: the operation, its cash box's balance, and the warning when it dips below zero. */
  async function saved(tenant: Tenant, transaction: TransactionDto, since: string): Promise<CashOperationSaved> {
    const [balance, lowest] = await Promise.all([
      repo.balance(tenant.organizationId, transaction.journalId),
      repo.lowestBalanceFrom(tenant.organizationId, transaction.journalId, since),
    ])
    return { data: transaction, balance, warning: lowest === null ? null : negativeCashWarning(lowest) }
  }

  return {
    /** Newest first, with the cash balance (every movement, not only the page's) and its warning in `meta`. */
    async list(tenant: Tenant, query: CashOperationListQuery): Promise<CashOperationList> {
      const journalId = query['filter[journalId]']
      const [page, balance] = await Promise.all([
        deps.transactions.listOfJournalTypes(tenant, query, ['CAI']),
        repo.balance(tenant.organizationId, journalId),
      ])
      return { data: page.data, meta: { ...page.meta, balance, warning: negativeCashWarning(balance) } }
    },

    get: load,

    async create(tenant: Tenant, body: CashOperationCreateBody): Promise<CashOperationSaved> {
      const input = cashOperationCreateSchema.parse(body)
      const lines = signedLines(input.allocations)
      const amount = amountOf(input.allocations)
      if (input.journalId !== undefined && !(await repo.cashJournal(tenant.organizationId, input.journalId)))
        throw fieldError('journalId', m.journalInvalid)
      const parts = await deps.transactions.partsOf(tenant, lines)
      const id = await writes.record(
        tenant.organizationId,
        { typeCode: 'CAI', defaultName: m.defaultJournalName, id: input.journalId },
        { name: input.name, datedAt: input.datedAt, amount },
        parts,
      )
      return saved(tenant, await deps.transactions.get(tenant, id), input.datedAt)
    },

    /**
     * PATCH: merged into the stored operation and checked whole, the lines signed again, then written by the
     * transactions service (its locks, its split rules). The warning looks from the earlier of the old and the new
     * date: an entry moved later leaves the days in between without it.
     */
    async update(tenant: Tenant, id: number, body: CashOperationUpdateBody): Promise<CashOperationSaved> {
      const current = await load(tenant, id)
      assertUnlocked(current)
      const merged = mergePatch(
        cashOperationMergedSchema,
        {
          name: current.name,
          datedAt: current.datedAt,
          allocations: allocationBodiesOf(current),
        },
        body,
      )
      const before = current.transactionAllocations.map((line) => line.accountingEntryId)
      const parts = await deps.transactions.partsOf(tenant, signedLines(merged.allocations), new Set(before), {
        journalTypeCode: 'CAI',
        datedAt: merged.datedAt,
      })
      const amount = amountOf(merged.allocations)
      // Written here rather than by the transactions service: the correction entry of the unalterable journal must
      // commit with the change (decision 0038).
      await writes.correct(
        tenant.organizationId,
        id,
        { name: merged.name, datedAt: merged.datedAt, amount },
        parts,
        (tx) =>
          recordSplitChange(tx, {
            organizationId: tenant.organizationId,
            userId: actorId(tenant),
            transactionId: id,
            before,
            after: parts.map((part) => part.accountingEntryId),
            now: now().toISOString(),
          }),
      )
      const updated = await deps.transactions.get(tenant, id)
      const since = merged.datedAt < current.datedAt ? merged.datedAt : current.datedAt
      return saved(tenant, updated, since)
    },
  }
}

export type CashService = ReturnType<typeof createCashService>
