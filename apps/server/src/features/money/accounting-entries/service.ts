import {
  ACCOUNTING_FOLDER_CODE,
  type AccountingEntryDto,
  type AccountingEntryInput,
  type AccountingEntryListQuery,
  type AccountingEntryUpdateBody,
  accountingEntryFields,
  messages,
  pageOffset,
  TAX_RATE_IDS,
  TAX_TYPE_IDS,
} from '@app/domain'
import type { Db } from '../../../db/client'
import { databaseErrorOf } from '../../../lib/database-errors'
import { conflict, fieldError, notFound } from '../../../lib/errors'
import { mergePatch } from '../../../lib/patch'
import type { Tenant } from '../../../lib/tenant'
import { type AccountingEntryRow, createAccountingEntryRepo } from './repo'

const m = messages.accountingEntries
const TAGS = [
  { id: 1, name: 'is_exp', key: 'isExp' },
  { id: 2, name: 'is_cash', key: 'isCash' },
  { id: 3, name: 'is_sale', key: 'isSale' },
] as const

export function presentAccountingEntry(row: AccountingEntryRow): AccountingEntryDto {
  const keywords = (row.keywords ?? '')
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean)
  return {
    ...row,
    isActive: row.isActive === true,
    isEditable: row.organizationId !== null,
    tags: [
      ...TAGS.filter((tag) => row[tag.key]).map(({ id, name }) => ({ id, name })),
      ...keywords.map((name, index) => ({ id: 100 + index, name })),
    ],
  }
}

const RATE_IDS = new Set<number>(Object.values(TAX_RATE_IDS))

/**
 * Accounting categories (spec/money.md §2, §4, §5): the general chart, shared and read-only, and the organisation's
 * own categories, which it creates, edits and deletes while unused. Any category can be switched off for the
 * organisation: it leaves the pickers and keeps its history.
 */
export function createAccountingEntryService(deps: { db: Db }) {
  const repo = createAccountingEntryRepo(deps.db)

  const load = async (tenant: Tenant, id: number) => {
    const row = await repo.find(tenant.organizationId, id)
    if (!row) throw notFound()
    return row
  }
  const loadOwn = async (tenant: Tenant, id: number) => {
    const row = await load(tenant, id)
    if (row.organizationId === null) throw conflict(m.notEditable, 'ACCOUNTING_ENTRY_NOT_EDITABLE')
    return row
  }

  /** The stored values of a category from the form: tax type and code checked against the parent (§5). */
  async function valuesOf(tenant: Tenant, input: AccountingEntryInput, self?: number) {
    const parent = await repo.find(tenant.organizationId, input.parentId)
    if (!parent) throw fieldError('parentId', m.parentUnknown)
    if (self !== undefined) {
      const below = await repo.descendantIds(tenant.organizationId, self)
      if (parent.id === self || below.has(parent.id)) throw fieldError('parentId', m.parentIsSelf)
    }
    const taxTypeId = input.taxTypeId ?? parent.taxTypeId
    if (taxTypeId !== parent.taxTypeId && taxTypeId !== TAX_TYPE_IDS.ns)
      throw fieldError('taxTypeId', m.taxTypeNotAllowed)
    // "Not subject to VAT" has no rate but "no VAT" (spec/money.md §2: ns forces NUL).
    const taxRateId = taxTypeId === TAX_TYPE_IDS.ns ? TAX_RATE_IDS.NUL : input.taxRateId
    if (!RATE_IDS.has(taxRateId)) throw fieldError('taxRateId', messages.validation.choiceInvalid)
    const code = input.code ?? (parent.code === ACCOUNTING_FOLDER_CODE ? null : parent.code)
    if (code === null) throw fieldError('code', m.codeNeededUnderFolder)
    return {
      parentId: parent.id,
      code,
      name: input.name,
      description: input.description,
      keywords: input.keywords,
      taxTypeId,
      taxRateId,
      // A category of the organisation takes the direction of its parent: the pickers and suggestions filter on it.
      isExp: parent.isExp,
      isCash: parent.isCash,
      isSale: parent.isSale,
      isDisplayed: true,
    }
  }

  const storedInput = (row: AccountingEntryRow) => ({
    name: row.name,
    code: row.code,
    parentId: row.parentId,
    taxTypeId: row.taxTypeId,
    taxRateId: row.taxRateId,
    keywords: row.keywords,
    description: row.description,
    isActive: row.isActive,
  })

  return {
    async list(tenant: Tenant, query: AccountingEntryListQuery) {
      const { rows, total } = await repo.list(
        tenant.organizationId,
        {
          isSale: query['filter[isSale]'],
          isExp: query['filter[isExp]'],
          search: query.search,
          code: query['filter[code]'],
          tag: query['filter[tag]'],
          category: query['filter[category]'],
          isActive: query['filter[isActive]'],
        },
        query.sort,
        query.pageSize,
        pageOffset(query),
      )
      return { data: rows.map(presentAccountingEntry), meta: { total, page: query.page, pageSize: query.pageSize } }
    },

    async get(tenant: Tenant, id: number) {
      return presentAccountingEntry(await load(tenant, id))
    },

    /** A general category by its account number (6251…), with the organisation's active state; null if not seeded. */
    async generalByCode(tenant: Tenant, code: string) {
      const row = await repo.findGeneralByCode(tenant.organizationId, code)
      return row ? presentAccountingEntry(row) : null
    },

    async create(tenant: Tenant, input: AccountingEntryInput) {
      const values = await valuesOf(tenant, input)
      const position = await repo.nextPosition(tenant.organizationId)
      const id = await repo.insert({ ...values, organizationId: tenant.organizationId, position })
      if (!input.isActive) await repo.setActive(tenant.organizationId, id, false)
      return presentAccountingEntry(await load(tenant, id))
    },

    async update(tenant: Tenant, id: number, patch: AccountingEntryUpdateBody) {
      const stored = await loadOwn(tenant, id)
      const input = mergePatch(accountingEntryFields, storedInput(stored), patch)
      const values = await valuesOf(tenant, input, id)
      await repo.update(tenant.organizationId, id, values)
      if (input.isActive !== stored.isActive) await repo.setActive(tenant.organizationId, id, input.isActive)
      return presentAccountingEntry(await load(tenant, id))
    },

    async remove(tenant: Tenant, id: number) {
      await loadOwn(tenant, id)
      if (await repo.isUsed(tenant.organizationId, id)) throw conflict(m.used, 'ACCOUNTING_ENTRY_USED')
      try {
        await repo.remove(tenant.organizationId, id)
      } catch (error) {
        // Used between the check and the delete: the foreign keys refuse, the answer is the same.
        if (databaseErrorOf(error)?.code === '23503') throw conflict(m.used, 'ACCOUNTING_ENTRY_USED')
        throw error
      }
    },

    async toggle(tenant: Tenant, id: number) {
      const row = await load(tenant, id)
      await repo.setActive(tenant.organizationId, id, !row.isActive)
      return presentAccountingEntry(await load(tenant, id))
    },
  }
}

export type AccountingEntryService = ReturnType<typeof createAccountingEntryService>
