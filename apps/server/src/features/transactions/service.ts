import {
  type AllocationInput,
  automaticVat,
  canManageOrganization,
  currentFiscalYearStart,
  messages,
  pageOffset,
  type TransactionCreateBody,
  type TransactionDto,
  type TransactionInvoiceAttachBody,
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
import type { InvoiceService } from '../invoices/service'
import type { OrganizationService } from '../organizations/service'
import { createTransactionBulk } from './bulk'
import { categoryTaxId } from './category-tax'
import { createInvoiceLinks } from './invoice-links'
import { presentTransactions } from './presenter'
import { type AllocationValues, createTransactionRepo } from './repo'
import { createTransactionSuggestions } from './suggestions'

const m = messages.transactions

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
}) {
  const repo = createTransactionRepo(deps.db)
  const today = () => todayInParis(deps.clock())

  const load = async (tenant: Tenant, id: number, db: DbOrTx = deps.db) => {
    const row = await createTransactionRepo(db).find(tenant.organizationId, id)
    if (!row) throw notFound()
    return row
  }
  const present = async (tenant: Tenant, rows: Awaited<ReturnType<typeof load>>[]) => {
    const ids = rows.map((row) => row.transaction.id)
    const [parts, extras] = await Promise.all([
      repo.allocationsOf(tenant.organizationId, ids),
      repo.extrasOf(tenant.organizationId, ids),
    ])
    return presentTransactions(rows, parts, extras, today())
  }
  const read = async (tenant: Tenant, id: number) =>
    (await present(tenant, [await load(tenant, id)]))[0] as TransactionDto

  /**
   * The split's parts as stored: taxes and categories checked (keyed by part), the VAT computed from the tax's rate
   * unless typed by hand, none at all for a tax-free organisation (spec/money.md §1).
   */
  async function partsOf(
    tenant: Tenant,
    parts: AllocationInput[],
    kept: ReadonlySet<number> = new Set(),
  ): Promise<AllocationValues[]> {
    const [entries, taxFree] = await Promise.all([
      repo.entriesByIds(tenant.organizationId, [...new Set(parts.map((part) => part.accountingEntryId))]),
      deps.organizations.isTaxFree(tenant.organizationId),
    ])
    const taxIds = await Promise.all(
      parts.map(async (part, position) => {
        const entry = entries.find((candidate) => candidate.id === part.accountingEntryId)
        if (!entry) throw fieldError(`allocations.${position}.accountingEntryId`, messages.validation.choiceInvalid)
        if (entry.code === '0') throw fieldError(`allocations.${position}.accountingEntryId`, m.folderNotCategory)
        if (!entry.isActive && !kept.has(entry.id))
          throw fieldError(`allocations.${position}.accountingEntryId`, messages.accountingEntries.inactive)
        const taxId = part.taxId ?? (await categoryTaxId(repo, tenant.organizationId, entry, part.amount, taxFree))
        if (taxId === null) throw fieldError(`allocations.${position}.taxId`, messages.validation.required)
        return taxId
      }),
    )
    const taxes = await repo.taxesByIds([...new Set(taxIds)])
    return parts.map((part, position) => {
      const tax = taxes.find((candidate) => candidate.id === taxIds[position])
      if (!tax) throw fieldError(`allocations.${position}.taxId`, messages.validation.choiceInvalid)
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
        taxId: tax.id,
        accountingEntryId: part.accountingEntryId,
      }
    })
  }

  const assertUnlocked = (row: { transaction: { isChecked: boolean; isValidated: boolean } }) => {
    if (row.transaction.isChecked || row.transaction.isValidated) throw conflict(m.locked, 'TRANSACTION_LOCKED')
  }

  const bulk = createTransactionBulk({ db: deps.db, partsOf })
  const suggest = createTransactionSuggestions(deps)
  const invoiceLinks = createInvoiceLinks(deps)

  return {
    bulk,

    /** GET /transactions/{id}/suggestions: up to three categories, from this organisation's own books first. */
    async suggestions(tenant: Tenant, id: number) {
      const { transaction } = await load(tenant, id)
      return suggest(tenant, transaction)
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

    async list(tenant: Tenant, query: TransactionListQuery) {
      const isArchived = query['filter[isArchived]']
      const fiscalYearStart =
        isArchived === undefined
          ? undefined
          : currentFiscalYearStart(today(), await repo.fiscalYearStartedAt(tenant.organizationId))
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
        data: await present(tenant, rows),
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
      const parts = await partsOf(
        tenant,
        merged.allocations,
        new Set(stored.map(({ allocation }) => allocation.accountingEntryId)),
      )
      if (merged.hasNoReceipt && !row.transaction.hasNoReceipt && (await repo.hasDocument(tenant.organizationId, id)))
        throw fieldError('hasNoReceipt', m.noReceiptRefused)
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
