import {
  abs,
  canManageOrganization,
  currentFiscalYearStart,
  isExpenseJournal,
  type JournalTypeCode,
  linesMakeTheAmount,
  messages,
  pageOffset,
  searchTextOf,
  sum,
  type TransactionCreateBody,
  type TransactionDto,
  type TransactionInvoiceAttachBody,
  type TransactionListQuery,
  type TransactionUpdateBody,
  toCents,
  todayInParis,
  transactionCreateSchema,
  transactionFields,
  transactionMergedSchema,
} from '@app/domain'
import { type Db, type DbOrTx, readTogether } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { conflict, fieldError, forbidden, notFound } from '../../../lib/errors'
import { mergePatch } from '../../../lib/patch'
import { actorId, type Tenant } from '../../../lib/tenant'
import type { OrganizationService } from '../../account/organizations/service'
import type { Books } from '../../books/ledger/books'
import { recordBigTransactions, recordSplitChange } from '../../platform/activities/money'
import type { NotificationService } from '../../platform/notifications/service'
import type { InvoiceService } from '../../sales/invoices/service'
import { createTransactionBulk } from './bulk'
import { createExpenseNotes } from './expense-notes'
import { createInvoiceLinks } from './invoice-links'
import { createInvoiceSuggestions } from './invoice-suggestions'
import { createPartsBuilder } from './parts'
import { presentTransactions } from './presenter'
import { type AllocationValues, createTransactionRepo } from './repo'
import { createSourceLinkRepo } from './source-links-repo'
import { type ActiveRules, createTransactionSuggestions } from './suggestions'
import { deleteTransaction } from './writes'

const m = messages.transactions

/** What the lists of one kind of journal (expense notes, cash operations, cash sales) filter on. */
export type JournalTypeListQuery = Pick<
  TransactionListQuery,
  | 'page'
  | 'pageSize'
  | 'search'
  | 'filter[search]'
  | 'filter[fullSearch]'
  | 'filter[datedAfter]'
  | 'filter[datedBefore]'
  | 'filter[journalId]'
>

/**
 * Bank, cash and expense transactions with their split (spec/money.md §3–§5). A checked or validated transaction is
 * locked: nothing changes it until it is unlocked (409 otherwise); unlocking a validated one is the owner's
 * (canDeleteTransaction, spec/money.md §6).
 */
