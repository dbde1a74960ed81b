import {
  ASSOCIATE_PREFIX,
  bankOf,
  type CsvMappingBody,
  isZero,
  JOURNAL_TYPE_IDS,
  type JournalCreateBody,
  type JournalDto,
  type JournalListQuery,
  type JournalTypeCode,
  type JournalUpdateBody,
  journalFields,
  messages,
  pageOffset,
  subtract,
} from '@app/domain'
import type { Db, DbOrTx } from '../../../db/client'
import { violates } from '../../../lib/database-errors'
import { conflict, fieldError, notFound } from '../../../lib/errors'
import { mergePatch } from '../../../lib/patch'
import type { Tenant } from '../../../lib/tenant'
import type { Books } from '../../books/ledger/books'
import { type AccountCategoryKind, createAccountCategories } from '../accounting-entries/account-categories'
import { createJournalRepo } from './repo'

const m = messages.journals
const BANK = JOURNAL_TYPE_IDS.BQ
const ASSOCIATE = JOURNAL_TYPE_IDS.CC

/** Associate (CC) and operator (EX) accounts have a category of their own, standing for them in splits. */
const categoryKindOf = (journalTypeId: number): AccountCategoryKind | null =>
  journalTypeId === JOURNAL_TYPE_IDS.CC ? 'CC' : journalTypeId === JOURNAL_TYPE_IDS.EX ? 'EX' : null

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof createJournalRepo>['find']>>>

function present({ journal, journalType, balance, transactionsCount, owed }: Row): JournalDto {
  const bank = bankOf(journal)
  return {
    id: journal.id,
    name: journal.name,
    code: journal.code,
    accountCode: journal.accountCode,
    journalTypeId: journal.journalTypeId,
    journalType: { id: journalType.id, code: journalType.code as JournalTypeCode, name: journalType.name },
    currencyId: journal.currencyId,
    iban: journal.iban,
    bic: journal.bic,
    isDefault: journal.isDefault,
    isActive: journal.isActive,
    startingValue: journal.startingValue,
    balance,
    transactionsCount,
    accountingEntryId: journal.accountingEntryId,
    owed,
    bank: bank ? { ...bank, logoUrl: null } : null,
    verifiedAt: journal.verifiedAt,
    createdAt: journal.createdAt,
    updatedAt: journal.updatedAt,
  }
}

/**
 * The openings (journal AN) carry the accounts' starting values under their account and name: a change to one of
 * these, on an account that has a starting value, redoes them.
 */
const opensTheBooks = (
  before: { startingValue: string; name: string },
  after: { startingValue: string; name: string },
) => {
  const { startingValue } = after
  if (!isZero(subtract(startingValue, before.startingValue))) return true
  return !isZero(startingValue) && after.name !== before.name
}

/** An associate account's name always starts with "CCA " (spec/money.md §3). */
const nameFor = (journalTypeId: number, name: string) =>
  journalTypeId === ASSOCIATE && !name.startsWith(ASSOCIATE_PREFIX) ? `${ASSOCIATE_PREFIX}${name}` : name

/**
 * Bank, cash and associate accounts (journals, spec/money.md §3–§5). Any member manages them (spec/money.md §6: bank
 * management is open to every signed-in user). The balance is the starting value plus the account's transactions.
 */
