import {
  ASSOCIATE_PREFIX,
  bankOf,
  type CsvMappingBody,
  JOURNAL_TYPE_IDS,
  type JournalCreateBody,
  type JournalDto,
  type JournalListQuery,
  type JournalTypeCode,
  type JournalUpdateBody,
  journalFields,
  messages,
  pageOffset,
} from '@app/domain'
import { sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client'
import { organizations } from '../../db/schema/index'
import { violates } from '../../lib/database-errors'
import { conflict, fieldError, notFound } from '../../lib/errors'
import { mergePatch } from '../../lib/patch'
import type { Tenant } from '../account/tenant'
import { createJournalRepo } from './repo'

const m = messages.journals
const BANK = JOURNAL_TYPE_IDS.BQ
const ASSOCIATE = JOURNAL_TYPE_IDS.CC

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof createJournalRepo>['find']>>>

function present({ journal, journalType, balance, transactionsCount }: Row): JournalDto {
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
    bank: bank ? { ...bank, logoUrl: null } : null,
    verifiedAt: journal.verifiedAt,
    createdAt: journal.createdAt,
    updatedAt: journal.updatedAt,
  }
}

/** An associate account's name always starts with "CCA " (spec/money.md §3). */
const nameFor = (journalTypeId: number, name: string) =>
  journalTypeId === ASSOCIATE && !name.startsWith(ASSOCIATE_PREFIX) ? `${ASSOCIATE_PREFIX}${name}` : name

/**
 * Bank, cash and associate accounts (journals, spec/money.md §3–§5). Any member manages them (spec/money.md §6: bank
 * management is open to every signed-in user). The balance is the starting value plus the account's transactions.
 */
export function createJournalService(deps: { db: Db }) {
  const repo = createJournalRepo(deps.db)

  const load = async (tenant: Tenant, id: number) => {
    const row = await createJournalRepo(deps.db).find(tenant.organizationId, id)
    if (!row) throw notFound()
    return row
  }

  return {
    async list(tenant: Tenant, query: JournalListQuery) {
      const { rows, total } = await repo.list(tenant.organizationId, {
        typeCodes: query['filter[journalTypeCode]'],
        isActive: query['filter[isActive]'],
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
        await tx.execute(
          sql`select 1 from ${organizations} where ${organizations.id} = ${tenant.organizationId} for update`,
        )
        const journals = createJournalRepo(tx)
        const sequence = await journals.nextSequence(tenant.organizationId, input.journalTypeId)
        // The type's code and account come from journal_types (BQ 512, CC 455, EX 108, CAI and ES 530).
        const type = await journals.typeOf(input.journalTypeId)
        if (!type) throw fieldError('journalTypeId', m.typeInvalid)
        const isActive = input.journalTypeId !== BANK || !(await journals.hasActiveBank(tenant.organizationId))
        const id = await journals.insert(tenant.organizationId, {
          ...input,
          name: nameFor(input.journalTypeId, input.name),
          code: `${type.code}${sequence}`,
          sequence,
          accountCode: `${type.accountCode}${sequence}`,
          isActive,
        })
        if (input.isDefault) await journals.clearDefault(tenant.organizationId, input.journalTypeId, id)
        return id
      })
      return present(await load(tenant, id))
    },

    /** PATCH: merged into the stored account and checked whole; the type never changes. */
    async update(tenant: Tenant, id: number, body: JournalUpdateBody): Promise<JournalDto> {
      const { journal } = await load(tenant, id)
      const fields = journalFields.omit({ journalTypeId: true })
      const merged = mergePatch(fields, journal, body)
      await deps.db.transaction(async (tx) => {
        const journals = createJournalRepo(tx)
        await journals.update(tenant.organizationId, id, {
          ...merged,
          name: nameFor(journal.journalTypeId, merged.name),
        })
        if (merged.isDefault) await journals.clearDefault(tenant.organizationId, journal.journalTypeId, id)
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
      const { transactionsCount } = await load(tenant, id)
      if (transactionsCount > 0) throw conflict(m.hasTransactions, 'JOURNAL_HAS_TRANSACTIONS')
      await repo.delete(tenant.organizationId, id)
    },
  }
}

export type JournalService = ReturnType<typeof createJournalService>
