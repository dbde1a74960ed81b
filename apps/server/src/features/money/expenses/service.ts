import {
  ALLOCATION_NAME_MAX,
  type AllocationInput,
  abs,
  canMakeExpenseFrom,
  DEFAULT_ACCOUNTING_ENTRY_IDS,
  EXPENSE_JOURNAL_TYPES,
  type ExpenseCreateBody,
  type ExpenseLineInput,
  type ExpenseListQuery,
  expenseCreateSchema,
  expenseDefaultName,
  expenseJournalTypeFor,
  type JournalDto,
  type JournalTypeCode,
  messages,
  type TransactionDto,
} from '@app/domain'
import { conflict, fieldError } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import type { OrganizationService } from '../../account/organizations/service'
import type { AccountingEntryService } from '../accounting-entries/service'
import type { JournalService } from '../journals/service'
import type { TransactionService } from '../transactions/service'

const m = messages.expenses

/** The category of a mileage line sent without one: 6251 "Voyages et déplacements". */
const TRAVEL_CODE = '6251'

/**
 * Expense notes (spec/money.md §2, §4, §5): transactions of an associate (CC) or operator (EX) account, typed from
 * scratch (mileage lines priced by the barème) or made from a bank line paid to the associate. Reading, editing and
 * deleting a note go through /transactions like any transaction.
 */
export function createExpenseService(deps: {
  transactions: TransactionService
  journals: JournalService
  organizations: OrganizationService
  accountingEntries: AccountingEntryService
}) {
  /**
   * The account a note goes to: the one named, else the organisation's default or only active account of its kind
   * (associate for a company, operator for EI, PL, ME). None: create one first (409).
   */
  async function accountFor(tenant: Tenant, journalId: number | null | undefined): Promise<JournalDto> {
    if (journalId != null) {
      const accounts = await deps.journals.activeOfTypes(tenant, ['CC', 'EX'])
      const named = accounts.find((account) => account.id === journalId)
      if (!named) throw fieldError('journalId', m.journalNotExpense)
      return named
    }
    const kind = expenseJournalTypeFor(await deps.organizations.legalFormType(tenant.organizationId))
    const accounts = await deps.journals.activeOfTypes(tenant, [kind])
    const chosen = accounts.find((account) => account.isDefault) ?? (accounts.length === 1 ? accounts[0] : undefined)
    if (chosen) return chosen
    if (accounts.length > 1) throw fieldError('journalId', m.chooseJournal)
    throw conflict(kind === 'EX' ? m.noOperator : m.noAssociate, 'NO_EXPENSE_ACCOUNT')
  }

  /** A mileage line without a category goes to 6251; its amount is the barème's (the transactions service prices it). */
  async function linesOf(tenant: Tenant, lines: ExpenseLineInput[]): Promise<AllocationInput[]> {
    const travel = lines.some((line) => line.mileage && line.accountingEntryId == null)
      ? await deps.accountingEntries.generalByCode(tenant, TRAVEL_CODE)
      : null
    return lines.map((line, position) => {
      const accountingEntryId = line.accountingEntryId ?? travel?.id
      if (accountingEntryId === undefined)
        throw fieldError(`allocations.${position}.accountingEntryId`, messages.validation.required)
      return {
        name: line.name,
        // Replaced by the barème's amount for a mileage line.
        amount: line.amount ?? '0',
        accountingEntryId,
        taxId: line.mileage ? null : line.taxId,
        taxManual: line.mileage ? false : line.taxManual,
        taxAmount: line.mileage ? null : line.taxAmount,
        mileage: line.mileage ?? null,
      }
    })
  }

  return {
    /** GET /expenses: the notes of every associate and operator account, newest first. */
    list(tenant: Tenant, query: ExpenseListQuery) {
      return deps.transactions.listOfJournalTypes(tenant, query, [...EXPENSE_JOURNAL_TYPES])
    },

    /** POST /expenses: "Note de frais du {date}" unless named, its amount the sum of its (positive) lines. */
    async create(tenant: Tenant, body: ExpenseCreateBody): Promise<TransactionDto> {
      const input = expenseCreateSchema.parse(body)
      const account = await accountFor(tenant, input.journalId)
      return deps.transactions.createExpenseNote(tenant, {
        journalId: account.id,
        journalTypeCode: account.journalType.code,
        name: input.name ?? expenseDefaultName(input.datedAt),
        datedAt: input.datedAt,
        hasNoReceipt: input.hasNoReceipt,
        allocations: await linesOf(tenant, input.allocations),
        sourceTransactionId: null,
      })
    },

    /**
     * POST /transactions/{id}/expense (spec/money.md §4): a bank expense split on an associate's category becomes a
     * note of that associate's account, dated as the bank line, for its amount, on the holding category (471000) for
     * the user to categorise next. One note per bank line (409 otherwise).
     */
    async createFromTransaction(tenant: Tenant, id: number): Promise<TransactionDto> {
      const source = await deps.transactions.get(tenant, id)
      const accounts = await deps.journals.activeAccountsOfCategories(
        tenant,
        source.transactionAllocations.map((part) => part.accountingEntryId),
      )
      const entryIds = accounts.flatMap((account) =>
        account.accountingEntryId === null ? [] : [account.accountingEntryId],
      )
      if (!canMakeExpenseFrom(source, entryIds)) throw conflict(m.notEligible, 'EXPENSE_NOT_ALLOWED')
      if (source.expenseNoteId !== null) throw conflict(m.alreadyMade, 'EXPENSE_ALREADY_MADE')
      const account = accounts.find(
        (candidate) => candidate.accountingEntryId === source.transactionAllocations[0]?.accountingEntryId,
      ) as (typeof accounts)[number]
      const holding = DEFAULT_ACCOUNTING_ENTRY_IDS.HOLDING
      return deps.transactions.createExpenseNote(tenant, {
        journalId: account.id,
        journalTypeCode: account.journalTypeCode as JournalTypeCode,
        name: expenseDefaultName(source.datedAt),
        datedAt: source.datedAt,
        hasNoReceipt: false,
        allocations: [
          {
            name: source.name.slice(0, ALLOCATION_NAME_MAX),
            amount: abs(source.amount),
            accountingEntryId: holding,
            taxManual: false,
          },
        ],
        sourceTransactionId: source.id,
        sourceName: source.name,
        kept: new Set([holding]),
      })
    },
  }
}

export type ExpenseService = ReturnType<typeof createExpenseService>
