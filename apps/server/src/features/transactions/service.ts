import {
  type AllocationInput,
  automaticVat,
  canManageOrganization,
  messages,
  pageOffset,
  type TransactionCreateBody,
  type TransactionDto,
  type TransactionListQuery,
  type TransactionUpdateBody,
  toCents,
  todayInParis,
  transactionCreateSchema,
  transactionMergedSchema,
} from '@app/domain'
import type { Db, DbOrTx } from '../../db/client'
import type { Clock } from '../../lib/clock'
import { conflict, fieldError, forbidden, notFound } from '../../lib/errors'
import { mergePatch } from '../../lib/patch'
import type { Tenant } from '../account/tenant'
import type { OrganizationService } from '../organizations/service'
import { presentTransactions } from './presenter'
import { type AllocationValues, createTransactionRepo } from './repo'

const m = messages.transactions

/**
 * Bank, cash and expense transactions with their split (spec/money.md §3–§5). A checked or validated transaction is
 * locked: nothing changes it until it is unlocked (409 otherwise); unlocking a validated one is the owner's
 * (canDeleteTransaction, spec/money.md §6).
 */
export function createTransactionService(deps: { db: Db; clock: Clock; organizations: OrganizationService }) {
  const repo = createTransactionRepo(deps.db)
  const today = () => todayInParis(deps.clock())

  const load = async (tenant: Tenant, id: number, db: DbOrTx = deps.db) => {
    const row = await createTransactionRepo(db).find(tenant.organizationId, id)
    if (!row) throw notFound()
    return row
  }
  const read = async (tenant: Tenant, id: number) => {
    const row = await load(tenant, id)
    const parts = await repo.allocationsOf(tenant.organizationId, [id])
    return presentTransactions([row], parts, today())[0] as TransactionDto
  }

  /**
   * The split's parts as stored: taxes and categories checked (keyed by part), the VAT computed from the tax's rate
   * unless typed by hand, none at all for a tax-free organisation (spec/money.md §1).
   */
  async function partsOf(tenant: Tenant, parts: AllocationInput[]): Promise<AllocationValues[]> {
    const [taxes, entries, taxFree] = await Promise.all([
      repo.taxesByIds([...new Set(parts.map((part) => part.taxId))]),
      repo.entriesByIds([...new Set(parts.map((part) => part.accountingEntryId))]),
      deps.organizations.isTaxFree(tenant.organizationId),
    ])
    return parts.map((part, position) => {
      const tax = taxes.find((candidate) => candidate.id === part.taxId)
      if (!tax) throw fieldError(`allocations.${position}.taxId`, messages.validation.choiceInvalid)
      const entry = entries.find((candidate) => candidate.id === part.accountingEntryId)
      if (!entry) throw fieldError(`allocations.${position}.accountingEntryId`, messages.validation.choiceInvalid)
      if (entry.code === '0') throw fieldError(`allocations.${position}.accountingEntryId`, m.folderNotCategory)
      const manual = part.taxManual && part.taxAmount !== null && part.taxAmount !== undefined && !taxFree
      const taxAmount = taxFree
        ? '0.00'
        : manual
          ? toCents(part.taxAmount as string)
          : automaticVat(part.amount, tax.amount)
      return {
        position,
        name: part.name,
        amount: toCents(part.amount),
        taxAmount,
        taxManual: manual,
        taxId: part.taxId,
        accountingEntryId: part.accountingEntryId,
      }
    })
  }

  const assertUnlocked = (row: { transaction: { isChecked: boolean; isValidated: boolean } }) => {
    if (row.transaction.isChecked || row.transaction.isValidated) throw conflict(m.locked, 'TRANSACTION_LOCKED')
  }

  return {
    async list(tenant: Tenant, query: TransactionListQuery) {
      const { rows, total } = await repo.list(tenant.organizationId, {
        search: query['filter[search]'],
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
        today: today(),
        limit: query.pageSize,
        offset: pageOffset(query),
      })
      const parts = await repo.allocationsOf(
        tenant.organizationId,
        rows.map((row) => row.transaction.id),
      )
      return {
        data: presentTransactions(rows, parts, today()),
        meta: { total, page: query.page, pageSize: query.pageSize },
      }
    },

    get: read,

    countToCategorize: async (tenant: Tenant) => ({ count: await repo.countUncategorized(tenant.organizationId) }),

    /** A transaction typed by hand, with its split if given (the parts add up to its amount). */
    async create(tenant: Tenant, body: TransactionCreateBody): Promise<TransactionDto> {
      const input = transactionCreateSchema.parse(body)
      if (!(await repo.journalOf(tenant.organizationId, input.journalId)))
        throw fieldError('journalId', messages.validation.choiceInvalid)
      const parts = await partsOf(tenant, input.allocations)
      const id = await deps.db.transaction(async (tx) => {
        const transactions = createTransactionRepo(tx)
        const id = await transactions.insert(tenant.organizationId, {
          journalId: input.journalId,
          name: input.name,
          rawName: input.name,
          datedAt: input.datedAt,
          amount: toCents(input.amount),
          hasNoReceipt: input.hasNoReceipt,
          origin: 'manual',
        })
        await transactions.replaceAllocations(tenant.organizationId, id, parts)
        return id
      })
      return read(tenant, id)
    },

    /** PATCH: merged into the stored transaction and checked whole, the sum rule included; refused while locked. */
    async update(tenant: Tenant, id: number, body: TransactionUpdateBody): Promise<TransactionDto> {
      const row = await load(tenant, id)
      assertUnlocked(row)
      const stored = await repo.allocationsOf(tenant.organizationId, [id])
      const merged = mergePatch(
        transactionMergedSchema,
        {
          ...row.transaction,
          allocations: stored.map(({ allocation }) => ({
            name: allocation.name,
            amount: allocation.amount,
            accountingEntryId: allocation.accountingEntryId,
            taxId: allocation.taxId,
            taxManual: allocation.taxManual,
            taxAmount: allocation.taxAmount,
          })),
        },
        body,
      )
      const parts = await partsOf(tenant, merged.allocations)
      await deps.db.transaction(async (tx) => {
        const transactions = createTransactionRepo(tx)
        assertUnlocked(await load(tenant, id, tx))
        await transactions.update(tenant.organizationId, id, {
          name: merged.name,
          datedAt: merged.datedAt,
          amount: toCents(merged.amount),
          hasNoReceipt: merged.hasNoReceipt,
        })
        await transactions.replaceAllocations(tenant.organizationId, id, parts)
      })
      return read(tenant, id)
    },

    /** Checked ↔ unchecked (the green tick); needs a split; a validated transaction is unlocked first. */
    async toggleCheck(tenant: Tenant, id: number): Promise<TransactionDto> {
      const row = await load(tenant, id)
      if (row.transaction.isValidated) throw conflict(m.validatedNotCheckable, 'TRANSACTION_VALIDATED')
      if (!row.transaction.isChecked && (await repo.allocationsOf(tenant.organizationId, [id])).length === 0)
        throw conflict(m.needsAllocations, 'TRANSACTION_UNCATEGORIZED')
      await repo.update(tenant.organizationId, id, { isChecked: !row.transaction.isChecked })
      return read(tenant, id)
    },

    /** Validated ↔ unlocked (the lock); needs a split; unlocking is the owner's. */
    async toggleValidate(tenant: Tenant, id: number): Promise<TransactionDto> {
      const row = await load(tenant, id)
      if (row.transaction.isValidated) {
        if (!canManageOrganization(tenant.membership.roleCode)) throw forbidden(m.unlockForbidden, 'UNLOCK_FORBIDDEN')
        await repo.update(tenant.organizationId, id, { isValidated: false })
      } else {
        if ((await repo.allocationsOf(tenant.organizationId, [id])).length === 0)
          throw conflict(m.needsAllocations, 'TRANSACTION_UNCATEGORIZED')
        await repo.update(tenant.organizationId, id, { isValidated: true, isChecked: false })
      }
      return read(tenant, id)
    },

    /** Deleting a locked transaction is refused; an imported line deleted would come back at the next import. */
    async remove(tenant: Tenant, id: number) {
      const row = await load(tenant, id)
      assertUnlocked(row)
      await repo.delete(tenant.organizationId, id)
    },
  }
}

export type TransactionService = ReturnType<typeof createTransactionService>