export function createTransactionService(deps: {
  db: Db
  clock: Clock
  organizations: OrganizationService
  invoices: InvoiceService
  books: Books
  /** The organisation's active rules, for the categories suggested to a line. */
  activeRules: ActiveRules
  /** Thresholds, negative balances, invoices paid by a transfer (decision 0027). */
  notifications?: Pick<NotificationService, 'balancesBefore' | 'bankLinesAdded' | 'invoicePaid'>
}) {
  const repo = createTransactionRepo(deps.db)
  const today = () => todayInParis(deps.clock())

  const load = async (tenant: Tenant, id: number, db: DbOrTx = deps.db) => {
    const row = await createTransactionRepo(db).find(tenant.organizationId, id)
    if (!row) throw notFound()
    return row
  }
  const present = async (tenant: Tenant, rows: Awaited<ReturnType<typeof load>>[], db: DbOrTx = deps.db) => {
    const ids = rows.map((row) => row.transaction.id)
    const lines = createTransactionRepo(db)
    // In turn: the list passes its transaction, one connection.
    const parts = await lines.allocationsOf(tenant.organizationId, ids)
    const extras = await lines.extrasOf(tenant.organizationId, ids)
    const expenseNotes = await createSourceLinkRepo(db).notesOf(tenant.organizationId, ids)
    return presentTransactions(rows, parts, extras, today(), expenseNotes)
  }
  const read = async (tenant: Tenant, id: number) =>
    (await present(tenant, [await load(tenant, id)]))[0] as TransactionDto

  const partsOf = createPartsBuilder(deps)
  /**
   * An expense note's amount is the sum of its lines (spec/money.md §5); other transactions keep theirs, which the
   * schema's sum rule held their lines to.
   */
  const amountOf = (journalTypeCode: string, amount: string, parts: AllocationValues[]) => {
    if (!linesMakeTheAmount(journalTypeCode)) return toCents(amount)
    if (parts.length > 0) return toCents(sum(parts.map((part) => part.amount)))
    return toCents(isExpenseJournal(journalTypeCode) ? abs(amount) : amount)
  }
  /** A cash sale holds two groups of lines that each make its amount: only the cash-sales routes check them. */
  const refuseCashSale = (journalTypeCode: string) => {
    if (journalTypeCode === 'ES') throw conflict(messages.cashSales.editThroughCashSales, 'CASH_SALE_ROUTE')
  }

  const assertUnlocked = (row: { transaction: { isChecked: boolean; isValidated: boolean } }) => {
    if (row.transaction.isChecked || row.transaction.isValidated) throw conflict(m.locked, 'TRANSACTION_LOCKED')
  }

  const now = () => deps.clock().toISOString()
  const bulk = createTransactionBulk({ db: deps.db, books: deps.books, partsOf, now })
  const suggest = createTransactionSuggestions(deps)
  /** A split, or invoices it pays (their link categorises it: 411 of the customer, decision 0034). */
  const isCategorised = async (tenant: Tenant, id: number) =>
    (await repo.allocationsOf(tenant.organizationId, [id])).length > 0 ||
    (await repo.extrasOf(tenant.organizationId, [id])).invoices.length > 0
  const suggestInvoices = createInvoiceSuggestions(deps)
  const invoiceLinks = createInvoiceLinks(deps)

  async function list(tenant: Tenant, query: TransactionListQuery) {
    return readTogether(deps.db, async (tx) => {
      const lines = createTransactionRepo(tx)
      const isArchived = query['filter[isArchived]']
      const fiscalYearStart =
        isArchived === undefined
          ? undefined
          : currentFiscalYearStart(today(), await lines.fiscalYearStartedAt(tenant.organizationId))
      const { rows, total } = await lines.list(tenant.organizationId, {
        search: searchTextOf(query),
        datedAfter: query['filter[datedAfter]'],
        datedBefore: query['filter[datedBefore]'],
        amountMin: query['filter[amountMin]'],
        amountMax: query['filter[amountMax]'],
        journalId: query['filter[journalId]'],
        accountingEntryId: query['filter[accountingEntryId]'],
        whereType: query['filter[whereType]'],
        uncategorized: query['filter[uncategorized]'],
        isChecked: query['filter[isChecked]'],
        isValidated: query['filter[isValidated]'],
        journalTypeCode: query['filter[journalTypeCode]'],
        withReceipt: query['filter[withReceipt]'],
        toJustify: query['filter[toJustify]'],
        withComment: query['filter[withComment]'],
        isArchived,
        fiscalYearStart,
        sameAs: query['filter[sameAs]'],
        withTheSameCategory: query['filter[withTheSameCategory]'],
        limit: query.pageSize,
        offset: pageOffset(query),
      })
      return {
        data: await present(tenant, rows, tx),
        meta: { total, page: query.page, pageSize: query.pageSize },
      }
    })
  }

  return {
    bulk,

    /**
     * The parts of a split as they would be stored (categories and taxes checked, VAT computed): for the features
     * that write transactions of their own journals in their own database transaction (cash, cash sales).
     */
    partsOf,

    /** GET /transactions/{id}/suggestions: up to three categories, from this organisation's own books first. */
    async suggestions(tenant: Tenant, id: number) {
      const { transaction } = await load(tenant, id)
      // A line that pays invoices is categorised by them: a sales category would count the sale twice.
      const { invoices: paid } = await repo.extrasOf(tenant.organizationId, [id])
      if (paid.length > 0) return []
      return suggest(tenant, transaction)
    },

    /** GET /transactions/{id}/invoice-suggestions: the invoices the line may pay, with their reasons. */
    async invoiceSuggestions(tenant: Tenant, id: number) {
      const { transaction } = await load(tenant, id)
      const { invoices: paid } = await repo.extrasOf(tenant.organizationId, [id])
      return suggestInvoices(tenant, { ...transaction, paysInvoices: paid.length > 0 })
    },

    async attachInvoice(tenant: Tenant, id: number, body: TransactionInvoiceAttachBody) {
      await invoiceLinks.attach(tenant, id, body)
      return read(tenant, id)
    },
    async detachInvoice(tenant: Tenant, id: number, invoiceId: number) {
      await invoiceLinks.detach(tenant, id, invoiceId)
      return read(tenant, id)
    },
    transactionsOfInvoice: invoiceLinks.ofInvoice,

    /**
     * The transactions of some journal types with the filters their own lists offer (GET /expenses, /cash-operations,
     * /cash-sales): one page, newest first, as GET /transactions answers it.
     */
    listOfJournalTypes(tenant: Tenant, query: JournalTypeListQuery, journalTypeCodes: JournalTypeCode[]) {
      return list(tenant, {
        page: query.page,
        pageSize: query.pageSize,
        'filter[search]': searchTextOf(query),
        'filter[datedAfter]': query['filter[datedAfter]'],
        'filter[datedBefore]': query['filter[datedBefore]'],
        'filter[journalId]': query['filter[journalId]'],
        'filter[journalTypeCode]': journalTypeCodes,
      })
    },

    list,

    get: read,

    countToCategorize: async (tenant: Tenant) => ({ count: await repo.countUncategorized(tenant.organizationId) }),

    /** A transaction typed by hand, with its split if given (the parts add up to its amount). */
    async create(tenant: Tenant, body: TransactionCreateBody): Promise<TransactionDto> {
      const input = transactionCreateSchema.parse(body)
      const journal = await repo.journalOf(tenant.organizationId, input.journalId)
      if (!journal) throw fieldError('journalId', messages.validation.choiceInvalid)
      const context = { journalTypeCode: journal.journalTypeCode as JournalTypeCode, datedAt: input.datedAt }
      refuseCashSale(context.journalTypeCode)
      const parts = await partsOf(tenant, input.allocations, undefined, context)
      const balancesBefore =
        (await deps.notifications?.balancesBefore(tenant.organizationId, [input.journalId])) ?? new Map()
      const amount = amountOf(context.journalTypeCode, input.amount, parts)
      const id = await deps.db.transaction(async (tx) => {
        const transactions = createTransactionRepo(tx)
        const id = await transactions.insert(tenant.organizationId, {
          journalId: input.journalId,
          name: input.name,
          rawName: input.name,
          datedAt: input.datedAt,
          amount,
          hasNoReceipt: input.hasNoReceipt,
          origin: 'manual',
        })
        await transactions.replaceAllocations(tenant.organizationId, id, parts)
        await recordBigTransactions(tx, tenant.organizationId, [{ id, amount }], now())
        await deps.books.post(tx, { organizationId: tenant.organizationId, transactions: [id] })
        return id
      })
      await deps.notifications?.bankLinesAdded({
        organizationId: tenant.organizationId,
        authorId: actorId(tenant),
        transactionIds: [id],
        balancesBefore,
      })
      return read(tenant, id)
    },

    /**
     * PATCH: merged into the stored transaction and checked whole, the sum rule included; refused while locked. An
     * expense note has no sum rule: its amount is the sum of its lines, at least one, positive.
     */
    async update(tenant: Tenant, id: number, body: TransactionUpdateBody): Promise<TransactionDto> {
      const row = await load(tenant, id)
      assertUnlocked(row)
      const journalTypeCode = row.journal.journalTypeCode as JournalTypeCode
      refuseCashSale(journalTypeCode)
      const expenseNote = isExpenseJournal(journalTypeCode)
      const signedLines = linesMakeTheAmount(journalTypeCode)
      const stored = await repo.allocationsOf(tenant.organizationId, [id])
      const merged = mergePatch(
        signedLines ? transactionFields.omit({ journalId: true }) : transactionMergedSchema,
        {
          ...row.transaction,
          allocations: stored.map(({ allocation }) => ({
            name: allocation.name,
            amount: allocation.amount,
            accountingEntryId: allocation.accountingEntryId,
            taxId: allocation.taxId,
            taxManual: allocation.taxManual,
            taxAmount: allocation.taxAmount,
            mileage: allocation.mileage,
          })),
        },
        body,
      )
      if (signedLines && merged.allocations.length === 0)
        throw fieldError('allocations', expenseNote ? messages.expenses.linesRequired : messages.cash.linesRequired)
      const parts = await partsOf(
        tenant,
        merged.allocations,
        new Set(stored.map(({ allocation }) => allocation.accountingEntryId)),
        { journalTypeCode, datedAt: merged.datedAt },
      )
      if (merged.hasNoReceipt && !row.transaction.hasNoReceipt && (await repo.hasDocument(tenant.organizationId, id)))
        throw fieldError('hasNoReceipt', m.noReceiptRefused)
      await deps.db.transaction(async (tx) => {
        const transactions = createTransactionRepo(tx)
        assertUnlocked(await load(tenant, id, tx))
        await transactions.update(tenant.organizationId, id, {
          name: merged.name,
          datedAt: merged.datedAt,
          amount: amountOf(journalTypeCode, merged.amount, parts),
          hasNoReceipt: merged.hasNoReceipt,
        })
        await transactions.replaceAllocations(tenant.organizationId, id, parts)
        await recordSplitChange(tx, {
          organizationId: tenant.organizationId,
          userId: actorId(tenant),
          transactionId: id,
          before: stored.map(({ allocation }) => allocation.accountingEntryId),
          after: parts.map((part) => part.accountingEntryId),
          now: now(),
        })
        await deps.books.post(tx, { organizationId: tenant.organizationId, transactions: [id] })
      })
      return read(tenant, id)
    },

    /** Checked ↔ unchecked (the green tick); needs a split or invoices; a validated transaction is unlocked first. */
    async toggleCheck(tenant: Tenant, id: number): Promise<TransactionDto> {
      const row = await load(tenant, id)
      if (row.transaction.isValidated) throw conflict(m.validatedNotCheckable, 'TRANSACTION_VALIDATED')
      if (!row.transaction.isChecked && !(await isCategorised(tenant, id)))
        throw conflict(m.needsAllocations, 'TRANSACTION_UNCATEGORIZED')
      await repo.update(tenant.organizationId, id, { isChecked: !row.transaction.isChecked })
      return read(tenant, id)
    },

    /** Validated ↔ unlocked (the lock); needs a split or invoices; unlocking is the owner's. */
    async toggleValidate(tenant: Tenant, id: number): Promise<TransactionDto> {
      const row = await load(tenant, id)
      if (row.transaction.isValidated) {
        if (!canManageOrganization(tenant.membership.roleCode)) throw forbidden(m.unlockForbidden, 'UNLOCK_FORBIDDEN')
        await repo.update(tenant.organizationId, id, { isValidated: false })
      } else {
        if (!(await isCategorised(tenant, id))) throw conflict(m.needsAllocations, 'TRANSACTION_UNCATEGORIZED')
        await repo.update(tenant.organizationId, id, { isValidated: true, isChecked: false })
      }
      return read(tenant, id)
    },

    /**
     * Deleting a locked transaction is refused; an imported line deleted would come back at the next import. A bank
     * line's expense note stays, no longer linked to it.
     */
    async remove(tenant: Tenant, id: number) {
      const row = await load(tenant, id)
      assertUnlocked(row)
      await deps.db.transaction(async (tx) => {
        // Read before the delete: the line's receipts and invoices lose their links with it.
        const reached = await deps.books.reach(tx, { organizationId: tenant.organizationId, transactions: [id] })
        await deleteTransaction(tx, tenant.organizationId, id)
        await deps.books.post(tx, reached)
      })
    },

    /** An expense note in an associate or operator account (features/money/expenses), made from scratch or a bank line. */
    createExpenseNote: createExpenseNotes({ db: deps.db, books: deps.books, partsOf, amountOf, read, now }),
  }
}

export type TransactionService = ReturnType<typeof createTransactionService>