export function createJournalService(deps: { db: Db; books: Books }) {
  const repo = createJournalRepo(deps.db)

  const load = async (tenant: Tenant, id: number) => {
    const row = await createJournalRepo(deps.db).find(tenant.organizationId, id)
    if (!row) throw notFound()
    return row
  }

  return {
    /** The IBAN and BIC of the organisation's bank account, printed on invoices when the payment modes hold none. */
    bankDetails: (organizationId: number) => repo.bankDetails(organizationId),

    async list(tenant: Tenant, query: JournalListQuery) {
      const { rows, total } = await repo.list(tenant.organizationId, {
        typeCodes: query['filter[journalTypeCode]'],
        isActive: query['filter[isActive]'],
        search: query.search || undefined,
        limit: query.pageSize,
        offset: pageOffset(query),
      })
      return { data: rows.map(present), meta: { total, page: query.page, pageSize: query.pageSize } }
    },

    async get(tenant: Tenant, id: number) {
      return present(await load(tenant, id))
    },

    /** The CSV column mapping last used for this account (the import's mapping step starts from it). */
    async csvMappingOf(tenant: Tenant, id: number): Promise<CsvMappingBody | null> {
      return (await load(tenant, id)).journal.csvMapping ?? null
    },

    async rememberCsvMapping(tenant: Tenant, id: number, mapping: CsvMappingBody, db: DbOrTx = deps.db) {
      await createJournalRepo(db).update(tenant.organizationId, id, { csvMapping: mapping })
    },

    /** A new account takes the next code of its type (BQ2, account 5122); a bank account starts active only when no other one is. */
    async create(tenant: Tenant, body: JournalCreateBody): Promise<JournalDto> {
      const input = journalFields.parse(body)
      const id = await deps.db.transaction(async (tx) => {
        // One creation at a time per organisation: the next sequence is read, then taken.
        const journals = createJournalRepo(tx)
        await journals.lockOrganization(tenant.organizationId)
        const sequence = await journals.nextSequence(tenant.organizationId, input.journalTypeId)
        // The type's code and account come from journal_types (BQ 512, CC 455, EX 108, CAI and ES 530).
        const type = await journals.typeOf(input.journalTypeId)
        if (!type) throw fieldError('journalTypeId', m.typeInvalid)
        const isActive = input.journalTypeId !== BANK || !(await journals.hasActiveBank(tenant.organizationId))
        const name = nameFor(input.journalTypeId, input.name)
        const accountCode = `${type.accountCode}${sequence}`
        const kind = categoryKindOf(input.journalTypeId)
        const accountingEntryId = kind
          ? await createAccountCategories(tx).create(tenant.organizationId, kind, { code: accountCode, name })
          : null
        const id = await journals.insert(tenant.organizationId, {
          ...input,
          name,
          code: `${type.code}${sequence}`,
          sequence,
          accountCode,
          isActive,
          accountingEntryId,
        })
        if (input.isDefault) await journals.clearDefault(tenant.organizationId, input.journalTypeId, id)
        // A starting value opens the books (journal AN).
        await deps.books.post(tx, { organizationId: tenant.organizationId, openings: !isZero(input.startingValue) })
        return id
      })
      return present(await load(tenant, id))
    },

    /** PATCH: merged into the stored account and checked whole; the type never changes. */
    async update(tenant: Tenant, id: number, body: JournalUpdateBody): Promise<JournalDto> {
      const { journal } = await load(tenant, id)
      const fields = journalFields.omit({ journalTypeId: true })
      const merged = mergePatch(fields, journal, body)
      const name = nameFor(journal.journalTypeId, merged.name)
      await deps.db.transaction(async (tx) => {
        const journals = createJournalRepo(tx)
        await journals.update(tenant.organizationId, id, { ...merged, name })
        if (merged.isDefault) await journals.clearDefault(tenant.organizationId, journal.journalTypeId, id)
        // The account's category bears its name: "CCA Jeanne" in the pickers and the splits.
        if (journal.accountingEntryId !== null && name !== journal.name)
          await createAccountCategories(tx).rename(tenant.organizationId, journal.accountingEntryId, name)
        await deps.books.post(tx, { organizationId: tenant.organizationId, openings: opensTheBooks(journal, merged) })
      })
      return present(await load(tenant, id))
    },

    /** Active ↔ inactive; a second active bank account is refused (409), the other one must be switched off first. */
    async toggle(tenant: Tenant, id: number): Promise<JournalDto> {
      const { journal } = await load(tenant, id)
      if (!journal.isActive && journal.journalTypeId === BANK && (await repo.hasActiveBank(tenant.organizationId)))
        throw conflict(m.alreadyActive, 'ACTIVE_BANK_EXISTS')
      try {
        await repo.update(tenant.organizationId, id, { isActive: !journal.isActive })
      } catch (error) {
        // Two activations at once: the database's index lets one through.
        if (violates(error, 'journals_single_active_bank')) throw conflict(m.alreadyActive, 'ACTIVE_BANK_EXISTS')
        throw error
      }
      return present(await load(tenant, id))
    },

    /** Refused while the account holds transactions: the books would lose them. */
    async remove(tenant: Tenant, id: number) {
      const { transactionsCount, journal } = await load(tenant, id)
      if (transactionsCount > 0) throw conflict(m.hasTransactions, 'JOURNAL_HAS_TRANSACTIONS')
      await deps.db.transaction(async (tx) => {
        await createJournalRepo(tx).delete(tenant.organizationId, id)
        // Its category goes with it, or is switched off when bank splits still use it.
        if (journal.accountingEntryId !== null)
          await createAccountCategories(tx).retire(tenant.organizationId, journal.accountingEntryId)
        await deps.books.post(tx, { organizationId: tenant.organizationId, openings: !isZero(journal.startingValue) })
      })
    },

    /** The active accounts of some types (the expense notes' CC and EX), every one in a page. */
    async activeOfTypes(tenant: Tenant, typeCodes: JournalTypeCode[]) {
      const { rows } = await repo.list(tenant.organizationId, { typeCodes, isActive: true, limit: 900, offset: 0 })
      return rows.map(present)
    },

    /**
     * The active associate or operator accounts standing for these categories (the category of a bank line's split
     * tells whether it can become an expense note).
     */
    async activeAccountsOfCategories(tenant: Tenant, accountingEntryIds: number[]) {
      return repo.activeAccountsOfCategories(tenant.organizationId, accountingEntryIds)
    },
  }
}

export type JournalService = ReturnType<typeof createJournalService>
